package io.nzbmount.server.library;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.server.library.importing.PresenceSample;
import io.nzbmount.server.library.naming.ItemNames;
import io.nzbmount.server.library.naming.MediaRules;
import io.nzbmount.server.library.naming.Names;
import java.io.ByteArrayInputStream;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The pure rules of the library: media vs extras, safe names, dav paths, the presence sample. */
class LibraryRulesTest {

    @Test
    void extrasSamplesAndTinyFilesAreNotMediaButSubtitlesAre() {
        List<String> names = List.of(
                "Film.mkv",
                "Film.nfo",
                "Film.par2",
                "Film.vol01+02.PAR2",
                "Film.sfv",
                "Film.srr",
                "readme.txt",
                "cover.JPG",
                "poster.png",
                "site.url",
                "Film.sample.mkv",
                "Sample-Film.mkv",
                "proof.mkv",
                "Film.en.srt",
                "Samples.Of.Life.mkv");
        long big = 4_000_000_000L;
        List<Long> sizes = List.of(
                big,
                2_000L,
                50_000L,
                100_000_000L,
                500L,
                9_000L,
                100L,
                80_000L,
                90_000L,
                100L,
                60_000_000L,
                60_000_000L,
                1_000_000L,
                90_000L,
                3_000_000_000L);
        boolean[] media = MediaRules.classify(names, sizes);
        boolean[] expected = {
            true, false, false, false, false, false, false, false, false, false, false, false, false, true, true
        };
        assertArrayEquals(expected, media);
    }

    @Test
    void episodesOfSimilarSizeAreAllMedia() {
        boolean[] media = MediaRules.classify(
                List.of("E01.mkv", "E02.mkv", "E03.mkv"), List.of(900_000_000L, 1_100_000_000L, 700_000_000L));
        assertArrayEquals(new boolean[] {true, true, true}, media);
    }

    @Test
    void aFolderIsTitleAndYearWhenTheNameSaysAYear() {
        assertEquals(Optional.of("Demo Clock (2024)"), ItemNames.folder("Demo.Clock.2024.SD.PCM-NZBMOUNT"));
        assertEquals(Optional.of("Demo Film (2024)"), ItemNames.folder("Demo Film (2024)"), "already written so");
        assertEquals(Optional.of("Film (2020)"), ItemNames.folder("Film 2020"));
    }

    @Test
    void anEpisodeFolderCarriesTheEpisode() {
        assertEquals(Optional.of("Show S01E02"), ItemNames.folder("Show.S01E02.720p.WEB-DL-GRP"));
        assertEquals(Optional.of("Doctor Who (2005) S01E01"), ItemNames.folder("Doctor.Who.2005.S01E01.720p.HDTV-GRP"));
        assertEquals(Optional.of("Show S01"), ItemNames.folder("Show.S01.1080p.WEB-DL-GRP"));
    }

    @Test
    void aNameWithoutYearOrEpisodeIsKeptAsWritten() {
        assertEquals(Optional.of("Demo Data"), ItemNames.folder("Demo Data"));
        assertEquals(Optional.of("Some.Film.1080p"), ItemNames.folder("Some.Film.1080p"));
        assertEquals(Optional.of("etc passwd"), ItemNames.folder("../../etc/passwd"), "and made safe");
        assertEquals(Optional.empty(), ItemNames.folder(".."));
    }

    @Test
    void safeSegmentRemovesWhatClientsCannotTake() {
        assertEquals(Optional.of("a b c"), Names.safeSegment("a/b\\c"));
        assertEquals(Optional.of("x y"), Names.safeSegment(" ..x:*?\"<>|\ty.. "));
        assertEquals(Optional.of("a b"), Names.safeSegment("a\u0000\u200Eb"));
        assertEquals(Optional.empty(), Names.safeSegment(".."));
        assertEquals(Optional.empty(), Names.safeSegment(" / "));
        assertEquals(
                Optional.of("Amélie"), Names.safeSegment("Ame\u0301lie"), "NFC, so the name matches what clients send");
        String longName = "x".repeat(179) + "\uD83C\uDFAC" + "y";
        String cut = Names.safeSegment(longName).orElseThrow();
        assertEquals(179, cut.length(), "a surrogate pair is never split");
    }

    @Test
    void uniqueNamesNumberBeforeTheExtensionForFiles() {
        assertEquals("a.mkv", Names.unique("a.mkv", Set.of("b.mkv"), true));
        assertEquals("A (2).mkv", Names.unique("A.mkv", Set.of("a.mkv"), true));
        assertEquals("a (3).mkv", Names.unique("a.mkv", Set.of("a.mkv", "a (2).mkv"), true));
        assertEquals("Film 1.5 (2)", Names.unique("Film 1.5", Set.of("film 1.5"), false));
        assertEquals("Big.Film.2020", Names.stem("Big.Film.2020.mkv"));
        assertEquals("Film 1.5 final", Names.stem("Film 1.5 final"));
    }

    @Test
    void davPathsPercentEncodeEachSegmentAsUtf8() {
        assertEquals(
                "/dav/library/My%20Film%20%282020%29/a%2Bb%20%231%3F.mkv",
                DavPaths.file("My Film (2020)", "a+b #1?.mkv"));
        assertEquals("/dav/library/Am%C3%A9lie/x.mkv", DavPaths.file("Amélie", "x.mkv"));
        assertEquals("/dav/library/100%25%20Film/", DavPaths.folder("100% Film"));
        assertEquals("a-b_c.d~e", DavPaths.encodeSegment("a-b_c.d~e"));
    }

    @Test
    void presenceSampleStartsWithTheMainFirstArticleAndSpansTheMainFile() throws Exception {
        var nzb = NzbParser.parse(new ByteArrayInputStream(TestNzbs.nzb(
                "s",
                null,
                List.of(file("E01.mkv", 100, 740_000), file("E02.mkv", 120, 740_000), file("x.nfo", 1, 10)))));
        boolean[] media = {true, true, false};
        List<NzbSegment> sample = PresenceSample.choose(nzb.files(), media, 1);
        assertEquals(TestNzbs.id("s", "E02.mkv", 1), sample.get(0).messageId());
        assertTrue(sample.stream().anyMatch(s -> s.messageId().equals(TestNzbs.id("s", "E01.mkv", 1))));
        assertTrue(sample.stream().anyMatch(s -> s.messageId().equals(TestNzbs.id("s", "E02.mkv", 120))));
        assertTrue(sample.stream().noneMatch(s -> s.messageId().contains("x.nfo")));
        assertEquals(PresenceSample.MAIN_FILE_SAMPLES + 1, sample.size());
        assertEquals(sample, PresenceSample.choose(nzb.files(), media, 1), "deterministic");
    }

    @Test
    void presenceSampleOfAShortFileChecksEachArticleOnce() throws Exception {
        var nzb = NzbParser.parse(new ByteArrayInputStream(TestNzbs.nzb("s", null, List.of(file("a.mkv", 3, 10)))));
        assertEquals(
                3, PresenceSample.choose(nzb.files(), new boolean[] {true}, 0).size());
    }
}
