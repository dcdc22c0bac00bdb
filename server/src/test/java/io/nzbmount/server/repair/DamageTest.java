package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.repair.par2.Par2InputFile;
import io.nzbmount.server.repair.par2.SliceChecksum;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Missing articles map onto the PAR2 slices their bytes touch, whether or not the two line up. */
class DamageTest {
    private static final int SLICE = 300_000;

    private static Par2Release.Input input(long length, int firstSlice) {
        return input(length, SLICE, firstSlice, null);
    }

    private static Par2Release.Input input(long length, long slice, int firstSlice, SegmentMap map) {
        List<SliceChecksum> slices = new ArrayList<>();
        for (long at = 0; at < length; at += slice) slices.add(new SliceChecksum(new byte[16], 0));
        Par2InputFile f = new Par2InputFile(new byte[16], new byte[16], new byte[16], length, "f", slices);
        return new Par2Release.Input(f, 0, map, firstSlice);
    }

    /** A regular post: every article but the last holds {@code part} bytes. */
    private static SegmentMap regular(long size, int part) {
        return new SegmentMap() {
            @Override
            public long size() {
                return size;
            }

            @Override
            public int articles() {
                return (int) ((size + part - 1) / part);
            }

            @Override
            public int partSize() {
                return part;
            }

            @Override
            public ArticleSpan span(long offset) {
                long start = offset / part * part;
                return new ArticleSpan(start, Math.min(size, start + part), false);
            }

            @Override
            public String text() {
                return "regular";
            }
        };
    }

    @Test
    void anArticleWholeInsideASliceRebuiltForItsNeighbourIsRebuiltTooThoughTheScanPassedIt() {
        // Three articles of 15221 bytes in slices of 15220: the missing second one touches slices
        // 1 and 2, and the damaged third (there to STAT, so the scan passed it) lies whole in slice 2.
        Damage d = new Damage(15_220);
        Par2Release.Input in = input(39_463, 15_220, 0, regular(39_463, 15_221));
        NzbFile file = new NzbFile(
                "f.mkv",
                "s",
                "p",
                0,
                List.of("g"),
                List.of(
                        new NzbSegment(1, 15_221, "a@x"),
                        new NzbSegment(2, 15_221, "b@x"),
                        new NzbSegment(3, 9_021, "c@x")));
        d.article(new Damage.Article("b@x", 0, 2, 15_221, 15_221), in);
        assertEquals(new TreeSet<>(List.of(1, 2)), d.slices());

        assertEquals(
                List.of(new Damage.Article("c@x", 0, 3, 30_442, 9_021)),
                d.alsoRebuilt(List.of(in), List.of(file), d.slices()),
                "the first article touches slice 0, not rebuilt");
        assertEquals(List.of(), d.alsoRebuilt(List.of(in), List.of(file), java.util.Set.of()));
    }

    @Test
    void anArticleAcrossASliceEdgeMakesBothSlicesMissing() {
        Damage d = new Damage(SLICE);
        Par2Release.Input in = input(10 * 716_800L, 0);
        // Article 1 holds [716800, 1433600): slices 2 (600000..900000), 3 and 4 (1200000..1500000).
        d.article(new Damage.Article("a@x", 0, 2, 716_800, 716_800), in);
        assertEquals(new TreeSet<>(List.of(2, 3, 4)), d.slices());
    }

    @Test
    void twoArticlesInOneSliceMakeItMissingOnceAndAnArticleCountsOnce() {
        Damage d = new Damage(1_000_000);
        Par2Release.Input in = input(5_000_000, 0);
        d.article(new Damage.Article("a@x", 0, 1, 0, 400_000), in);
        d.article(new Damage.Article("b@x", 0, 2, 400_000, 400_000), in);
        d.article(new Damage.Article("b@x", 0, 2, 400_000, 400_000), in);
        assertEquals(new TreeSet<>(List.of(0)), d.slices());
        assertEquals(2, d.articles().size());
    }

    @Test
    void theSlicesOfALaterFileCountFromItsFirstSliceInTheSet() {
        Damage d = new Damage(SLICE);
        Par2Release.Input second = input(1_000_000, 17);
        d.range(second, 999_999, 1_000_000);
        d.range(second, 0, 1);
        assertEquals(new TreeSet<>(List.of(17, 20)), d.slices());
    }
}
