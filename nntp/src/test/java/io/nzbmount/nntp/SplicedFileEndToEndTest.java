package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.io.ByteArrayOutputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A file spliced from byte ranges of three posted volumes, read over real connections to the embedded server. */
class SplicedFileEndToEndTest {

    private static final int[] PART = {10_000, 7_000, 12_500};
    private static final byte[][] VOLUME = {random(95_000, 1), random(64_321, 2), random(50_000, 3)};
    private static final String[] NAME = {"film.part1.rar", "film.part2.rar", "film.part3.rar"};
    /**
     * Mid-article start and end; inside one article; from mid-article to the volume's end; a whole
     * volume with an exact multiple of its part size; one byte (of an article another slice uses).
     */
    private static final List<Slice> SLICES = List.of(
            new Slice(0, 3_500, 95_000 - 3_500 - 1_200),
            new Slice(1, 7_100, 500),
            new Slice(1, 20_000, 64_321 - 20_000),
            new Slice(2, 0, 50_000),
            new Slice(0, 77, 1));

    private static final byte[] SPLICED = concatenate(SLICES);

    private EmbeddedNntpServer server;
    private Usenet usenet;
    private final List<PostedFile> posted = new ArrayList<>();

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] concatenate(List<Slice> slices) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Slice s : slices) out.write(VOLUME[s.volume()], (int) s.offset(), (int) s.length());
        return out.toByteArray();
    }

    @BeforeEach
    void start() throws Exception {
        server = EmbeddedNntpServer.start();
        for (int v = 0; v < VOLUME.length; v++) posted.add(server.post(NAME[v], VOLUME[v], PART[v]));
        usenet = connect(4);
    }

    private Usenet connect(int readAhead) {
        Usenet.Settings settings = new Usenet.Settings(
                readAhead,
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                List.of(Duration.ofMillis(10)),
                4,
                Duration.ofSeconds(10));
        return Usenet.connect(List.of(server.provider("embedded", 6, 0)), settings);
    }

    @AfterEach
    void stop() {
        if (usenet != null) usenet.close();
        if (server != null) server.close();
    }

    private List<NzbFile> nzbFiles() {
        return posted.stream().map(PostedFile::toNzbFile).toList();
    }

    private List<SegmentMap> mapVolumes() throws Exception {
        List<SegmentMap> maps = new ArrayList<>();
        for (NzbFile f : nzbFiles()) maps.add(usenet.map(f, Priority.FOREGROUND));
        return maps;
    }

    private SegmentMap spliced() throws Exception {
        return usenet.splice(mapVolumes(), SLICES);
    }

    private static byte[] expected(long offset, int len) {
        return Arrays.copyOfRange(SPLICED, (int) offset, (int) offset + len);
    }

    /** The distinct volume articles holding bytes [offset, offset+len) of the spliced file, worked out from the slices. */
    private static Set<String> articlesHolding(long offset, long len) {
        Set<String> articles = new LinkedHashSet<>();
        long sliceStart = 0;
        for (Slice s : SLICES) {
            long from = Math.max(offset, sliceStart);
            long to = Math.min(offset + len, sliceStart + s.length());
            for (long o = from; o < to; o++) {
                articles.add(s.volume() + "#" + (s.offset() + o - sliceStart) / PART[s.volume()]);
            }
            sliceStart += s.length();
        }
        return articles;
    }

    /** The spliced offset of byte {@code volumeOffset} of volume {@code volume}, through the first slice holding it. */
    private static long splicedOffset(int volume, long volumeOffset) {
        long sliceStart = 0;
        for (Slice s : SLICES) {
            if (s.volume() == volume && volumeOffset >= s.offset() && volumeOffset < s.end()) {
                return sliceStart + volumeOffset - s.offset();
            }
            sliceStart += s.length();
        }
        throw new IllegalArgumentException("no slice holds byte " + volumeOffset + " of volume " + volume);
    }

    private static void awaitValue(long want, LongSupplier actual, String what) throws InterruptedException {
        Await.until(
                Duration.ofSeconds(10),
                () -> actual.getAsLong() == want,
                () -> what + ": " + actual.getAsLong() + ", expected " + want);
    }

    @Test
    void wholeSplicedFileIsTheConcatenationOfItsSlices() throws Exception {
        SegmentMap map = spliced();
        assertEquals(SPLICED.length, map.size());
        long mapped = server.counters().bodyCommands();
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertEquals(SPLICED.length, reader.size());
            byte[] all = ReadFully.read(reader, 0, SPLICED.length);
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            assertArrayEquals(sha.digest(SPLICED), sha.digest(all));
            assertArrayEquals(SPLICED, all);
            assertEquals(-1, reader.read(SPLICED.length, new byte[1], 0, 1));
        }
        assertEquals(10 + 1 + 8 + 4 + 1, map.articles());
        assertEquals(
                mapped + map.articles(),
                server.counters().bodyCommands(),
                "a sequential read fetches every article it needs once and nothing past the end");
    }

    @Test
    void randomRangesOfTheSplicedFileMatchTheSlices() throws Exception {
        try (NzbReader reader = usenet.open(spliced(), Priority.FOREGROUND)) {
            Random random = new Random(17);
            for (int i = 0; i < 80; i++) {
                long o = random.nextInt(SPLICED.length);
                int len = (int) Math.min(1 + random.nextInt(30_000), SPLICED.length - o);
                assertArrayEquals(expected(o, len), ReadFully.read(reader, o, len), "at " + o + "+" + len);
            }
            for (long o : List.of(0L, (long) SPLICED.length - 1, splicedOffset(1, 7_100), splicedOffset(2, 0))) {
                assertArrayEquals(expected(o, 1), ReadFully.read(reader, o, 1), "byte " + o);
            }
        }
    }

    @Test
    void rangeReadFetchesExactlyTheArticlesHoldingTheRange() throws Exception {
        SegmentMap map = spliced();
        Random random = new Random(23);
        List<long[]> ranges = new ArrayList<>(List.of(
                new long[] {splicedOffset(1, 7_100), 500}, // inside one article
                new long[] {splicedOffset(0, 93_000), 3_000}, // across the end of volume 0 into volume 1
                new long[] {splicedOffset(1, 63_000), 1_321 + 12_501}, // across volumes 1 and 2
                new long[] {0, 1}));
        for (int i = 0; i < 10; i++) {
            long o = random.nextInt(SPLICED.length - 1);
            ranges.add(new long[] {o, 1 + random.nextInt((int) Math.min(40_000, SPLICED.length - 1 - o))});
        }
        for (long[] r : ranges) {
            try (NzbReader reader = usenet.open(map, Priority.FOREGROUND, 1)) {
                long before = server.counters().bodyCommands();
                assertArrayEquals(expected(r[0], (int) r[1]), ReadFully.read(reader, r[0], (int) r[1]));
                assertEquals(
                        articlesHolding(r[0], r[1]).size(),
                        server.counters().bodyCommands() - before,
                        "articles fetched for " + r[0] + "+" + r[1] + ": " + articlesHolding(r[0], r[1]));
            }
        }
    }

    @Test
    void eachSpanReadWholeCostsOneArticleAndOneByteMoreCostsTwo() throws Exception {
        SegmentMap map = spliced();
        int spans = 0;
        for (long o = 0; o < map.size(); o = map.span(o).end()) {
            ArticleSpan span = map.span(o);
            assertEquals(o, span.start());
            int length = (int) span.length();
            try (NzbReader reader = usenet.open(map, Priority.FOREGROUND, 1)) {
                long before = server.counters().bodyCommands();
                assertArrayEquals(expected(o, length), ReadFully.read(reader, o, length));
                assertEquals(1, server.counters().bodyCommands() - before, "span " + span);
            }
            if (span.end() < map.size()) {
                try (NzbReader reader = usenet.open(map, Priority.FOREGROUND, 1)) {
                    long before = server.counters().bodyCommands();
                    assertArrayEquals(expected(o, length + 1), ReadFully.read(reader, o, length + 1));
                    assertEquals(2, server.counters().bodyCommands() - before, "span " + span + " and one byte");
                }
            }
            spans++;
        }
        assertEquals(map.articles(), spans, "one span per piece: this file has no hole");
    }

    @Test
    void sequentialReadRunsOneReadAheadOnAcrossVolumes() throws Exception {
        SegmentMap map = spliced();
        long before = server.counters().bodyCommands();
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            byte[] buf = new byte[PART[0]];
            // Slice 0 is volume 0's articles 0..9; a new position costs one article.
            long offset = 0;
            int n = reader.read(offset, buf, 0, buf.length);
            Thread.sleep(100);
            assertEquals(before + 1, server.counters().bodyCommands(), "a new position fetches its article only");
            for (offset += n; offset < SLICES.get(0).length(); offset += n) {
                n = reader.read(offset, buf, 0, buf.length);
                assertArrayEquals(expected(offset, n), Arrays.copyOf(buf, n));
            }
            // The last article of volume 0 was read with the window fully open (4): the next three
            // pieces, in volume 1, are fetched ahead without a read reaching them.
            awaitValue(4, () -> reader.stats().ready(), "articles ready");
            assertEquals(before + 10 + 3, server.counters().bodyCommands());
            assertEquals(4, reader.stats().window());
            for (long end = splicedOffset(1, 28_000); offset < end; offset += n) {
                n = reader.read(offset, buf, 0, buf.length);
                assertArrayEquals(expected(offset, n), Arrays.copyOf(buf, n));
            }
            awaitValue(4, () -> reader.stats().ready(), "articles ready in volume 1");
            assertEquals(
                    before + 10 + 3 + 3,
                    server.counters().bodyCommands(),
                    "reading on in volume 1 keeps the open window: one new fetch per article read");
        }
    }

    @Test
    void restoredLayoutReadsTheSameBytesWithoutFetching() throws Exception {
        String text = spliced().text();
        try (Usenet other = connect(4)) {
            long before = server.counters().bodyCommands();
            SegmentMap restored = other.restore(nzbFiles(), text);
            assertEquals(before, server.counters().bodyCommands(), "restore fetches nothing");
            assertEquals(SPLICED.length, restored.size());
            assertEquals(Optional.empty(), restored.postedName());
            try (NzbReader reader = other.open(restored, Priority.FOREGROUND)) {
                assertArrayEquals(SPLICED, ReadFully.read(reader, 0, SPLICED.length));
            }
        }
    }

    @Test
    void restoreRefusesTheWrongVolumesAndTheWrongKindOfMap() throws Exception {
        List<SegmentMap> volumes = mapVolumes();
        SegmentMap map = usenet.splice(volumes, SLICES);
        List<NzbFile> files = nzbFiles();
        assertThrows(IllegalArgumentException.class, () -> usenet.restore(files.subList(0, 2), map.text()));
        assertThrows(
                IllegalArgumentException.class,
                () -> usenet.restore(List.of(files.get(1), files.get(0), files.get(2)), map.text()));
        assertThrows(IllegalArgumentException.class, () -> usenet.restore(files, "s1;garbage"));
        assertThrows(
                IllegalArgumentException.class,
                () -> usenet.restore(files, volumes.get(0).text()),
                "a single file's map");
        assertThrows(
                IllegalArgumentException.class,
                () -> usenet.restore(files.get(0), map.text()),
                "a spliced map with one NZB file");
    }

    @Test
    void slicesOutsideTheirVolumesAreRefusedWithoutFetching() throws Exception {
        List<SegmentMap> volumes = mapVolumes();
        long before = server.counters().bodyCommands();
        assertThrows(IllegalArgumentException.class, () -> usenet.splice(volumes, List.of()));
        assertThrows(IllegalArgumentException.class, () -> usenet.splice(volumes, List.of(new Slice(1, 64_000, 322))));
        assertThrows(IllegalArgumentException.class, () -> usenet.splice(volumes, List.of(new Slice(3, 0, 1))));
        usenet.splice(volumes, List.of(new Slice(1, 64_000, 321)));
        assertEquals(before, server.counters().bodyCommands(), "splicing fetches nothing");
    }

    @Test
    void missingArticleInsideASliceIsAMissingFailureAtItsOffset() throws Exception {
        SegmentMap map = spliced();
        String id = posted.get(1).messageIds().get(3);
        assertTrue(server.removeArticle(id));
        long hole = splicedOffset(1, 21_000);
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertArrayEquals(expected(0, (int) hole), ReadFully.read(reader, 0, (int) hole));
            ArticleMissingException e =
                    assertThrows(ArticleMissingException.class, () -> reader.read(hole + 10, new byte[10], 0, 10));
            assertEquals(id, e.messageId());
            assertThrows(ArticleMissingException.class, () -> reader.read(hole + 6_999, new byte[10], 0, 10));
            long after = splicedOffset(1, 28_000);
            assertArrayEquals(expected(after, 100), ReadFully.read(reader, after, 100));
        }
    }

    @Test
    void corruptArticleInASliceIsNeverServed() throws Exception {
        SegmentMap map = spliced();
        server.faults().inject(posted.get(2).messageIds().get(1), ArticleFault.corruptData());
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            byte[] buf = new byte[100];
            assertThrows(ArticleCorruptException.class, () -> reader.read(splicedOffset(2, 12_600), buf, 0, 100));
            assertArrayEquals(new byte[100], buf, "no byte reached the caller");
        }
    }

    @Test
    void articleFromAnotherPlaceOfItsVolumeIsCorruptNotServed() throws Exception {
        SegmentMap map = spliced();
        // Article 5 of volume 1 answers with the intact, CRC-correct part 6: bytes of the wrong offset.
        String id = posted.get(1).messageIds().get(5);
        server.putArticle(
                id,
                new YencEncoder()
                        .encodePart(VOLUME[1], 6 * PART[1], PART[1], NAME[1], 7, 10, VOLUME[1].length, 6L * PART[1]));
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            byte[] buf = new byte[100];
            ArticleCorruptException e = assertThrows(
                    ArticleCorruptException.class, () -> reader.read(splicedOffset(1, 5 * PART[1] + 50), buf, 0, 100));
            assertEquals(id, e.messageId());
            assertArrayEquals(new byte[100], buf, "no byte reached the caller");
            long next = splicedOffset(1, 6L * PART[1]);
            assertArrayEquals(expected(next, 100), ReadFully.read(reader, next, 100));
        }
    }

    @Test
    void articleOfAnotherFileAtTheSamePlaceIsCorruptNotServedAlsoAfterARestore() throws Exception {
        SegmentMap map = spliced();
        SegmentMap restored = usenet.restore(nzbFiles(), map.text());
        // Article 1 of volume 2 answers with a CRC-correct part of another posted file of the same
        // size and part size, at the same offset: only its yEnc name tells it apart.
        String id = posted.get(2).messageIds().get(1);
        byte[] other = random(VOLUME[2].length, 99);
        server.putArticle(
                id,
                new YencEncoder().encodePart(other, PART[2], PART[2], "other.part3.rar", 2, 4, other.length, PART[2]));
        for (SegmentMap m : List.of(map, restored)) {
            try (NzbReader reader = usenet.open(m, Priority.FOREGROUND)) {
                byte[] buf = new byte[100];
                ArticleCorruptException e = assertThrows(
                        ArticleCorruptException.class, () -> reader.read(splicedOffset(2, PART[2] + 50), buf, 0, 100));
                assertEquals(id, e.messageId());
                assertArrayEquals(new byte[100], buf, "no byte reached the caller");
            }
        }
    }

    @Test
    void mappedVolumeCarriesItsPostedNameAlsoWhenRestored() throws Exception {
        List<SegmentMap> volumes = mapVolumes();
        for (int v = 0; v < NAME.length; v++)
            assertEquals(Optional.of(NAME[v]), volumes.get(v).postedName());
        assertEquals(
                Optional.of(NAME[0]),
                usenet.restore(posted.get(0).toNzbFile(), volumes.get(0).text()).postedName());
    }
}
