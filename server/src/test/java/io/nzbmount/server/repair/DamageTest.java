package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        List<SliceChecksum> slices = new ArrayList<>();
        for (long at = 0; at < length; at += SLICE) slices.add(new SliceChecksum(new byte[16], 0));
        Par2InputFile f = new Par2InputFile(new byte[16], new byte[16], new byte[16], length, "f", slices);
        return new Par2Release.Input(f, 0, null, firstSlice);
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
