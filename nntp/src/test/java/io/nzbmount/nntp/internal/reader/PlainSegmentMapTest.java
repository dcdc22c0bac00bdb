package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlainSegmentMapTest {

    private static List<NzbSegment> segments(int n) {
        List<NzbSegment> list = new ArrayList<>();
        for (int i = 1; i <= n; i++) list.add(new NzbSegment(i, 740_000, "s" + i + "@x"));
        return list;
    }

    @Test
    void uniformPartsStartAtIndexTimesPartSizeAndTheLastIsShort() {
        PlainSegmentMap map = PlainSegmentMap.uniform(segments(4), 3 * 716_800L + 1000, 716_800);
        assertTrue(map.isUniform());
        assertEquals(3 * 716_800L + 1000, map.size());
        assertEquals(4, map.articles());
        for (int i = 0; i < 3; i++) {
            assertEquals(i * 716_800L, map.begin(i));
            assertEquals(716_800, map.length(i));
        }
        assertEquals(3 * 716_800L, map.begin(3));
        assertEquals(1000, map.length(3));
        assertEquals(716_800, map.maxPartLength());
    }

    @Test
    void exactMultipleOfThePartSizeHasAFullLastPart() {
        PlainSegmentMap map = PlainSegmentMap.uniform(segments(3), 300, 100);
        assertEquals(100, map.length(2));
        assertEquals(2, map.segmentAt(299));
    }

    @Test
    void lookupAtPartBoundariesFindsTheRightSegment() {
        PlainSegmentMap map = PlainSegmentMap.uniform(segments(3), 250, 100);
        assertEquals(0, map.segmentAt(0));
        assertEquals(0, map.segmentAt(99));
        assertEquals(1, map.segmentAt(100));
        assertEquals(1, map.segmentAt(199));
        assertEquals(2, map.segmentAt(200));
        assertEquals(2, map.segmentAt(249));
        assertThrows(IndexOutOfBoundsException.class, () -> map.segmentAt(250));
        assertThrows(IndexOutOfBoundsException.class, () -> map.segmentAt(-1));
    }

    @Test
    void countThatDoesNotFitThePartSizeIsNotUniform() {
        assertTrue(PlainSegmentMap.fitsUniform(3, 100, 201));
        assertTrue(PlainSegmentMap.fitsUniform(3, 100, 300));
        assertFalse(PlainSegmentMap.fitsUniform(3, 100, 200), "the third part would be empty");
        assertFalse(PlainSegmentMap.fitsUniform(3, 100, 301), "a fourth part is missing");
        assertFalse(PlainSegmentMap.fitsUniform(3, 0, 1));
        assertFalse(PlainSegmentMap.fitsUniform(0, 100, 1));
        assertThrows(IllegalArgumentException.class, () -> PlainSegmentMap.uniform(segments(3), 301, 100));
    }

    @Test
    void holesInAnExplicitLayoutBelongToNoSegment() {
        // Parts 1, 2 and 4 of 100 bytes each: part 3 is not in the NZB.
        PlainSegmentMap map =
                PlainSegmentMap.explicit(segments(3), 350, 100, new long[] {0, 100, 300}, new int[] {100, 100, 50});
        assertFalse(map.isUniform());
        assertEquals(1, map.segmentAt(199));
        assertEquals(-1, map.segmentAt(200));
        assertEquals(-1, map.segmentAt(299));
        assertEquals(2, map.segmentAt(300));
        assertEquals(2, map.segmentAt(349));
        assertEquals(0, map.segmentAt(0));
    }

    @Test
    void explicitLayoutThatIsUniformBecomesUniform() {
        PlainSegmentMap map =
                PlainSegmentMap.explicit(segments(3), 250, 100, new long[] {0, 100, 200}, new int[] {100, 100, 50});
        assertTrue(map.isUniform());
        assertTrue(map.parts().exceptions().isEmpty());
    }

    @Test
    void overlappingOrDescendingRangesAreRefused() {
        assertThrows(
                IllegalArgumentException.class,
                () -> PlainSegmentMap.explicit(segments(2), 200, 100, new long[] {0, 50}, new int[] {100, 100}));
        assertThrows(
                IllegalArgumentException.class,
                () -> PlainSegmentMap.explicit(segments(2), 200, 100, new long[] {100, 0}, new int[] {100, 100}));
        assertThrows(
                IllegalArgumentException.class,
                () -> PlainSegmentMap.explicit(segments(1), 50, 100, new long[] {0}, new int[] {100}));
    }

    @Test
    void uniformLayoutPersistsAsThreeNumbersAndRestoresWithoutFetching() {
        PlainSegmentMap map = PlainSegmentMap.uniform(segments(5), 450, 100);
        PlainSegmentMapText text = map.parts();
        assertEquals(new PlainSegmentMapText(450, 100, 5, List.of()), text);
        PlainSegmentMap back = PlainSegmentMap.restore(segments(5), text);
        assertTrue(back.isUniform());
        for (long o = 0; o < 450; o++) assertEquals(map.segmentAt(o), back.segmentAt(o));
    }

    @Test
    void irregularLayoutPersistsOnlyItsExceptions() {
        // The second part is short, so every later one is shifted.
        long[] begins = {0, 100, 160, 260};
        int[] lengths = {100, 60, 100, 40};
        PlainSegmentMap map = PlainSegmentMap.explicit(segments(4), 300, 100, begins, lengths);
        PlainSegmentMapText text = map.parts();
        assertEquals(
                List.of(
                        new PlainSegmentMapText.Part(1, 100, 60),
                        new PlainSegmentMapText.Part(2, 160, 100),
                        new PlainSegmentMapText.Part(3, 260, 40)),
                text.exceptions());
        PlainSegmentMap back = PlainSegmentMap.restore(segments(4), text);
        for (int i = 0; i < 4; i++) {
            assertEquals(begins[i], back.begin(i));
            assertEquals(lengths[i], back.length(i));
        }
        assertThrows(IllegalArgumentException.class, () -> PlainSegmentMap.restore(segments(3), text));
    }

    @Test
    void layoutTextRoundTripsForUniformAndIrregularMaps() {
        PlainSegmentMap uniform = PlainSegmentMap.uniform(segments(5), 450, 100);
        assertEquals("v1;450;100;5", uniform.text());
        assertEquals(uniform.parts(), PlainSegmentMapText.decode(uniform.text()));
        PlainSegmentMap irregular = PlainSegmentMap.explicit(
                segments(4), 300, 100, new long[] {0, 100, 160, 260}, new int[] {100, 60, 100, 40});
        assertEquals("v1;300;100;4;1:100:60;2:160:100;3:260:40", irregular.text());
        assertEquals(irregular.parts(), PlainSegmentMapText.decode(irregular.text()));
    }

    @Test
    void layoutTextThatIsNotALayoutIsRefused() {
        for (String bad : new String[] {"", "v2;1;1;1", "v1;1;1", "v1;x;1;1", "v1;10;5;2;1:5"}) {
            assertThrows(IllegalArgumentException.class, () -> PlainSegmentMapText.decode(bad), bad);
        }
    }

    @Test
    void partStartingElsewhereThanTheMapSaysIsCorrupt() throws Exception {
        PlainSegmentMap map = PlainSegmentMap.uniform(segments(3), 250, 100);
        byte[] data = new byte[100];
        map.verify(1, new DecodedArticle(2, 3, 250, 100, "f", data, 100));
        assertThrows(
                ArticleCorruptException.class, () -> map.verify(1, new DecodedArticle(2, 3, 250, 101, "f", data, 100)));
        assertThrows(
                ArticleCorruptException.class, () -> map.verify(1, new DecodedArticle(2, 3, 250, 100, "f", data, 99)));
        assertThrows(
                ArticleCorruptException.class, () -> map.verify(1, new DecodedArticle(2, 3, 251, 100, "f", data, 100)));
        ArticleCorruptException e = assertThrows(
                ArticleCorruptException.class, () -> map.verify(2, new DecodedArticle(3, 3, 250, 100, "f", data, 50)));
        assertEquals("s3@x", e.messageId());
    }

    @Test
    void articleOfAnotherFileWithTheSameSizeAndPositionIsCorrupt() throws Exception {
        PlainSegmentMap map = PlainSegmentMap.uniform(segments(3), 250, 100).withPostedName("film.part01.rar");
        byte[] data = new byte[100];
        map.verify(1, new DecodedArticle(2, 3, 250, 100, "film.part01.rar", data, 100));
        ArticleCorruptException e = assertThrows(
                ArticleCorruptException.class,
                () -> map.verify(1, new DecodedArticle(2, 3, 250, 100, "film.part02.rar", data, 100)));
        assertTrue(e.getMessage().contains("film.part02.rar"), e.getMessage());
    }

    @Test
    void theYencNameSurvivesTheLayoutSoARestoredMapChecksItToo() throws Exception {
        for (PlainSegmentMap made : List.of(
                PlainSegmentMap.uniform(segments(3), 250, 100).withPostedName("a b;c|d:e.rar"),
                PlainSegmentMap.explicit(segments(2), 300, 100, new long[] {0, 200}, new int[] {100, 100})
                        .withPostedName("x.rar"))) {
            PlainSegmentMap restored =
                    PlainSegmentMap.restore(made.segments(), PlainSegmentMapText.decode(made.text()));
            assertEquals(made.postedName(), restored.postedName());
            byte[] data = new byte[100];
            assertThrows(
                    ArticleCorruptException.class,
                    () -> restored.verify(0, new DecodedArticle(1, 3, restored.size(), 0, "other.rar", data, 100)));
        }
    }

    @Test
    void aMapMadeWithoutANameChecksNoName() throws Exception {
        PlainSegmentMap map = PlainSegmentMap.uniform(segments(3), 250, 100);
        PlainSegmentMap restored = PlainSegmentMap.restore(map.segments(), PlainSegmentMapText.decode(map.text()));
        restored.verify(1, new DecodedArticle(2, 3, 250, 100, "anything", new byte[100], 100));
    }
}
