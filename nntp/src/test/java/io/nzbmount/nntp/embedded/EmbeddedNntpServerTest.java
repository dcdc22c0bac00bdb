package io.nzbmount.nntp.embedded;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.internal.protocol.BodyCollector;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EmbeddedNntpServerTest {

    private EmbeddedNntpServer server;
    private byte[] data;
    private PostedFile file;

    @BeforeEach
    void start() throws IOException {
        server = EmbeddedNntpServer.start();
        data = new byte[50_000];
        new Random(9).nextBytes(data);
        file = server.post("Some Film (2024).mkv", data, 20_000);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A bare client that reads status lines and blocks, for commands NntpConnection does not send. */
    private static final class RawClient implements AutoCloseable {
        final Socket socket;
        final InputStream in;
        final OutputStream out;

        RawClient(EmbeddedNntpServer server) throws IOException {
            socket = new Socket(server.host(), server.port());
            socket.setSoTimeout(5000);
            in = socket.getInputStream();
            out = socket.getOutputStream();
        }

        String line() throws IOException {
            StringBuilder sb = new StringBuilder();
            int b;
            while ((b = in.read()) >= 0 && b != '\n') sb.append((char) b);
            return sb.toString().strip();
        }

        String send(String command) throws IOException {
            out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            return line();
        }

        byte[] block() throws IOException {
            BodyCollector c = new BodyCollector();
            while (!c.isComplete()) {
                int b = in.read();
                if (b < 0) throw new IOException("eof in block");
                c.accept(new byte[] {(byte) b}, 0, 1);
            }
            return c.toByteArray();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    private byte[] encoded(int index) {
        PostedSegment s = file.segments().get(index);
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
    void readerCommandsAnswerAsRfc3977Says() throws IOException {
        String id = file.segments().get(0).messageId();
        try (RawClient c = new RawClient(server)) {
            assertTrue(c.line().startsWith("200 "));
            assertTrue(c.send("CAPABILITIES").startsWith("101 "));
            assertTrue(new String(c.block(), StandardCharsets.US_ASCII).contains("READER"));
            assertTrue(c.send("MODE READER").startsWith("200 "));
            assertTrue(c.send("DATE").matches("111 \\d{14}"));
            assertEquals("211 3 1 3 alt.binaries.test", c.send("GROUP alt.binaries.test"));
            assertEquals("223 0 <" + id + ">", c.send("STAT <" + id + ">"));
            assertTrue(c.send("HEAD <" + id + ">").startsWith("221 "));
            String head = new String(c.block(), StandardCharsets.UTF_8);
            assertTrue(head.contains("Message-ID: <" + id + ">\r\n"), head);
            assertTrue(head.contains("Subject: \"Some Film (2024).mkv\" yEnc (1/3) 50000\r\n"), head);
            assertTrue(c.send("ARTICLE <" + id + ">").startsWith("220 "));
            byte[] article = c.block();
            byte[] body = encoded(0);
            String text = new String(article, StandardCharsets.ISO_8859_1);
            assertTrue(text.startsWith(head + "\r\n"));
            assertArrayEquals(
                    body, java.util.Arrays.copyOfRange(article, article.length - body.length, article.length));
            assertTrue(c.send("BODY <" + id + ">").startsWith("222 "));
            assertArrayEquals(body, c.block());
            assertEquals("430 no such article", c.send("BODY <nothing@here>"));
            assertTrue(c.send("BODY nothing@here").startsWith("501 "));
            assertTrue(c.send("FROBNICATE").startsWith("500 "));
            assertEquals("205 closing connection", c.send("QUIT"));
            assertEquals(-1, c.in.read());
        }
        assertEquals(4, server.counters().bodyCommands(), "ARTICLE and BODY, answered or not");
        assertEquals(1, server.counters().statCommands());
    }

    @Test
    void aServerWithTheArticlesOfAnotherSharesPostsAndTakedownsButNotFaults() throws IOException {
        String first = file.segments().get(0).messageId();
        String second = file.segments().get(1).messageId();
        try (EmbeddedNntpServer twin =
                EmbeddedNntpServer.builder().articlesOf(server).start()) {
            server.faults().silent(true);
            try (RawClient c = new RawClient(twin)) {
                assertTrue(c.line().startsWith("200 "), "the twin speaks while the other is silent");
                assertTrue(c.send("BODY <" + first + ">").startsWith("222 "));
                assertArrayEquals(encoded(0), c.block());
                assertTrue(server.removeArticle(second));
                assertEquals("430 no such article", c.send("BODY <" + second + ">"));
            }
            assertEquals(2, twin.counters().bodyCommands(), "both BODY commands counted by the twin");
            assertEquals(0, server.counters().bodyCommands(), "nothing counted by the silent one");
        } finally {
            server.faults().silent(false);
        }
    }

    @Test
    void dotStuffingIsAppliedOnTheWayOut() throws IOException {
        byte[] body = "..starts with dots\r\nplain\r\n.\r\n".getBytes(StandardCharsets.US_ASCII);
        server.putArticle("dots@test", body);
        try (RawClient c = new RawClient(server)) {
            c.line();
            assertTrue(c.send("BODY <dots@test>").startsWith("222"));
            assertEquals("...starts with dots", c.line());
            assertEquals("plain", c.line());
            assertEquals("..", c.line());
            assertEquals(".", c.line());
        }
    }

    @Test
    void articlesNeedALoginWhenTheServerHasCredentials() throws IOException {
        try (EmbeddedNntpServer secured =
                        EmbeddedNntpServer.builder().credentials("u", "p").start();
                RawClient c = new RawClient(secured)) {
            secured.putArticle("x@y", "hello\r\n".getBytes(StandardCharsets.US_ASCII));
            c.line();
            assertTrue(c.send("BODY <x@y>").startsWith("480"));
            assertTrue(c.send("AUTHINFO PASS p").startsWith("482"), "PASS before USER is out of sequence");
            assertTrue(c.send("AUTHINFO USER u").startsWith("381"));
            assertTrue(c.send("AUTHINFO PASS nope").startsWith("481"));
            assertTrue(c.send("AUTHINFO USER u").startsWith("381"));
            assertTrue(c.send("AUTHINFO PASS p").startsWith("281"));
            assertTrue(c.send("BODY <x@y>").startsWith("222"));
            assertArrayEquals("hello\r\n".getBytes(StandardCharsets.US_ASCII), c.block());
        }
    }

    @Test
    void nzbDocumentDescribesThePostedFileLikeNyuu() {
        String xml = NzbWriter.write(List.of(file), "Some Film");
        assertTrue(xml.contains("subject=\"&quot;Some Film (2024).mkv&quot; yEnc (1/3) 50000\""), xml);
        assertTrue(xml.contains("<meta type=\"title\">Some Film</meta>"));
        for (int i = 0; i < 3; i++) {
            PostedSegment s = file.segments().get(i);
            assertTrue(
                    xml.contains("<segment bytes=\"" + encoded(i).length + "\" number=\"" + (i + 1) + "\">"
                            + s.messageId() + "</segment>"),
                    xml);
        }
        NzbFile nzbFile = file.toNzbFile();
        assertEquals("Some Film (2024).mkv", nzbFile.name());
        assertEquals(3, nzbFile.segments().size());
        assertEquals(List.of("alt.binaries.test"), nzbFile.groups());
        assertEquals(
                file.segments().get(2).messageId(), nzbFile.segments().get(2).messageId());
    }

    @Test
    void nzbDocumentParsesBackToThePostedFiles() throws Exception {
        PostedFile second = server.post("second file.nfo", "notes\r\n".getBytes(StandardCharsets.US_ASCII), 1000);
        String xml = NzbWriter.write(List.of(file, second), "Some Film");
        io.nzbmount.nntp.Nzb nzb = io.nzbmount.nntp.NzbParser.parse(
                new java.io.ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of(file.toNzbFile(), second.toNzbFile()), nzb.files());
        assertEquals(java.util.Optional.of("Some Film"), nzb.title());
    }

    @Test
    void messageIdsAreUniqueAcrossPostsOfTheSameFile() {
        PostedFile again = server.post("Some Film (2024).mkv", data, 20_000);
        for (String id : again.messageIds()) assertTrue(!file.messageIds().contains(id), id);
    }

    @Test
    void lazyFilesServePartsPastFourGibibytes() throws IOException {
        long size = 5L * 1024 * 1024 * 1024 + 12_345;
        int partSize = 716_800;
        FileContent content = FileContent.pattern(42);
        PostedFile big = server.postLazy("big.bin", size, partSize, content);
        PostedSegment past4g = big.segmentAt(4L * 1024 * 1024 * 1024 + 1);
        PostedSegment last = big.segments().get(big.segments().size() - 1);
        assertEquals(size, last.end());
        assertEquals(12_345 + 5L * 1024 * 1024 * 1024 - last.begin(), last.length());
        try (NntpConnection c = new NntpConnection(new NntpEndpoint(
                server.host(), server.port(), false, null, Duration.ofSeconds(5), Duration.ofSeconds(5)))) {
            c.connect();
            for (PostedSegment s : List.of(past4g, last)) {
                byte[] raw = new byte[s.length()];
                content.read(s.begin(), raw, 0, raw.length);
                BodyCollector sink = new BodyCollector();
                assertEquals(222, c.body(s.messageId(), sink).code());
                byte[] expected = new YencEncoder()
                        .encodePart(
                                raw,
                                0,
                                raw.length,
                                "big.bin",
                                s.number(),
                                big.segments().size(),
                                size,
                                s.begin());
                assertArrayEquals(expected, sink.toByteArray());
                assertTrue(new String(sink.toByteArray(), 0, 200, StandardCharsets.US_ASCII)
                        .contains("=ypart begin=" + (s.begin() + 1)));
            }
        }
    }

    @Test
    void patternContentIsAPureFunctionOfTheOffset() {
        FileContent content = FileContent.pattern(7);
        byte[] whole = new byte[100];
        content.read(5_000_000_000L, whole, 0, 100);
        byte[] piece = new byte[37];
        content.read(5_000_000_013L, piece, 0, 37);
        assertArrayEquals(java.util.Arrays.copyOfRange(whole, 13, 50), piece);
    }

    @Test
    void slowTrickleWithinTheReadTimeoutIsNotATimeout() throws IOException {
        String id = file.segments().get(2).messageId();
        server.faults().inject(id, ArticleFault.trickle(100_000));
        try (NntpConnection c = new NntpConnection(new NntpEndpoint(
                server.host(), server.port(), false, null, Duration.ofSeconds(5), Duration.ofMillis(300)))) {
            c.connect();
            long start = System.nanoTime();
            BodyCollector sink = new BodyCollector();
            assertEquals(222, c.body(id, sink).code());
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertArrayEquals(encoded(2), sink.toByteArray());
            assertTrue(millis >= 50, "a 10 KB part at 100 KB/s takes ~100 ms, took " + millis);
        }
    }

    @Test
    void timedStallDelaysTheAnswerAndLimitedFaultsSwitchThemselvesOff() throws IOException {
        String id = file.segments().get(0).messageId();
        server.faults().inject(id, ArticleFault.stall(Duration.ofMillis(600)), 1);
        try (NntpConnection c = new NntpConnection(new NntpEndpoint(
                server.host(), server.port(), false, null, Duration.ofSeconds(5), Duration.ofSeconds(5)))) {
            c.connect();
            long start = System.nanoTime();
            assertEquals(223, c.stat(id).code());
            assertTrue(System.nanoTime() - start >= 590_000_000L);
            start = System.nanoTime();
            assertEquals(223, c.stat(id).code());
            // Well under the stall, with room for a busy machine's scheduling.
            assertTrue(System.nanoTime() - start < 400_000_000L);
        }
    }

    @Test
    void faultForOneIdWinsOverTheFaultForAll() throws IOException {
        server.faults().inject(Faults.ALL, ArticleFault.missing());
        server.faults().inject(file.segments().get(1).messageId(), ArticleFault.serviceError());
        try (NntpConnection c = new NntpConnection(new NntpEndpoint(
                server.host(), server.port(), false, null, Duration.ofSeconds(5), Duration.ofSeconds(5)))) {
            c.connect();
            assertEquals(430, c.stat(file.segments().get(0).messageId()).code());
            assertEquals(503, c.stat(file.segments().get(1).messageId()).code());
            server.faults().clearAll();
            assertEquals(223, c.stat(file.segments().get(0).messageId()).code());
        }
    }

    @Test
    void countersTrackConnectionsAndCloseStopsEverything() throws Exception {
        NntpEndpoint e = new NntpEndpoint(
                server.host(), server.port(), false, null, Duration.ofSeconds(5), Duration.ofSeconds(5));
        NntpConnection a = new NntpConnection(e);
        NntpConnection b = new NntpConnection(e);
        a.connect();
        b.connect();
        assertEquals(2, server.counters().openNow());
        assertEquals(2, server.counters().maxConcurrent());
        a.quit();
        Await.until(
                Duration.ofSeconds(10), () -> server.counters().openNow() == 1, () -> "one session open after QUIT");
        assertEquals(1, server.counters().openNow());
        server.faults().inject(Faults.ALL, ArticleFault.stallUntilReleased());
        server.close();
        assertThrows(IOException.class, () -> {
            NntpReply r = b.stat(file.segments().get(0).messageId());
            throw new AssertionError("answered after close: " + r);
        });
        assertThrows(IOException.class, () -> new NntpConnection(e).connect());
        b.close();
        assertEquals(2, server.counters().accepted());
    }
}
