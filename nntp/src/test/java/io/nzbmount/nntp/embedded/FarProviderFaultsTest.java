package io.nzbmount.nntp.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.internal.protocol.BodyCollector;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The embedded server as a far provider: reply delay, per-connection rate cap, going silent. */
class FarProviderFaultsTest {

    private EmbeddedNntpServer server;
    private PostedFile file;
    private byte[] data;

    @BeforeEach
    void start() throws IOException {
        server = EmbeddedNntpServer.start();
        data = new byte[200_000];
        new Random(4).nextBytes(data);
        file = server.post("far.bin", data, 200_000);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A raw reader of one connection that records when each byte arrived. */
    private static final class Client implements AutoCloseable {
        final Socket socket;
        final InputStream in;

        Client(EmbeddedNntpServer server, int soTimeoutMillis) throws IOException {
            socket = new Socket(server.host(), server.port());
            socket.setSoTimeout(soTimeoutMillis);
            in = socket.getInputStream();
        }

        String line() throws IOException {
            StringBuilder sb = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') sb.append((char) b);
            return sb.toString().strip();
        }

        void send(String command) throws IOException {
            socket.getOutputStream().write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
        }

        /** Reads the block after a 222 into {@code c} until it is complete. */
        void block(BodyCollector c) throws IOException {
            byte[] buf = new byte[8192];
            while (!c.isComplete()) {
                int n = in.read(buf);
                if (n < 0) throw new IOException("end of stream inside the block");
                c.accept(buf, 0, n);
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private String id() {
        return file.segments().getFirst().messageId();
    }

    @Test
    void replyDelayHoldsBackEveryStatusLine() throws Exception {
        server.faults().replyDelay(Duration.ofMillis(600));
        long t0 = System.nanoTime();
        try (Client c = new Client(server, 5000)) {
            assertTrue(c.line().startsWith("200 "));
            long greeting = millisSince(t0);
            long t1 = System.nanoTime();
            c.send("BODY <" + id() + ">");
            assertTrue(c.line().startsWith("222 "));
            long body = millisSince(t1);
            assertTrue(greeting >= 600, "greeting after " + greeting + " ms");
            assertTrue(body >= 600, "status line after " + body + " ms");
            BodyCollector collector = new BodyCollector();
            c.block(collector);
            server.faults().replyDelay(Duration.ZERO);
            long t2 = System.nanoTime();
            c.send("DATE");
            assertTrue(c.line().startsWith("111 "));
            // Well under the 600 ms delay, with room for a busy machine's scheduling.
            assertTrue(millisSince(t2) < 400, "no delay once switched off: " + millisSince(t2) + " ms");
        }
    }

    @Test
    void rateCapHoldsEachConnectionToItsOwnRate() throws Exception {
        server.faults().rateCap(400_000);
        // One connection alone first: the same machine's reference for the paced body.
        long t0 = System.nanoTime();
        byte[] alone = fetchBody();
        long aloneMillis = millisSince(t0);
        // Then two at once: each gets the whole rate, so together they take about as long as one,
        // where a rate shared between them would take twice as long.
        t0 = System.nanoTime();
        byte[] first;
        byte[] second;
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<byte[]> a = threads.submit(this::fetchBody);
            Future<byte[]> b = threads.submit(this::fetchBody);
            first = a.get();
            second = b.get();
        }
        long took = millisSince(t0);
        assertArrayEquals(alone, first);
        assertArrayEquals(first, second);
        assertTrue(first.length > 200_000);
        assertTrue(aloneMillis >= 450, "a ~200 KB body at 400 KB/s took only " + aloneMillis + " ms");
        assertTrue(took >= 450, "two ~200 KB bodies at 400 KB/s each took only " + took + " ms");
        assertTrue(
                took < aloneMillis * 3 / 2,
                "two capped connections should run side by side: " + took + " ms against " + aloneMillis + " ms alone");
    }

    private byte[] fetchBody() {
        try (Client c = new Client(server, 5000)) {
            c.line();
            c.send("BODY <" + id() + ">");
            assertTrue(c.line().startsWith("222 "));
            BodyCollector collector = new BodyCollector();
            c.block(collector);
            return collector.toByteArray();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void silentServerSendsNothingMidArticleUntilSwitchedBack() throws Exception {
        // Slow enough that the article is still in flight when the server falls silent.
        server.faults().rateCap(100_000);
        try (Client c = new Client(server, 400)) {
            c.line();
            c.send("BODY <" + id() + ">");
            assertTrue(c.line().startsWith("222 "));
            BodyCollector collector = new BodyCollector();
            byte[] buf = new byte[4096];
            int got = 0;
            while (got < 20_000) {
                int n = c.in.read(buf);
                collector.accept(buf, 0, n);
                got += n;
            }
            server.faults().silent(true);
            assertTrue(server.faults().isSilent());
            int after = 0;
            long quietSince = 0;
            while (true) {
                try {
                    int n = c.in.read(buf);
                    assertTrue(n > 0, "the socket stays open while silent");
                    collector.accept(buf, 0, n);
                    after += n;
                } catch (SocketTimeoutException quiet) {
                    if (++quietSince == 3) break;
                }
            }
            assertTrue(after <= 2 * ShapedOutput.MAX_PIECE, after + " bytes arrived after the server went silent");
            assertTrue(!collector.isComplete());
            server.faults().silent(false);
            c.socket.setSoTimeout(5000);
            c.block(collector);
            byte[] expected = fetchBodyUnshaped();
            assertArrayEquals(expected, collector.toByteArray(), "the article resumes exactly where it stopped");
        }
    }

    private byte[] fetchBodyUnshaped() {
        server.faults().rateCap(0);
        return fetchBody();
    }

    @Test
    void silentServerWithholdsTheGreetingAndCloseEndsTheWait() throws Exception {
        server.faults().silent(true);
        try (Client c = new Client(server, 500)) {
            assertThrows(SocketTimeoutException.class, c::line);
            server.faults().silent(false);
            c.socket.setSoTimeout(5000);
            assertTrue(c.line().startsWith("200 "));
        }
        server.faults().silent(true);
        Client held = new Client(server, 5000);
        Thread.sleep(100);
        long t0 = System.nanoTime();
        server.close();
        // The session thread blocked in the silence ends with the server: its socket closes.
        assertEquals(-1, readOrEnd(held));
        assertTrue(millisSince(t0) < 3000, "close took " + millisSince(t0) + " ms");
        held.close();
        waitUntilNoneOpen();
    }

    @Test
    void clearAllSwitchesTheLinkBackToLoopback() throws Exception {
        server.faults().replyDelay(Duration.ofSeconds(5));
        server.faults().rateCap(1000);
        server.faults().silent(true);
        server.faults().clearAll();
        long t0 = System.nanoTime();
        byte[] body = fetchBody();
        assertTrue(body.length > data.length);
        assertTrue(millisSince(t0) < 2000, "took " + millisSince(t0) + " ms");
    }

    private static int readOrEnd(Client c) {
        try {
            while (true) {
                int b = c.in.read();
                if (b < 0) return -1;
            }
        } catch (IOException e) {
            return -1;
        }
    }

    private void waitUntilNoneOpen() throws InterruptedException {
        Await.until(Duration.ofSeconds(10), () -> server.counters().openNow() == 0, () -> "no session open");
        assertEquals(0, server.counters().openNow());
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }
}
