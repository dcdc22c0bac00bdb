package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.release.Episodes;
import io.nzbmount.server.release.ReleaseInfo;
import io.nzbmount.server.release.ReleaseName;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

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
    void anUnsureEpisodeReadingMatchesNothingNotEvenTheSameName() {
        String name = "Room.237.720p.BluRay.x264-GRP";
        ReleaseInfo a = ReleaseName.parse(name);
        ReleaseInfo b = ReleaseName.parse(name);
        assertTrue(a.episodes() instanceof Episodes.Unknown, a.episodes().toString());
        assertFalse(Tiering.sameContent(a, b));
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

    /** Pairs of names: "same" or "different" content, and why. */
    private static final String PAIRS = """
            same | Show.S01E02.720p.HDTV.x264-A | Show.S01E02.1080p.WEB-DL.DD5.1.H.264-B | quality and group differ
            same | Show.S01E02E03.720p.HDTV.x264-A | Show.S01E02-E03.1080p.WEB.h264-B | one run written two ways
            same | Show.S01E02E03.720p.HDTV.x264-A | Show.1x02-1x03.HDTV.XviD-B | cross style
            same | Show.S15.E06.720p.HDTV.x264-A | Show.S15E06.1080p.WEB.h264-B | season and episode as two words
            same | The.Wire.103.HDTV.XviD-LOL | The.Wire.S01E03.720p.BluRay.x264-B | three-digit code
            same | Show.S05.1080p.BluRay.x264-A | Show.Season.5.720p.BluRay.x264-B | season pack written two ways
            same | Show.S01-S05.1080p.BluRay.x264-A | Show Season 1 - Season 5 720p BluRay x264-B | season range
            same | Daily.Show.2024.05.01.720p.WEB.h264-A | Daily.Show.01.05.2024.1080p.WEB.h264-B | air date both ways
            same | [SubsPlease] Frieren - 12 (1080p) [A1B2C3D4].mkv | [Erai-raws] Frieren - 12 [720p].mkv | fansub groups
            same | Movie.Title.Directors.Cut.2019.1080p.BluRay.x264-A | Movie.Title.2019.Directors.Cut.720p.BluRay.x264-B | edition before the year
            same | Movie.Title.2019.1080p.BluRay.x264-GRP-Obfuscated | Movie.Title.2019.1080p.BluRay.x264-GRP | repost suffix
            same | www.site.com - Movie.Title.2019.720p.WEB.x264-A | Movie Title (2019) 1080p WEBRip x265-B | site prefix, parentheses
            same | Movie.Title.2019.GERMAN.1080p.BluRay.x264-A | Movie.Title.2019.1080p.BluRay.x264-B | language tag
            same | S.W.A.T.2017.S02E01.720p.HDTV.x264-A | SWAT.S02E01.1080p.WEB.h264-B | dotted title, year on one side
            same | Show.S01E05.REPACK2.720p.HDTV.x264-A | Show.S01E05.720p.HDTV.x264-A.REPACK2 | revision after the group
            different | Show.S01E02.720p.HDTV.x264-A | Show.S01E03.720p.HDTV.x264-A | another episode
            different | Show.S01E02.720p.HDTV.x264-A | Show.S01.720p.HDTV.x264-A | an episode and its season pack
            different | Show.S01.720p.HDTV.x264-A | Show.S01-S02.720p.HDTV.x264-A | a season and a run of seasons
            different | Show.S07.1080p.WEB-DL.x264-A | Show.S07.Vol.1.1080p.WEB-DL.x264-A | a season and one volume of it
            different | Show.S07.Vol.1.1080p.WEB-DL.x264-A | Show.S07.Vol.2.1080p.WEB-DL.x264-A | two volumes
            different | Show.S05.1080p.BluRay.x264-A | Show.S05.EXTRAS.1080p.BluRay.x264-A | a season and its extras
            different | Show.S03.1080p.BluRay.x264-A | Show.S03.SUBPACK.x264-A | a season and its subtitles
            different | Movie.2019.1080p.BluRay.x264-A | Movie.2019.1080p.BluRay.x264-A-sample | a film and its sample
            different | Movie.2010.1080p.BluRay.x264-A | Movie.2010.Bonus.Disc.1080p.BluRay.x264-A | a film and its bonus disc
            different | Movie.2019.1080p.BluRay.x264-A | Movie.Directors.Cut.2019.1080p.BluRay.x264-A | another edition
            different | Movie.2019.EXTENDED.1080p.BluRay.x264-A | Movie.2019.EXTENDED.IMAX.1080p.BluRay.x264-A | a longer list of editions
            different | Movie.2009.1080p.BluRay.x264-A | Movie.2009.3D.Half-SBS.1080p.BluRay.x264-A | 3D
            different | Movie.2019.REPACK.1080p.BluRay.x264-A | Movie.2019.REPACK2.1080p.BluRay.x264-A | revision depth
            different | Show.S01E02.PROPER.720p.HDTV.x264-A | Show.S01E02.REAL.PROPER.720p.HDTV.x264-B | a proper of a proper
            different | [Group] Title - 05 [1080p] | [Group] Title - 05v2 [1080p] | fansub version
            different | Daily.Show.2024.05.01.720p.WEB.h264-A | Daily.Show.2024.05.02.720p.WEB.h264-A | another day
            different | [Group] Title - 12 [1080p] | Title.S01E12.1080p.WEB.h264-A | absolute and seasonal numbers are not compared
            different | 9-1-1.S06E01.720p.HDTV.x264-A | 9-1-1.Lone.Star.S06E01.720p.HDTV.x264-A | another series
            different | 1917.2019.1080p.BluRay.x264-A | 1917.S01E01.1080p.WEB.h264-A | a film and an episode
            different | Blade.Runner.1982.1080p.BluRay.x264-A | Blade.Runner.2049.2017.1080p.BluRay.x264-A | a year in the title
            """;

    @Test
    void samePairsAreTheSameAndDifferentPairsAreNot() {
        for (String line : PAIRS.strip().split("\n")) {
            String[] f = line.split("\\|");
            boolean expected = f[0].strip().equals("same");
            assertEquals(expected, same(f[1].strip(), f[2].strip()), f[3].strip() + ": " + line);
        }
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
