package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A retired reader ({@link NzbReader#retire}) over real connections to the embedded server: it
 * serves the articles of its read-ahead and sends no BODY for anything else.
 */
class RetiredReaderTest {

    private static final int PART = 50_000;
    private static final int READ_AHEAD = 4;
    private static final byte[] ORIGINAL = new byte[12 * PART + 777];

    static {
        new Random(17).nextBytes(ORIGINAL);
    }

    private EmbeddedNntpServer server;
    private Usenet usenet;
    private PostedFile posted;
    private SegmentMap map;

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedNntpServer.start();
        posted = server.post("film.mkv", ORIGINAL, PART);
        Usenet.Settings settings = new Usenet.Settings(
                READ_AHEAD,
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                List.of(Duration.ofMillis(10)),
                4,
                Duration.ofSeconds(30));
        usenet = Usenet.connect(List.of(server.provider("embedded", 6, 0)), settings);
        map = usenet.map(posted.toNzbFile(), Priority.FOREGROUND);
    }

    @AfterEach
    void stop() {
        if (usenet != null) usenet.close();
        if (server != null) server.close();
    }

    private static byte[] original(long from, long to) {
        return Arrays.copyOfRange(ORIGINAL, (int) from, (int) to);
    }

    private static void await(BooleanSupplier condition, String what) throws InterruptedException {
        Await.until(Duration.ofSeconds(10), condition, () -> what);
    }

    /** Reads articles 0..3 in order, so the window is whole, then fails at article 4 (missing). */
    private NzbReader readUpToAFailedArticle() throws Exception {
        server.removeArticle(posted.messageIds().get(4));
        NzbReader reader = usenet.open(map, Priority.FOREGROUND);
        assertArrayEquals(original(0, 4L * PART), ReadFully.read(reader, 0, 4 * PART));
        assertThrows(ArticleMissingException.class, () -> reader.read(4L * PART, new byte[10], 0, 10));
        return reader;
    }

    @Test
    void aRetiredReaderServesTheArticlesItHoldsAndSendsNoBodyAfterwards() throws Exception {
        try (NzbReader reader = readUpToAFailedArticle()) {
            // ready counts only fetches that have ended; fetching alone is 0 also for a fetch
            // submitted but not yet started.
            await(() -> reader.stats().ready() == 3 && reader.stats().fetching() == 0, "articles 5, 6 and 7 to arrive");
            reader.retire();
            long bodies = server.counters().bodyCommands();

            assertEquals(4L * PART, reader.heldUntil(4L * PART), "the failed article is not held");
            assertEquals(8L * PART, reader.heldUntil(5L * PART), "the window 4..7 holds 5, 6 and 7");
            assertEquals(8L * PART, reader.heldUntil(6L * PART + 123));
            assertArrayEquals(original(5L * PART, 8L * PART), ReadFully.read(reader, 5L * PART, 3 * PART));

            NotHeldException past =
                    assertThrows(NotHeldException.class, () -> reader.read(8L * PART, new byte[10], 0, 10));
            assertEquals(8L * PART, past.offset());
            assertThrows(
                    NotHeldException.class,
                    () -> reader.read(4L * PART, new byte[10], 0, 10),
                    "the failed article is not fetched again");
            assertThrows(
                    NotHeldException.class, () -> reader.read(0, new byte[10], 0, 10), "a seek back fetches nothing");
            reader.readAheadFrom(9L * PART, reader.size());
            assertEquals(9L * PART, reader.heldUntil(9L * PART));
            Thread.sleep(50);
            assertEquals(bodies, server.counters().bodyCommands(), "no BODY after retire");
        }
    }

    @Test
    void fetchesRunningAtRetireFinishAndAreServed() throws Exception {
        // Late enough to be running at retire, well short of the 1 s after which a read is hedged.
        server.faults().inject(posted.messageIds().get(7), ArticleFault.stall(Duration.ofMillis(150)), 1);
        try (NzbReader reader = readUpToAFailedArticle()) {
            reader.retire();
            assertEquals(8L * PART, reader.heldUntil(5L * PART), "a running fetch counts as held");
            assertArrayEquals(original(5L * PART, 8L * PART), ReadFully.read(reader, 5L * PART, 3 * PART));
            assertThrows(NotHeldException.class, () -> reader.read(8L * PART, new byte[1], 0, 1));
            // Mapping (article 0), articles 0..3, the failed 4, and the held 5..7: nothing more.
            assertEquals(1 + 4 + 1 + 3, server.counters().bodyCommands());
        }
    }

    @Test
    void aHeldArticleWhoseFetchFailsThrowsItsFailureOnceThenIsNotHeld() throws Exception {
        server.faults().inject(posted.messageIds().get(6), ArticleFault.missing());
        try (NzbReader reader = readUpToAFailedArticle()) {
            reader.retire();
            assertArrayEquals(original(5L * PART, 6L * PART), ReadFully.read(reader, 5L * PART, PART));
            assertThrows(ArticleMissingException.class, () -> reader.read(6L * PART, new byte[10], 0, 10));
            assertEquals(6L * PART, reader.heldUntil(6L * PART));
            // Mapping (article 0), articles 0..3, the failed 4, and the held 5..7 have all been asked.
            await(() -> server.counters().bodyCommands() == 1 + 4 + 1 + 3, "the held fetches to reach the server");
            long bodies = server.counters().bodyCommands();
            assertThrows(
                    NotHeldException.class,
                    () -> reader.read(6L * PART, new byte[10], 0, 10),
                    "a failure is thrown once; the article is not fetched again");
            assertEquals(8L * PART, reader.heldUntil(7L * PART));
            assertArrayEquals(
                    original(7L * PART, 8L * PART),
                    ReadFully.read(reader, 7L * PART, PART),
                    "the article after the failed one is still served");
            assertEquals(bodies, server.counters().bodyCommands());
        }
    }

    @Test
    void readAheadFromOpensTheWholeWindowWithoutARead() throws Exception {
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            long bodies = server.counters().bodyCommands();
            reader.readAheadFrom(2L * PART + 10, reader.size());
            await(() -> server.counters().bodyCommands() - bodies == READ_AHEAD, READ_AHEAD + " fetches");
            await(() -> reader.heldUntil(2L * PART) == 6L * PART, "articles 2..5 held");
            assertArrayEquals(original(2L * PART, 6L * PART), ReadFully.read(reader, 2L * PART, 4 * PART));
        }
    }
}
