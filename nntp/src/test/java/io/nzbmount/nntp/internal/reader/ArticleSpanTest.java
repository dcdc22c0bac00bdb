package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link SegmentMap#span}: the exact bytes one article serves, for plain, irregular and spliced files. */
class ArticleSpanTest {

    private static List<NzbSegment> segments(String volume, int n) {
        List<NzbSegment> list = new ArrayList<>();
        for (int i = 1; i <= n; i++) list.add(new NzbSegment(i, 1000, volume + "-" + i + "@x"));
        return list;
    }

    private static final PlainSegmentMap UNIFORM = PlainSegmentMap.uniform(segments("a", 3), 250, 100);
    /** Parts of 70 bytes with the second missing from the NZB: bytes [70, 140) are a hole. */
    private static final PlainSegmentMap WITH_HOLE =
            PlainSegmentMap.explicit(segments("c", 3), 280, 70, new long[] {0, 140, 210}, new int[] {70, 70, 70});
    /** Holes before the first article, between the two and after the last. */
    private static final PlainSegmentMap HOLES_AT_BOTH_ENDS =
            PlainSegmentMap.explicit(segments("h", 2), 200, 50, new long[] {30, 100}, new int[] {50, 50});

    private static ArticleSpan held(long start, long end) {
        return new ArticleSpan(start, end, false);
    }

    private static ArticleSpan hole(long start, long end) {
        return new ArticleSpan(start, end, true);
    }

    @Test
    void uniformSpanIsThePartHoldingTheOffsetAndTheLastPartIsShort() {
        assertEquals(held(0, 100), UNIFORM.span(0));
        assertEquals(held(0, 100), UNIFORM.span(99));
        assertEquals(held(100, 200), UNIFORM.span(100));
        assertEquals(held(200, 250), UNIFORM.span(249));
    }

    @Test
    void aByteInAHoleSpansTheWholeHoleBetweenItsNeighbours() {
        assertEquals(held(0, 70), WITH_HOLE.span(69));
        assertEquals(hole(70, 140), WITH_HOLE.span(70));
        assertEquals(hole(70, 140), WITH_HOLE.span(139));
        assertEquals(held(140, 210), WITH_HOLE.span(140));

        assertEquals(hole(0, 30), HOLES_AT_BOTH_ENDS.span(0));
        assertEquals(held(30, 80), HOLES_AT_BOTH_ENDS.span(30));
        assertEquals(hole(80, 100), HOLES_AT_BOTH_ENDS.span(85));
        assertEquals(hole(150, 200), HOLES_AT_BOTH_ENDS.span(199));
    }

    @Test
    void splicedSpansEndAtSliceEdgesInsideArticlesAndAtEachVolumesOwnArticleEdges() {
        // Volume 0 from byte 150 (mid-article), 100 bytes; volume 1 bytes 10..29 (inside its first
        // article); then volume 2 whole, with its hole.
        PlainSegmentMap b = PlainSegmentMap.uniform(segments("b", 4), 1000, 300);
        SegmentMap map = SplicedSegmentMap.splice(
                List.of(UNIFORM, b, WITH_HOLE),
                List.of(new Slice(0, 150, 100), new Slice(1, 10, 20), new Slice(2, 0, 280)));
        assertEquals(held(0, 50), map.span(0), "the rest of volume 0's second article");
        assertEquals(held(50, 100), map.span(50), "volume 0's last article");
        assertEquals(held(100, 120), map.span(110), "20 bytes from inside one article of volume 1");
        assertEquals(held(120, 190), map.span(120));
        assertEquals(hole(190, 260), map.span(200), "volume 2's hole, moved to its place in the file");
        assertEquals(held(260, 330), map.span(260));
        assertEquals(held(330, 400), map.span(399));
    }

    @Test
    void spansTileEveryFileAndAgreeWithThePieceOfEachByte() {
        List<PlainSegmentMap> volumes =
                List.of(UNIFORM, WITH_HOLE, HOLES_AT_BOTH_ENDS, PlainSegmentMap.uniform(segments("b", 4), 1000, 300));
        Random random = new Random(11);
        List<PiecewiseSegmentMap> maps = new ArrayList<>(volumes);
        for (int round = 0; round < 200; round++) {
            List<Slice> slices = new ArrayList<>();
            for (int k = 1 + random.nextInt(5); k > 0; k--) {
                int v = random.nextInt(volumes.size());
                long size = volumes.get(v).size();
                long offset = random.nextLong(size);
                slices.add(new Slice(v, offset, 1 + random.nextLong(size - offset)));
            }
            maps.add(SplicedSegmentMap.splice(volumes, slices));
        }
        for (PiecewiseSegmentMap map : maps) {
            ArticleSpan previous = null;
            for (long o = 0; o < map.size(); o++) {
                ArticleSpan span = map.span(o);
                assertTrue(span.contains(o), map + ": " + span + " holds byte " + o);
                int piece = map.pieceAt(o);
                assertEquals(piece < 0, span.hole(), map + " byte " + o);
                if (piece >= 0) assertEquals(held(map.begin(piece), map.begin(piece) + map.length(piece)), span);
                if (previous != null && previous.contains(o)) {
                    assertEquals(previous, span, map + ": every byte of a span has that span");
                } else {
                    assertEquals(previous == null ? 0 : previous.end(), span.start(), map + ": spans leave no gap");
                }
                previous = span;
            }
            assertEquals(map.size(), previous.end(), map + ": the last span ends the file");
        }
    }

    @Test
    void anOffsetOutsideTheFileHasNoSpan() {
        assertThrows(IndexOutOfBoundsException.class, () -> UNIFORM.span(250));
        assertThrows(IndexOutOfBoundsException.class, () -> UNIFORM.span(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> WITH_HOLE.span(280));
        SegmentMap spliced = SplicedSegmentMap.splice(List.of(UNIFORM), List.of(new Slice(0, 10, 5)));
        assertThrows(IndexOutOfBoundsException.class, () -> spliced.span(5));
    }
}
