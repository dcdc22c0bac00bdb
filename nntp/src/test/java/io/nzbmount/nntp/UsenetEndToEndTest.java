package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.PostedFile;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The public facade over real connections to the embedded NNTP server. */
class UsenetEndToEndTest {

    private static final int PART = 100_000;
    private static final byte[] ORIGINAL = new byte[23 * PART + 4321];

    static {
        new Random(5).nextBytes(ORIGINAL);
    }

    private EmbeddedNntpServer server;
    private Usenet usenet;
    private PostedFile posted;

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedNntpServer.start();
        posted = server.post("film.mkv", ORIGINAL, PART);
        Usenet.Settings settings = new Usenet.Settings(
                4,
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                List.of(Duration.ofMillis(10)),
                4,
                Duration.ofSeconds(10));
        usenet = Usenet.connect(List.of(server.provider("embedded", 6, 0)), settings);
    }

    @AfterEach
    void stop() {
        if (usenet != null) usenet.close();
        if (server != null) server.close();
    }

    private static byte[] original(long offset, int len) {
        return Arrays.copyOfRange(ORIGINAL, (int) offset, (int) offset + len);
    }

    private String id(int part) {
        return posted.messageIds().get(part);
    }

    @Test
    void wholeFileReadOverNntpHasTheOriginalBytes() throws Exception {
        SegmentMap map = usenet.map(posted.toNzbFile(), Priority.FOREGROUND);
        assertEquals(ORIGINAL.length, map.size());
        assertEquals(1, server.counters().bodyCommands(), "mapping a uniform post costs one article");
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            byte[] all = ReadFully.read(reader, 0, ORIGINAL.length);
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            assertArrayEquals(sha.digest(ORIGINAL), sha.digest(all));
            assertArrayEquals(ORIGINAL, all);
            assertEquals(-1, reader.read(ORIGINAL.length, new byte[1], 0, 1));
        }
    }

    @Test
    void randomOffsetsOverNntpMatchTheOriginal() throws Exception {
        try (NzbReader reader = usenet.open(usenet.map(posted.toNzbFile(), Priority.FOREGROUND), Priority.FOREGROUND)) {
            Random random = new Random(9);
            for (int i = 0; i < 60; i++) {
                long o = random.nextInt(ORIGINAL.length);
                int len = (int) Math.min(1 + random.nextInt(2 * PART), ORIGINAL.length - o);
                assertArrayEquals(original(o, len), ReadFully.read(reader, o, len), "at " + o);
            }
            assertArrayEquals(original(ORIGINAL.length - 1, 1), ReadFully.read(reader, ORIGINAL.length - 1, 1));
        }
    }

    @Test
    void removedArticleIsAMissingFailureAtItsOffsetOnly() throws Exception {
        SegmentMap map = usenet.map(posted.toNzbFile(), Priority.FOREGROUND);
        assertTrue(server.removeArticle(id(5)));
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertArrayEquals(original(0, 5 * PART), ReadFully.read(reader, 0, 5 * PART));
            ArticleMissingException e =
                    assertThrows(ArticleMissingException.class, () -> reader.read(5L * PART + 10, new byte[10], 0, 10));
            assertEquals(id(5), e.messageId());
            assertArrayEquals(original(6L * PART, 10), ReadFully.read(reader, 6L * PART, 10));
        }
    }

    @Test
    void corruptArticleIsNeverServed() throws Exception {
        SegmentMap map = usenet.map(posted.toNzbFile(), Priority.FOREGROUND);
        server.faults().inject(id(2), ArticleFault.corruptData());
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            byte[] buf = new byte[PART];
            ReadFailure e = assertThrows(ReadFailure.class, () -> reader.read(2L * PART, buf, 0, PART));
            assertInstanceOf(ArticleCorruptException.class, e);
            assertArrayEquals(new byte[PART], buf, "no byte reached the caller");
        }
    }

    @Test
    void connectionResetIsRetriedAndTheBytesAreRight() throws Exception {
        SegmentMap map = usenet.map(posted.toNzbFile(), Priority.FOREGROUND);
        server.faults().inject(id(3), ArticleFault.resetAfter(5000), 1);
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertArrayEquals(original(3L * PART - 50, 200), ReadFully.read(reader, 3L * PART - 50, 200));
        }
    }

    @Test
    void seekAwayFromStalledArticlesIsServedAtOnce() throws Exception {
        SegmentMap map = usenet.map(posted.toNzbFile(), Priority.FOREGROUND);
        for (int p = 1; p < 4; p++) server.faults().inject(id(p), ArticleFault.stallUntilReleased());
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertArrayEquals(original(0, 100), ReadFully.read(reader, 0, 100));
            long started = System.nanoTime();
            assertArrayEquals(original(20L * PART, 3000), ReadFully.read(reader, 20L * PART, 3000));
            long millis = (System.nanoTime() - started) / 1_000_000;
            assertTrue(millis < 3000, "the seek waited " + millis + " ms for cancelled fetches");
        } finally {
            server.faults().releaseStalls();
        }
    }

    @Test
    void closeUnblocksAReadWaitingForAStalledArticle() throws Exception {
        SegmentMap map = usenet.map(posted.toNzbFile(), Priority.FOREGROUND);
        server.faults().inject(id(7), ArticleFault.stallUntilReleased());
        NzbReader reader = usenet.open(map, Priority.FOREGROUND);
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread t = Thread.ofVirtual().start(() -> {
            try {
                reader.read(7L * PART, new byte[10], 0, 10);
            } catch (Throwable e) {
                outcome.set(e);
            }
        });
        try {
            Thread.sleep(200);
            reader.close();
            assertTrue(t.join(Duration.ofSeconds(3)), "the read returned after close");
            assertInstanceOf(ReadCancelledException.class, outcome.get());
        } finally {
            server.faults().releaseStalls();
        }
    }

    @Test
    void checkFindsRemovedArticlesWithoutFetchingBodies() throws Exception {
        server.removeArticle(id(0));
        server.removeArticle(id(10));
        Usenet.FileCheck check = usenet.check(posted.toNzbFile());
        assertEquals(new Usenet.FileCheck(22, 2, 0), check);
        assertEquals(0, server.counters().bodyCommands());
        assertEquals(24, server.counters().statCommands());
    }

    @Test
    void largeLazyFileStreamsWithBoundedConnections() throws Exception {
        long size = 48L << 20;
        FileContent content = FileContent.pattern(77);
        PostedFile big = server.postLazy("big.bin", size, 716_800, content);
        SegmentMap map = usenet.map(big.toNzbFile(), Priority.FOREGROUND);
        assertEquals(size, map.size());
        byte[] buf = new byte[128 * 1024];
        byte[] expected = new byte[buf.length];
        long started = System.nanoTime();
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            long offset = 0;
            for (int n; (n = reader.read(offset, buf, 0, buf.length)) > 0; offset += n) {
                content.read(offset, expected, 0, n);
                if (Arrays.mismatch(buf, 0, n, expected, 0, n) >= 0) fail("bytes differ near " + offset);
            }
            assertEquals(size, offset);
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf(
                "read %d MiB over NNTP in %.2f s (%.0f MB/s), at most %d connections%n",
                size >> 20, seconds, size / seconds / 1e6, server.counters().maxConcurrent());
        assertTrue(
                server.counters().maxConcurrent() <= 6,
                "connections: " + server.counters().maxConcurrent());
    }
}
