package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SplicedSegmentMapTest {

    private static List<NzbSegment> segments(String volume, int n) {
        List<NzbSegment> list = new ArrayList<>();
        for (int i = 1; i <= n; i++) list.add(new NzbSegment(i, 1000, volume + "-" + i + "@x"));
        return list;
    }

    private static NzbFile file(String name, List<NzbSegment> segments) {
        return new NzbFile(name, "\"" + name + "\" yEnc", "p", 0, List.of("g"), segments);
    }

    private static final PlainSegmentMap A = PlainSegmentMap.uniform(segments("a", 3), 250, 100);
    private static final PlainSegmentMap B = PlainSegmentMap.uniform(segments("b", 4), 1000, 300);
    /** Parts of 70 bytes with the second missing from the NZB: bytes [70, 140) are a hole. */
    private static final PlainSegmentMap C =
            PlainSegmentMap.explicit(segments("c", 3), 280, 70, new long[] {0, 140, 210}, new int[] {70, 70, 70});

    /** Where byte {@code offset} of the spliced file lies: {volume, offset in the volume}, walking the slices. */
    private static long[] expectedSource(List<Slice> slices, long offset) {
        for (Slice s : slices) {
            if (offset < s.length()) return new long[] {s.volume(), s.offset() + offset};
            offset -= s.length();
        }
        throw new IllegalArgumentException("past the end");
    }

    /** Every byte of the file comes from the volume byte the slices say, or is a hole exactly where the volume has one. */
    private static void assertEveryByteMapsThroughItsSlice(List<PlainSegmentMap> volumes, List<Slice> slices) {
        SplicedSegmentMap map = SplicedSegmentMap.splice(volumes, slices);
        long size = slices.stream().mapToLong(Slice::length).sum();
        assertEquals(size, map.size());
        for (long o = 0; o < size; o++) {
            long[] source = expectedSource(slices, o);
            PlainSegmentMap volume = volumes.get((int) source[0]);
            int inVolume = volume.segmentAt(source[1]);
            int piece = map.pieceAt(o);
            if (inVolume < 0) {
                assertEquals(-1, piece, "byte " + o + " lies in a hole of its volume");
                continue;
            }
            assertTrue(piece >= 0, "byte " + o + " has a piece");
            assertEquals(source[0], map.volume(piece), "volume of byte " + o);
            assertEquals(volume.segment(inVolume), map.segment(piece), "article of byte " + o);
            long decodedIndex = map.skip(piece) + (o - map.begin(piece));
            assertEquals(source[1] - volume.begin(inVolume), decodedIndex, "position in the article of byte " + o);
            assertTrue(decodedIndex < volume.length(inVolume));
        }
    }

    @Test
    void theSpansOfAVolumesArticleAreItsPartsInEachSliceInTheFilesOffsets() {
        SplicedSegmentMap map = SplicedSegmentMap.splice(
                List.of(A, B, C),
                List.of(
                        new Slice(0, 150, 100),
                        new Slice(1, 10, 20),
                        new Slice(2, 0, 280),
                        new Slice(1, 299, 2),
                        new Slice(0, 0, 1)));
        // a-2 holds A's [100, 200): the slice takes [150, 200) of it, the file's [0, 50).
        assertEquals(List.of(new ArticleSpan(0, 50, false)), map.spansOf(Set.of("a-2@x")));
        // b-1 holds B's [0, 300): [10, 30) in the second slice, byte 299 in the fourth (the file's 400).
        assertEquals(
                List.of(new ArticleSpan(100, 120, false), new ArticleSpan(400, 401, false)),
                map.spansOf(Set.of("b-1@x")));
        assertEquals(List.of(), map.spansOf(Set.of("b-4@x", "elsewhere@x")));
        assertEquals(List.of(new ArticleSpan(0, 100, false)), A.spansOf(Set.of("a-1@x")));
    }

    @Test
    void everyByteComesFromItsSlicesVolumeByteAcrossMidArticleEdgesAndHoles() {
        List<PlainSegmentMap> volumes = List.of(A, B, C);
        assertEveryByteMapsThroughItsSlice(
                volumes,
                List.of(
                        new Slice(0, 150, 100),
                        new Slice(1, 10, 20),
                        new Slice(2, 0, 280),
                        new Slice(1, 299, 2),
                        new Slice(0, 0, 1)));
        Random random = new Random(3);
        for (int round = 0; round < 200; round++) {
            List<Slice> slices = new ArrayList<>();
            for (int k = 1 + random.nextInt(5); k > 0; k--) {
                int v = random.nextInt(3);
                long vs = volumes.get(v).size();
                long offset = random.nextLong(vs);
                slices.add(new Slice(v, offset, 1 + random.nextLong(vs - offset)));
            }
            assertEveryByteMapsThroughItsSlice(volumes, slices);
        }
    }

    @Test
    void sliceInsideOneArticleIsOnePieceOfIt() {
        SplicedSegmentMap map = SplicedSegmentMap.splice(List.of(A, B), List.of(new Slice(1, 310, 50)));
        assertEquals(1, map.articles());
        assertEquals(B.segment(1), map.segment(0));
        assertEquals(10, map.skip(0));
        assertEquals(50, map.length(0));
        assertEquals(0, map.begin(0));
    }

    @Test
    void slicesThatContinueEachOtherInOneVolumeShareTheirBoundaryArticle() {
        SplicedSegmentMap map =
                SplicedSegmentMap.splice(List.of(A), List.of(new Slice(0, 0, 150), new Slice(0, 150, 100)));
        assertEquals(3, map.articles(), "one piece per article, not one per slice side");
    }

    @Test
    void piecesAreTheArticlesOfEachSliceInOrder() {
        SplicedSegmentMap map =
                SplicedSegmentMap.splice(List.of(A, B), List.of(new Slice(0, 150, 100), new Slice(1, 0, 1000)));
        assertEquals(2 + 4, map.articles());
        assertEquals(
                List.of("a-2@x", "a-3@x", "b-1@x", "b-2@x", "b-3@x", "b-4@x"),
                IntStream.range(0, map.articles())
                        .mapToObj(i -> map.segment(i).messageId())
                        .toList());
        assertEquals(300, map.maxPartLength());
        assertEquals(100, map.partSize(), "the part size of the first slice's volume");
    }

    @Test
    void layoutRestoresTheSamePiecesFromTheVolumesNzbFiles() {
        List<Slice> slices = List.of(new Slice(0, 150, 100), new Slice(2, 35, 200), new Slice(1, 10, 20));
        SplicedSegmentMap map = SplicedSegmentMap.splice(List.of(A, B, C), slices);
        String text = map.text();
        assertTrue(text.startsWith("s1;"), text);
        SplicedSegmentMap restored = SplicedSegmentMap.restore(
                List.of(file("a", A.segments()), file("b", B.segments()), file("c", C.segments())), text);
        assertEquals(map.size(), restored.size());
        assertEquals(map.articles(), restored.articles());
        assertEquals(slices, restored.slices());
        for (int i = 0; i < map.articles(); i++) {
            assertEquals(map.segment(i), restored.segment(i));
            assertEquals(map.begin(i), restored.begin(i));
            assertEquals(map.length(i), restored.length(i));
            assertEquals(map.skip(i), restored.skip(i));
        }
        assertEquals(text, restored.text());
    }

    @Test
    void restoreRefusesVolumesTheLayoutWasNotMadeFrom() {
        String text = SplicedSegmentMap.splice(List.of(A, B), List.of(new Slice(0, 0, 10), new Slice(1, 0, 10)))
                .text();
        NzbFile a = file("a", A.segments());
        NzbFile b = file("b", B.segments());
        assertThrows(
                IllegalArgumentException.class, () -> SplicedSegmentMap.restore(List.of(a), text), "too few volumes");
        assertThrows(IllegalArgumentException.class, () -> SplicedSegmentMap.restore(List.of(b, a), text), "swapped");
        assertThrows(
                IllegalArgumentException.class,
                () -> SplicedSegmentMap.restore(List.of(a, file("b", segments("b", 5))), text),
                "other segment count");
        assertThrows(
                IllegalArgumentException.class,
                () -> SplicedSegmentMap.restore(List.of(a, file("d", segments("d", 4))), text),
                "other articles, same count");
    }

    @Test
    void garbageOrAPlainLayoutIsNotASplicedOne() {
        List<NzbFile> volumes = List.of(file("a", A.segments()));
        for (String text : List.of(
                "",
                "s1",
                "s1;1;1;0",
                "s1;1;1;zz|v1;250;100;3|0:0:1",
                "s1;1;1;0|v1;250;100;3|0:0",
                "s1;1;2;0|v1;250;100;3|0:0:1",
                "s1;2;1;0|v1;250;100;3|0:0:1",
                "s1;1;1;0|garbage|0:0:1",
                "s1;1;1;0|v1;250;100;3|0:-1:1",
                A.text())) {
            assertThrows(IllegalArgumentException.class, () -> SplicedSegmentMap.restore(volumes, text), text);
        }
    }

    @Test
    void slicesOutsideTheirVolumeOrNoSlicesAreRefused() {
        List<PlainSegmentMap> volumes = List.of(A, B);
        assertThrows(IllegalArgumentException.class, () -> SplicedSegmentMap.splice(volumes, List.of()));
        assertThrows(
                IllegalArgumentException.class, () -> SplicedSegmentMap.splice(volumes, List.of(new Slice(0, 250, 1))));
        assertThrows(
                IllegalArgumentException.class,
                () -> SplicedSegmentMap.splice(volumes, List.of(new Slice(0, 200, 51))));
        assertThrows(
                IllegalArgumentException.class,
                () -> SplicedSegmentMap.splice(volumes, List.of(new Slice(0, 1, Long.MAX_VALUE))));
        assertThrows(
                IllegalArgumentException.class, () -> SplicedSegmentMap.splice(volumes, List.of(new Slice(2, 0, 1))));
        assertThrows(IllegalArgumentException.class, () -> new Slice(0, 0, 0));
        SegmentMap foreign = SplicedSegmentMap.splice(volumes, List.of(new Slice(0, 0, 10)));
        assertThrows(
                IllegalArgumentException.class,
                () -> SplicedSegmentMap.splice(List.of(foreign), List.of(new Slice(0, 0, 1))),
                "a spliced map is not a volume");
    }

    @Test
    void articleIsCheckedAgainstItsPlaceInItsOwnVolume() throws Exception {
        SplicedSegmentMap map =
                SplicedSegmentMap.splice(List.of(A, B), List.of(new Slice(0, 150, 100), new Slice(1, 0, 1000)));
        byte[] data = new byte[300];
        map.verify(3, new DecodedArticle(2, 4, 1000, 300, "b", data, 300));
        ArticleCorruptException e = assertThrows(
                ArticleCorruptException.class,
                () -> map.verify(3, new DecodedArticle(4, 4, 1000, 900, "b", data, 100)));
        assertEquals("b-2@x", e.messageId());
        assertThrows(
                ArticleCorruptException.class,
                () -> map.verify(0, new DecodedArticle(2, 4, 1000, 100, "b", data, 100)),
                "an article of another volume");
    }
}
