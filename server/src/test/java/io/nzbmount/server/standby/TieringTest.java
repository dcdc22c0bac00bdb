package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalInt;

import org.junit.jupiter.api.Test;

import io.nzbmount.server.release.ReleaseInfo;
import io.nzbmount.server.release.ReleaseName;

/** The same-content rule and the tiers. */
class TieringTest {
    private static final long SIZE = 10_000_000_000L;
    private static final ReleaseInfo PRIMARY = ReleaseName.parse("The.Matrix.1999.1080p.BluRay.x264-SPARKS");

    private static OptionalInt tier(String name, long size) {
        return Tiering.tier(PRIMARY, SIZE, ReleaseName.parse(name), size);
    }

    private static boolean same(String a, String b) {
        return Tiering.sameContent(ReleaseName.parse(a), ReleaseName.parse(b));
    }

    @Test
    void sameGroupEncodingAndSizeWithinThreePercentIsTierZero() {
        assertEquals(OptionalInt.of(0), tier("The.Matrix.1999.1080p.BluRay.x264-SPARKS", SIZE));
        assertEquals(OptionalInt.of(0), tier("the matrix 1999 1080p bluray h.264-sparks", SIZE + SIZE * 3 / 100));
        assertEquals(OptionalInt.of(0), tier("The.Matrix.1999.1080p.BluRay.x264-SPARKS", SIZE - SIZE * 3 / 100));
    }

    @Test
    void sameGroupButSizeBeyondThreePercentDropsToTierOne() {
        assertEquals(OptionalInt.of(1), tier("The.Matrix.1999.1080p.BluRay.x264-SPARKS", SIZE + SIZE * 3 / 100 + 1));
        assertEquals(OptionalInt.of(1), tier("The.Matrix.1999.1080p.BluRay.x264-SPARKS", 0));
    }

    @Test
    void tiersFollowResolutionAndCodec() {
        assertEquals(OptionalInt.of(1), tier("The.Matrix.1999.1080p.WEB-DL.H264-OTHER", SIZE));
        assertEquals(OptionalInt.of(2), tier("The.Matrix.1999.1080p.BluRay.x265-OTHER", SIZE));
        assertEquals(OptionalInt.of(3), tier("The.Matrix.1999.720p.BluRay.x264-SPARKS", SIZE));
        assertEquals(OptionalInt.of(3), tier("The.Matrix.1999.BluRay-SPARKS", SIZE));
    }

    @Test
    void unknownFactsNeverCountAsAgreeing() {
        ReleaseInfo bare = ReleaseName.parse("The Matrix 1999");
        assertEquals(OptionalInt.of(3), Tiering.tier(bare, SIZE, bare, SIZE));
    }

    @Test
    void otherContentHasNoTier() {
        assertEquals(OptionalInt.empty(), tier("The.Matrix.Reloaded.2003.1080p.BluRay.x264-SPARKS", SIZE));
        assertEquals(OptionalInt.empty(), tier("The.Matrix.2021.1080p.BluRay.x264-SPARKS", SIZE));
        assertEquals(OptionalInt.empty(), tier("a7f3c9e2b1d84f6a9c0e5b2d7f1a3c8e", SIZE));
    }

    @Test
    void yearCountsOnlyWhenBothNamesGiveOne() {
        assertTrue(same("The.Matrix.1999.1080p.BluRay.x264-A", "The.Matrix.1080p.BluRay.x264-B"));
        assertFalse(same("The.Matrix.1999.1080p.BluRay.x264-A", "The.Matrix.2021.1080p.BluRay.x264-B"));
    }

    @Test
    void episodesEditionsRevisionAndUpscalingMustAgree() {
        assertTrue(same("Show.S01E02E03.720p.HDTV.x264-A", "Show.S01E02-E03.1080p.WEB-DL.H.264-B"));
        assertFalse(same("Show.S01E02.720p.HDTV.x264-A", "Show.S01E03.720p.HDTV.x264-A"));
        assertFalse(same("Show.S01E02.720p.HDTV.x264-A", "Show.S01.720p.HDTV.x264-A"));
        assertFalse(same("Alien.1979.1080p.BluRay.x264-A", "Alien.1979.REMASTERED.1080p.BluRay.x264-A"));
        assertFalse(same("Show.S01E02.720p.HDTV.x264-A", "Show.S01E02.PROPER.720p.HDTV.x264-B"));
        assertFalse(same("Show.S01E02.PROPER.720p.HDTV.x264-B", "Show.S01E02.REPACK.720p.HDTV.x264-B"));
        assertFalse(same("Film.1950.1080p.BluRay.x264-A", "Film.1950.1080p.AI.Upscale.x264-A"));
        assertTrue(same("Law.and.Order.S01E01.DVDRip.XviD-A", "Law & Order S01E01 720p WEB-DL AAC2.0 H.264-NTb"));
    }

    @Test
    void sizeToleranceIsExactAtTheEdge() {
        assertTrue(Tiering.sizeClose(100, 103));
        assertFalse(Tiering.sizeClose(100, 104));
        assertTrue(Tiering.sizeClose(100, 97));
        assertFalse(Tiering.sizeClose(100, 96));
        assertFalse(Tiering.sizeClose(-1, -1));
    }
}
