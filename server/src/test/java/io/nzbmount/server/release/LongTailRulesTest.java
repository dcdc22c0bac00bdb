package io.nzbmount.server.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.standby.Tiering;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The long-tail rules one by one, each from its pattern, with names written for this test. */
class LongTailRulesTest {

    private static Episodes episodes(String name) {
        return ReleaseName.parse(name).episodes();
    }

    private static boolean same(String a, String b) {
        return Tiering.sameContent(ReleaseName.parse(a), ReleaseName.parse(b));
    }

    @Test
    void anEpisodeWrittenEpAfterTheSeasonIsThatEpisode() {
        assertEquals(new Episodes.Numbered(3, List.of(7)), episodes("Some.Show.S03EP07.1080p.WEB.h264-GRP"));
        assertEquals(new Episodes.Numbered(1, List.of(1, 2)), episodes("Some.Show.S01EP01-EP02.720p.WEB.h264-GRP"));
        assertEquals(
                "Some Show",
                ReleaseName.parse("Some.Show.S03EP07.1080p.WEB.h264-GRP").title());
    }

    @Test
    void crossNumbersTakeOneDigitEpisodesRangesAndUnderscores() {
        assertEquals(new Episodes.Numbered(4, List.of(9, 10)), episodes("A Sitcom 4x9-4x10 DVDRip XviD-GRP"));
        assertEquals(new Episodes.Numbered(6, List.of(3, 4)), episodes("A.Sitcom.6x03_04.HDTV.XviD-GRP"));
        assertEquals(new Episodes.Numbered(2, List.of(5)), episodes("A Sitcom 2x5 DVDRip"));
        ReleaseInfo film = ReleaseName.parse("4x4.2019.1080p.WEB.h264-GRP");
        assertEquals("4x4", film.title());
        assertEquals(new Episodes.None(), film.episodes());
    }

    @Test
    void seasonAndEpisodeWordsGiveTheEpisodes() {
        assertEquals(new Episodes.Numbered(2, List.of(7, 8)), episodes("A Drama Season 02 Episode 07-08 720p BluRay"));
        assertEquals(
                new Episodes.Numbered(5, List.of(1, 2, 3)), episodes("A Drama Season 5 Episodes 1-3 1080p WEB-DL"));
        assertEquals(new Episodes.Numbered(4, List.of(6, 7, 8)), episodes("Een.Serie.Se.4.afl.6-7-8.DVDRip.XviD-GRP"));
        assertEquals(
                "Een Serie",
                ReleaseName.parse("Een.Serie.Se.4.afl.6-7-8.DVDRip.XviD-GRP").title());
        assertEquals(
                new Episodes.Numbered(2, List.of(11)), episodes("[Subs] Long Anime Name 2nd Season - 11 [1080p].mkv"));
    }

    @Test
    void aBareCodeBeforeATvSourceIsAnEpisodeAndBeforeAFilmTagItIsUnknown() {
        assertEquals(new Episodes.Numbered(7, List.of(14)), episodes("some.sitcom.714.hdtv-grp"));
        assertEquals(new Episodes.Numbered(12, List.of(3)), episodes("Some.Sitcom.1203.WEB.h264-GRP"));
        ReleaseInfo film = ReleaseName.parse("Number.451.720p.BluRay.x264-GRP");
        assertInstanceOf(Episodes.Unknown.class, film.episodes());
        assertEquals("Number 451", film.title());
        assertEquals(new Episodes.None(), episodes("Number.451.2018.720p.BluRay.x264-GRP"));
    }

    @Test
    void fansubNumbersAreAbsoluteWithoutASeasonAndSeasonalWithOne() {
        assertEquals(new Episodes.Absolute(List.of(42)), episodes("[Fansub Team] Long Anime - 42 [1080p].mkv"));
        assertEquals(
                "Fansub Team",
                ReleaseName.parse("[Fansub Team] Long Anime - 42 [1080p].mkv").group());
        assertEquals(new Episodes.Numbered(2, List.of(4)), episodes("[Grp] Long Anime S2 - 04 (1080p) [AB12CD34].mkv"));
        assertEquals(new Episodes.Absolute(List.of(88)), episodes("[Fansub Team] Long Anime 88 END (WEBRip 720p AAC)"));
        Episodes batch = episodes("[Grp] Long Anime - 001-700 [1080p]");
        assertEquals("#1-700", batch.label());
    }

    @Test
    void dailyDatesAreReadInEveryOrderTheyAreWritten() {
        LocalDate day = LocalDate.of(2024, 4, 30);
        assertEquals(new Episodes.Daily(day), episodes("Talk.Show.30-04-2024.720p.WEB.h264-GRP"));
        assertEquals(new Episodes.Daily(day), episodes("Talk.Show.30.04.2024.720p.WEB.h264-GRP"));
        assertEquals(new Episodes.Daily(day), episodes("Talk.Show.2024.04.30.720p.WEB.h264-GRP"));
        assertEquals(new Episodes.Daily(day), episodes("Talk.Show.20240430.720p.WEB.h264-GRP"));
        assertEquals(new Episodes.Daily(day), episodes("Talk Show 30th Apr 2024 720p WEB"));
        assertEquals(new Episodes.Daily(day), episodes("Talk Show 30 April 2024 720p WEB"));
        assertEquals(
                "Talk Show",
                ReleaseName.parse("Talk Show 30th Apr 2024 720p WEB").title());
        assertEquals(0, ReleaseName.parse("Talk Show 30th Apr 2024 720p WEB").year());
    }

    @Test
    void aDateWithTheYearLastIsReadDayFirst() {
        assertEquals(new Episodes.Daily(LocalDate.of(2024, 5, 4)), episodes("Talk.Show.04.05.2024.720p.WEB.h264-GRP"));
        assertEquals(new Episodes.Daily(LocalDate.of(2024, 5, 4)), episodes("Talk.Show.04-05-2024.720p.WEB.h264-GRP"));
        assertFalse(same("Talk.Show.04.05.2024.720p.WEB.h264-GRP", "Talk.Show.2024.04.05.720p.WEB.h264-GRP"));
        assertTrue(same("Talk.Show.04.05.2024.720p.WEB.h264-GRP", "Talk.Show.2024.05.04.1080p.WEB.h264-OTHER"));
    }

    @Test
    void anUnknownPositionEqualsNothingButItself() {
        Episodes unknown = episodes("Number.451.720p.BluRay.x264-GRP");
        assertEquals(unknown, unknown);
        assertNotEquals(unknown, episodes("Number.451.720p.BluRay.x264-GRP"));
        assertEquals("?451", unknown.label());
        assertFalse(same("Number.451.720p.BluRay.x264-GRP", "Number.451.720p.BluRay.x264-GRP"));
        assertFalse(same("Number.451.720p.BluRay.x264-GRP", "Number.S04E51.720p.HDTV.x264-GRP"));
    }

    @Test
    void twoDifferentEpisodesInOneNameAreUnknown() {
        assertInstanceOf(Episodes.Unknown.class, episodes("Some.Show.S01E05.1x06.720p.HDTV.x264-GRP"));
        assertEquals(new Episodes.Numbered(1, List.of(5)), episodes("Some.Show.S01E05.1x05.720p.HDTV.x264-GRP"));
        assertFalse(same("Some.Show.S01E05.1x06.720p.HDTV.x264-GRP", "Some.Show.S01E06.720p.HDTV.x264-GRP"));
    }

    @Test
    void aYearIsASeasonAfterS() {
        assertEquals(new Episodes.Seasons(2019, 2019), episodes("A.Documentary.S2019.720p.HDTV.x264-GRP"));
        assertEquals(new Episodes.Numbered(2019, List.of(4)), episodes("A.Documentary.S2019E04.720p.HDTV.x264-GRP"));
    }

    @Test
    void partialSeasonsAreNotTheFullSeason() {
        assertEquals(
                new Part(Part.Kind.VOLUME, 2),
                ReleaseName.parse("A.Drama.S02.Part2.1080p.WEB.h264-GRP").part());
        assertEquals(
                new Part(Part.Kind.VOLUME, 1),
                ReleaseName.parse("A.Drama.S02.Part.1.1080p.WEB.h264-GRP").part());
        assertFalse(same("A.Drama.S02.Part2.1080p.WEB.h264-GRP", "A.Drama.S02.1080p.WEB.h264-GRP"));
        assertFalse(same("A.Drama.S02.Part2.1080p.WEB.h264-GRP", "A.Drama.S02.Part.1.1080p.WEB.h264-GRP"));
        assertTrue(same("A.Drama.S02.Part2.1080p.WEB.h264-GRP", "A.Drama.S02.Part.2.720p.WEB.h264-OTHER"));
    }

    @Test
    void aNameMayStartWithItsPosition() {
        ReleaseInfo daily = ReleaseName.parse("2024.02.14.Talk.Show.720p.WEB.h264-GRP");
        assertEquals("Talk Show", daily.title());
        assertEquals(new Episodes.Daily(LocalDate.of(2024, 2, 14)), daily.episodes());
        ReleaseInfo episode = ReleaseName.parse("S04E02.A.Drama.1080p.WEB.h264-GRP");
        assertEquals("A Drama", episode.title());
        assertEquals(new Episodes.Numbered(4, List.of(2)), episode.episodes());
        assertEquals(
                "1917", ReleaseName.parse("1917.2019.1080p.BluRay.x264-GRP").title());
        assertFalse(ReleaseName.parse("S01E01.1080p.WEB.h264-GRP").recognised());
    }

    @Test
    void ofATitleInTwoLanguagesTheLastIsRead() {
        ReleaseInfo info = ReleaseName.parse("Сказка / A Tale (2011) BDRip 1080p");
        assertEquals("A Tale", info.title());
        assertEquals(2011, info.year());
        assertEquals(Resolution.R1080, info.resolution());
        assertEquals(
                "Film Title",
                ReleaseName.parse("Film.Title.2019.1080p.BluRay.x264-GRP / Movies / 8 GiB")
                        .title());
    }

    @Test
    void anAnniversaryKeepsItsNumberOutOfTheTitle() {
        ReleaseInfo info = ReleaseName.parse("Old.Film.25TH.ANNiVERSARY.1990.1080p.BluRay.x264-GRP");
        assertEquals("Old Film", info.title());
        assertTrue(info.editions().contains("ANNIVERSARY"));
        assertTrue(same(
                "Old.Film.25TH.ANNiVERSARY.1990.1080p.BluRay.x264-GRP",
                "Old.Film.1990.25th.Anniversary.Edition.720p.BluRay.x264-OTHER"));
    }

    @Test
    void germanAudioTagsLeaveTheTitle() {
        assertEquals(
                "Some Film",
                ReleaseName.parse("Some.Film.German.DL.AC3.Dubbed.2019.720p.WEB.x264-GRP")
                        .title());
        assertEquals(
                "Some Film",
                ReleaseName.parse("Some.Film.German.Dubbed.DL.1080p.BluRay.x264-GRP")
                        .title());
        assertEquals(
                "Some Film Part Two",
                ReleaseName.parse("Some.Film.Part.Two.2024.German.DL.1080p.WEB.x264-GRP")
                        .title());
    }

    @Test
    void groupsMayHoldDotsAfterATagsDash() {
        assertEquals(
                "AB.CD",
                ReleaseName.parse("Some.Film.2020.1080p.WEBRip.x264-AB.CD").group());
        assertEquals(
                "X.Y.Z",
                ReleaseName.parse("Some.Film.2020.1080p.BluRay.x264.AAC-X.Y.Z").group());
        assertEquals("", ReleaseName.parse("Some.Film.2020.1080p.WEB-DL.DDP5.1").group());
    }

    @Test
    void aGroupNamedInsideTheTagListWinsOverACollectiveAfterIt() {
        assertEquals(
                "Encoder",
                ReleaseName.parse("Some Film (2020) (1080p BluRay x265 HEVC 10bit AAC 5.1 Encoder) [COLL]")
                        .group());
        assertEquals(
                "COLL",
                ReleaseName.parse("Some Show S01E01 (1080p BluRay x265 10bit AAC 5.1) [COLL]")
                        .group());
        assertEquals(
                "COLL",
                ReleaseName.parse("Some Show S01E01 (1080p BluRay x265 10bit Dual Audio) [COLL]")
                        .group());
    }

    @Test
    void suffixesAfterTheGroupAreNotTheGroup() {
        for (String suffix : List.of(
                "-RePACKPOST",
                "-Pre",
                "-AlteZachen",
                "-Obfuscated",
                "-RakuvNL",
                ".English",
                ".EZTV",
                "[eztv]",
                " [rarbg.com]")) {
            assertEquals(
                    "GRP",
                    ReleaseName.parse("Some.Film.2020.1080p.WEB.h264-GRP" + suffix)
                            .group(),
                    suffix);
        }
    }

    @Test
    void aGroupMayStandWithoutADash() {
        assertEquals(
                "Encoder",
                ReleaseName.parse("Some Film (2020) 1080p BluRay x265 10bit - Encoder")
                        .group());
        assertEquals(
                "MiXeDCaSe",
                ReleaseName.parse("Some.Film.2020.1080p.BluRay.DTS.x264.MiXeDCaSe")
                        .group());
        assertEquals(
                "",
                ReleaseName.parse("Some.Film.2020.1080p.BluRay.x264.Remastered").group());
        assertEquals(
                "", ReleaseName.parse("Some.Show.S01E01.2160p.DV.HDR10.SiteTag").group());
    }
}
