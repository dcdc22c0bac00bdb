package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * NZBs as posters and takedowns leave them, read over real connections to the embedded server: a
 * part listed twice (a re-post) and a list that lacks parts, with articles gone or damaged.
 */
class RepostsAndGapsEndToEndTest {

    private static final int PART = 20_000;
    private static final byte[] ORIGINAL = new byte[12 * PART + 777];

    static {
        new Random(26).nextBytes(ORIGINAL);
    }

    private EmbeddedNntpServer server;
    private Usenet usenet;
    /** The file as posted, and the same file posted again (a re-post of every part). */
    private PostedFile posted;

    private PostedFile repost;

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedNntpServer.start();
        posted = server.post("film.mkv", ORIGINAL, PART);
        repost = server.post("film.mkv", ORIGINAL, PART);
        Usenet.Settings settings = new Usenet.Settings(
                4,
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                List.of(Duration.ofMillis(10)),
                4,
                Duration.ofSeconds(10));
        usenet = Usenet.connect(List.of(server.provider("embedded", 4, 0)), settings);
    }

    @AfterEach
    void stop() {
        if (usenet != null) usenet.close();
        if (server != null) server.close();
    }

    /** The posted file's NZB with {@code repostId} listed as a second copy of part {@code number}. */
    private NzbFile listedTwice(int number, String repostId) {
        NzbFile f = posted.toNzbFile();
        List<NzbSegment> segments = new ArrayList<>(f.segments());
        segments.set(number - 1, segments.get(number - 1).withAlternate(repostId));
        return new NzbFile(f.name(), f.subject(), f.poster(), f.postedAt(), f.groups(), segments);
    }

    private NzbFile listing(List<NzbSegment> segments) {
        NzbFile f = posted.toNzbFile();
        return new NzbFile(f.name(), f.subject(), f.poster(), f.postedAt(), f.groups(), segments);
    }

    private byte[] readWhole(NzbFile file) throws Exception {
        try (NzbReader reader = usenet.open(usenet.map(file, Priority.FOREGROUND), Priority.FOREGROUND)) {
            byte[] all = ReadFully.read(reader, 0, ORIGINAL.length);
            assertEquals(-1, reader.read(ORIGINAL.length, new byte[1], 0, 1));
            return all;
        }
    }

    private static void assertSameBytes(byte[] expected, byte[] actual) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        assertArrayEquals(sha.digest(expected), sha.digest(actual));
    }

    @Test
    void partListedTwiceIsReadFromItsSecondCopyWhenTheFirstIsGone() throws Exception {
        server.removeArticle(posted.messageIds().get(6));
        // The copy that serves arrives in small pieces, cut wherever the wire falls.
        server.faults().inject(repost.messageIds().get(6), new ArticleFault.Trickle(100_000));
        assertSameBytes(ORIGINAL, readWhole(listedTwice(7, repost.messageIds().get(6))));
    }

    @Test
    void partListedTwiceIsReadFromItsSecondCopyWhenTheFirstIsCorrupt() throws Exception {
        server.faults().inject(posted.messageIds().get(3), new ArticleFault.CorruptData());
        assertSameBytes(ORIGINAL, readWhole(listedTwice(4, repost.messageIds().get(3))));
    }

    @Test
    void firstPartListedTwiceMapsFromItsSecondCopyWhenTheFirstIsGone() throws Exception {
        server.removeArticle(posted.messageIds().get(0));
        assertSameBytes(ORIGINAL, readWhole(listedTwice(1, repost.messageIds().get(0))));
    }

    @Test
    void copyThatIsAnotherPartIsNeverServed() throws Exception {
        server.removeArticle(posted.messageIds().get(5));
        NzbFile file = listedTwice(6, repost.messageIds().get(6)); // part 7 listed as a copy of part 6
        try (NzbReader reader = usenet.open(usenet.map(file, Priority.FOREGROUND), Priority.FOREGROUND)) {
            assertArrayEquals(Arrays.copyOf(ORIGINAL, 5 * PART), ReadFully.read(reader, 0, 5 * PART));
            ArticleMissingException e =
                    assertThrows(ArticleMissingException.class, () -> reader.read(5 * PART, new byte[PART], 0, PART));
            assertEquals(posted.messageIds().get(5), e.messageId(), "the first copy's failure is the segment's");
        }
    }

    @Test
    void everyCopyGoneFailsAsMissing() throws Exception {
        server.removeArticle(posted.messageIds().get(2));
        server.removeArticle(repost.messageIds().get(2));
        try (NzbReader reader = usenet.open(
                usenet.map(listedTwice(3, repost.messageIds().get(2)), Priority.FOREGROUND), Priority.FOREGROUND)) {
            assertThrows(ArticleMissingException.class, () -> reader.read(2 * PART + 5, new byte[10], 0, 10));
        }
    }

    @Test
    void nzbLackingItsLastPartWithAGoneArticleServesEveryHeldByteAndFailsAsMissingElsewhere() throws Exception {
        List<NzbSegment> all = posted.toNzbFile().segments();
        NzbFile file = listing(all.subList(0, all.size() - 1));
        server.removeArticle(posted.messageIds().get(4));
        long before = server.counters().bodyCommands();
        SegmentMap map = usenet.map(file, Priority.FOREGROUND);
        assertEquals(
                2, server.counters().bodyCommands() - before, "the first and last listed articles place every part");
        assertEquals(ORIGINAL.length, map.size());
        long tail = 12L * PART;
        assertEquals(List.of(new ArticleSpan(tail, ORIGINAL.length, true)), map.holes());
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertArrayEquals(Arrays.copyOf(ORIGINAL, 4 * PART), ReadFully.read(reader, 0, 4 * PART));
            assertThrows(ArticleMissingException.class, () -> reader.read(4 * PART, new byte[1], 0, 1));
            int held = (int) (tail - 5 * PART);
            assertArrayEquals(
                    Arrays.copyOfRange(ORIGINAL, 5 * PART, (int) tail), ReadFully.read(reader, 5 * PART, held));
            assertThrows(ArticleMissingException.class, () -> reader.read(tail, new byte[1], 0, 1));
            assertThrows(ArticleMissingException.class, () -> reader.read(ORIGINAL.length - 1, new byte[1], 0, 1));
            assertEquals(-1, reader.read(ORIGINAL.length, new byte[1], 0, 1));
        }
    }

    @Test
    void nzbLackingItsFirstPartsIsPlacedByNumber() throws Exception {
        List<NzbSegment> all = posted.toNzbFile().segments();
        SegmentMap map = usenet.map(listing(all.subList(2, all.size())), Priority.FOREGROUND);
        assertEquals(ORIGINAL.length, map.size());
        assertEquals(List.of(new ArticleSpan(0, 2 * PART, true)), map.holes());
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertThrows(ArticleMissingException.class, () -> reader.read(0, new byte[1], 0, 1));
            int held = ORIGINAL.length - 2 * PART;
            assertSameBytes(
                    Arrays.copyOfRange(ORIGINAL, 2 * PART, ORIGINAL.length), ReadFully.read(reader, 2 * PART, held));
        }
    }
}
