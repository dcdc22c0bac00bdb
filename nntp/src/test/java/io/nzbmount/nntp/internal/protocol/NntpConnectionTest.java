package io.nzbmount.nntp.internal.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class NntpConnectionTest {

    private static final Duration CONNECT = Duration.ofSeconds(5);
    private EmbeddedNntpServer server;
    private byte[] data;
    private PostedFile file;

    @BeforeEach
    void start() throws IOException {
        server = EmbeddedNntpServer.start();
        data = new byte[100_000];
        new Random(11).nextBytes(data);
        file = server.post("movie.mkv", data, 30_000);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private NntpEndpoint endpoint(Duration readTimeout) {
        return new NntpEndpoint("127.0.0.1", server.port(), false, null, CONNECT, readTimeout);
    }

    private NntpConnection connected(Duration readTimeout) throws IOException {
        NntpConnection c = new NntpConnection(endpoint(readTimeout));
        NntpReply greeting = c.connect();
        assertTrue(greeting.isGreetingOk(), greeting.toString());
        return c;
    }

    private byte[] expectedBody(PostedSegment s) {
        return new YencEncoder()
                .encodePart(
                        data,
                        (int) s.begin(),
                        s.length(),
                        file.fileName(),
                        s.number(),
                        file.segments().size(),
                        data.length,
                        s.begin());
    }

    @Test
    void bodiesOfEveryPartComeBackByteForByteOnOneConnection() throws IOException {
        try (NntpConnection c = connected(Duration.ofSeconds(5))) {
            BodyCollector sink = new BodyCollector();
            for (PostedSegment s : file.segments()) {
                sink.reset();
                NntpReply reply = c.body(s.messageId(), sink);
                assertEquals(222, reply.code());
                assertArrayEquals(expectedBody(s), sink.toByteArray(), "part " + s.number());
                assertEquals(s.wireBytes(), sink.length(), "the NZB size is the BODY payload size");
                assertEquals(NntpConnection.State.READY, c.state());
            }
            c.quit();
            assertEquals(NntpConnection.State.CLOSED, c.state());
        }
        assertEquals(file.segments().size(), server.counters().bodyCommands());
    }

    @Test
    void missingArticleIsAReplyAndTheConnectionStaysReady() throws IOException {
        server.faults().inject(file.segments().get(0).messageId(), ArticleFault.missing());
        try (NntpConnection c = connected(Duration.ofSeconds(5))) {
            BodyCollector sink = new BodyCollector();
            assertEquals(430, c.body(file.segments().get(0).messageId(), sink).code());
            assertEquals(430, c.body("never-posted@x", sink).code());
            assertTrue(c.isReusable());
            assertEquals(223, c.stat(file.segments().get(1).messageId()).code());
            assertEquals(430, c.stat("<never-posted@x>").code());
        }
    }

    @Test
    void authinfoAcceptedRejectedAndRequired() throws IOException {
        try (EmbeddedNntpServer secured =
                EmbeddedNntpServer.builder().credentials("alice", "secret").start()) {
            PostedFile f = secured.post("a.bin", data, 50_000);
            NntpEndpoint e = new NntpEndpoint("127.0.0.1", secured.port(), false, null, CONNECT, Duration.ofSeconds(5));
            try (NntpConnection c = new NntpConnection(e)) {
                c.connect();
                assertEquals(
                        480,
                        c.body(f.segments().get(0).messageId(), new BodyCollector())
                                .code());
                assertEquals(481, c.authenticate("alice", "wrong").code());
                assertEquals(281, c.authenticate("alice", "secret").code());
                BodyCollector sink = new BodyCollector();
                assertEquals(222, c.body(f.segments().get(0).messageId(), sink).code());
                assertArrayEquals(
                        new YencEncoder().encodePart(data, 0, 50_000, "a.bin", 1, 2, data.length, 0),
                        sink.toByteArray());
            }
            secured.faults().rejectCredentials(true);
            try (NntpConnection c = new NntpConnection(e)) {
                c.connect();
                assertEquals(481, c.authenticate("alice", "secret").code());
            }
        }
    }

    @Test
    void greetingRefusalsAreValues() throws IOException {
        server.faults().connectionLimit(1, false);
        try (NntpConnection first = connected(Duration.ofSeconds(5));
                NntpConnection second = new NntpConnection(endpoint(Duration.ofSeconds(5)))) {
            assertEquals(502, second.connect().code());
            assertTrue(first.isReusable());
        }
        server.faults().connectionLimit(0, false);
        server.faults().unavailableAtGreeting(true);
        try (NntpConnection c = new NntpConnection(endpoint(Duration.ofSeconds(5)))) {
            assertEquals(400, c.connect().code());
        }
    }

    @Test
    void stalledBodyTimesOutAndBreaksTheConnection() throws IOException {
        server.faults().inject(file.segments().get(0).messageId(), ArticleFault.stallUntilReleased());
        try (NntpConnection c = connected(Duration.ofSeconds(1))) {
            long start = System.nanoTime();
            assertThrows(
                    SocketTimeoutException.class,
                    () -> c.body(file.segments().get(0).messageId(), new BodyCollector()));
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(3));
            assertEquals(NntpConnection.State.BROKEN, c.state());
            assertThrows(
                    IllegalStateException.class,
                    () -> c.stat(file.segments().get(1).messageId()));
        }
    }

    @Test
    void resetMidBodyBreaksTheConnection() throws IOException {
        server.faults().inject(file.segments().get(0).messageId(), ArticleFault.resetAfter(5000));
        try (NntpConnection c = connected(Duration.ofSeconds(5))) {
            BodyCollector sink = new BodyCollector();
            assertThrows(IOException.class, () -> c.body(file.segments().get(0).messageId(), sink));
            assertEquals(NntpConnection.State.BROKEN, c.state());
            assertTrue(sink.length() < expectedBody(file.segments().get(0)).length);
        }
    }

    @Test
    void abortFromAnotherThreadWakesABlockedRead() throws Exception {
        server.faults().inject(file.segments().get(0).messageId(), ArticleFault.stallUntilReleased());
        try (NntpConnection c = connected(Duration.ofSeconds(30))) {
            CompletableFuture<Throwable> failure = CompletableFuture.supplyAsync(() -> {
                try {
                    c.body(file.segments().get(0).messageId(), new BodyCollector());
                    return null;
                } catch (Throwable t) {
                    return t;
                }
            });
            Await.until(Duration.ofSeconds(10), () -> server.counters().bodyCommands() > 0, () -> "the BODY sent");
            c.abort();
            assertTrue(failure.get(5, TimeUnit.SECONDS) instanceof IOException);
            assertEquals(NntpConnection.State.BROKEN, c.state());
        }
    }

    @Test
    void interruptWakesABlockedReadOfAPlatformThread() throws Exception {
        server.faults().inject(file.segments().get(0).messageId(), ArticleFault.stallUntilReleased());
        try (NntpConnection c = connected(Duration.ofSeconds(30))) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
            Thread t = Thread.ofPlatform().start(() -> {
                try {
                    c.body(file.segments().get(0).messageId(), new BodyCollector());
                } catch (Throwable e) {
                    failure.set(e);
                }
                interruptedAfter.set(Thread.currentThread().isInterrupted());
            });
            Await.until(Duration.ofSeconds(10), () -> server.counters().bodyCommands() > 0, () -> "the BODY sent");
            t.interrupt();
            t.join(5000);
            assertTrue(failure.get() instanceof IOException, String.valueOf(failure.get()));
            assertEquals(true, interruptedAfter.get());
            assertEquals(NntpConnection.State.BROKEN, c.state());
        }
    }

    @Test
    void garbageStatusLineIsAProtocolError() throws Exception {
        try (ServerSocket fake = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Thread peer = Thread.ofVirtual().start(() -> {
                try (Socket s = fake.accept();
                        OutputStream out = s.getOutputStream()) {
                    out.write("SSH-2.0-OpenSSH_9.6\r\n".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                    s.getInputStream().read();
                } catch (IOException ignored) {
                    // The client hangs up after the garbage.
                }
            });
            NntpConnection c = new NntpConnection(
                    new NntpEndpoint("127.0.0.1", fake.getLocalPort(), false, null, CONNECT, Duration.ofSeconds(5)));
            assertThrows(NntpProtocolException.class, c::connect);
            assertEquals(NntpConnection.State.BROKEN, c.state());
            peer.join(5000);
        }
    }

    @Test
    void refusedConnectionIsAnIoError() throws IOException {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        NntpConnection c =
                new NntpConnection(new NntpEndpoint("127.0.0.1", port, false, null, CONNECT, Duration.ofSeconds(1)));
        assertThrows(ConnectException.class, c::connect);
        assertEquals(NntpConnection.State.BROKEN, c.state());
    }

    @Test
    void tlsWithATrustedCertificateServesBodies() throws Exception {
        TestTls tls = TestTls.shared("dns:localhost,ip:127.0.0.1");
        try (EmbeddedNntpServer secure = EmbeddedNntpServer.builder()
                .tls(tls.server())
                .credentials("bob", "pw")
                .start()) {
            PostedFile f = secure.post("t.bin", data, 40_000);
            NntpEndpoint e = new NntpEndpoint(
                    "127.0.0.1", secure.port(), true, tls.client().getSocketFactory(), CONNECT, Duration.ofSeconds(5));
            try (NntpConnection c = new NntpConnection(e)) {
                assertTrue(c.connect().isGreetingOk());
                assertEquals(281, c.authenticate("bob", "pw").code());
                for (PostedSegment s : f.segments()) {
                    BodyCollector sink = new BodyCollector();
                    assertEquals(222, c.body(s.messageId(), sink).code());
                    assertArrayEquals(
                            new YencEncoder()
                                    .encodePart(
                                            data,
                                            (int) s.begin(),
                                            s.length(),
                                            "t.bin",
                                            s.number(),
                                            f.segments().size(),
                                            data.length,
                                            s.begin()),
                            sink.toByteArray());
                }
                c.quit();
            }
        }
    }

    @Test
    void tlsRefusesACertificateForAnotherHost() throws Exception {
        TestTls tls = TestTls.shared("dns:news.other.invalid");
        try (EmbeddedNntpServer secure =
                EmbeddedNntpServer.builder().tls(tls.server()).start()) {
            NntpEndpoint e = new NntpEndpoint(
                    "127.0.0.1", secure.port(), true, tls.client().getSocketFactory(), CONNECT, Duration.ofSeconds(5));
            NntpConnection c = new NntpConnection(e);
            assertThrows(SSLHandshakeException.class, c::connect);
            assertEquals(NntpConnection.State.BROKEN, c.state());
        }
    }

    @Test
    void messageIdsThatCouldSmuggleACommandAreRefused() {
        assertEquals("<a@b>", NntpConnection.bracketed("a@b"));
        assertEquals("<a@b>", NntpConnection.bracketed("<a@b>"));
        assertThrows(IllegalArgumentException.class, () -> NntpConnection.bracketed("a@b>\r\nQUIT"));
        assertThrows(IllegalArgumentException.class, () -> NntpConnection.bracketed("a b@c"));
        assertThrows(IllegalArgumentException.class, () -> NntpConnection.bracketed(""));
    }
}
