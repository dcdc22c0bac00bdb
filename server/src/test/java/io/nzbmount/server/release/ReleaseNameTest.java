package io.nzbmount.server.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Release names as they appear on indexers, each read field by field. */
class ReleaseNameTest {

    private static final int MIN_NAMES = 400;

    @Test
    void everyFieldOfEveryNameInTheTableIsRead() throws IOException {
        List<String> lines = new ArrayList<>();
        for (String table : List.of("release/table-1.txt", "release/table-2.txt")) {
            try (InputStream in = getClass().getClassLoader().getResourceAsStream(table)) {
                new String(in.readAllBytes(), StandardCharsets.UTF_8)
                        .lines()
                        .filter(line -> !line.isBlank() && !line.startsWith("#"))
                        .forEach(lines::add);
            }
        }
        assertTrue(lines.size() >= MIN_NAMES, "table has " + lines.size() + " names");
        List<String> wrong = new ArrayList<>();
        for (String line : lines) {
            String[] f = Arrays.stream(line.split("\\|")).map(String::strip).toArray(String[]::new);
            assertTrue(f.length == 12 || f.length == 13, line);
            String name = f[0];
            ReleaseInfo info = ReleaseName.parse(name);
            assertEquals(name, info.name());
            field(wrong, name, "title", dash(f[1]), info.title());
            field(wrong, name, "recognised", !f[1].equals("-"), info.recognised());
            field(wrong, name, "year", Integer.parseInt(f[2]), info.year());
            field(wrong, name, "episodes", dash(f[3]), info.episodes().label());
            field(wrong, name, "resolution", dash(f[4]), info.resolution().label());
            field(wrong, name, "source", Medium.valueOf(f[5]), info.medium());
            field(wrong, name, "codec", Codec.valueOf(f[6]), info.codec());
            field(wrong, name, "group", dash(f[7]), info.group());
            field(wrong, name, "editions", set(f[8]), new TreeSet<>(info.editions()));
            field(wrong, name, "revision", f[9], info.revision().label());
            field(wrong, name, "upscaled", f[10].equals("yes"), info.upscaled());
            field(wrong, name, "languages", set(f[11]), new TreeSet<>(info.languages()));
            field(
                    wrong,
                    name,
                    "part",
                    f.length == 13 ? dash(f[12]) : "",
                    info.part().label());
        }
        assertTrue(wrong.isEmpty(), wrong.size() + " wrong:\n" + String.join("\n", wrong));
    }

    private static void field(List<String> wrong, String name, String field, Object expected, Object actual) {
        if (!expected.equals(actual)) {
            wrong.add(name + ": " + field + " expected <" + expected + "> but was <" + actual + ">");
        }
    }

    private static String dash(String field) {
        return field.equals("-") ? "" : field;
    }

    private static Set<String> set(String field) {
        return field.equals("-") ? Set.of() : new TreeSet<>(Arrays.asList(field.split(",")));
    }

    @Test
    void episodesAreValuesThatCompareByContent() {
        assertEquals(
                new Episodes.Numbered(1, List.of(2, 3)),
                ReleaseName.parse("Show.S01E02E03.720p.HDTV.x264-A").episodes());
        assertEquals(
                ReleaseName.parse("Show.S01E02-E03.720p.HDTV.x264-A").episodes(),
                ReleaseName.parse("Show.1x02-1x03.720p.HDTV.x264-B").episodes());
        assertEquals(
                new Episodes.Seasons(1, 1),
                ReleaseName.parse("Show.S01.1080p.WEB.H264-A").episodes());
        assertEquals(
                new Episodes.Daily(LocalDate.of(2024, 5, 1)),
                ReleaseName.parse("Show.2024.05.01.720p.WEB.h264-A").episodes());
        assertEquals(
                new Episodes.None(),
                ReleaseName.parse("Film.2024.720p.WEB.h264-A").episodes());
    }

    @Test
    void anImpossibleAirDateIsAYearNotADate() {
        ReleaseInfo info = ReleaseName.parse("Show.2024.13.45.720p.WEB.h264-A");
        assertEquals(new Episodes.None(), info.episodes());
        assertEquals("Show", info.title());
        assertEquals(2024, info.year());
    }

    @Test
    void titleKeysIgnoreCasePunctuationAccentsAndAmpersands() {
        assertEquals("law and order", TitleKey.of("Law & Order"));
        assertEquals(TitleKey.of("Law & Order"), TitleKey.of("law and order"));
        assertEquals(TitleKey.of("Ocean's Eleven"), TitleKey.of("Oceans Eleven"));
        assertEquals(TitleKey.of("Amélie"), TitleKey.of("AMELIE"));
        assertEquals(TitleKey.of("Mission: Impossible"), TitleKey.of("Mission Impossible"));
        assertEquals(TitleKey.of("Spider-Man"), TitleKey.of("Spider Man"));
        assertNotEquals(TitleKey.of("The Office US"), TitleKey.of("The Office"));
        assertEquals("swat", TitleKey.of("S.W.A.T."));
        assertEquals("marvels agents of shield", TitleKey.of("Marvel's Agents of S.H.I.E.L.D."));
        assertEquals("2001 a space odyssey", TitleKey.of("2001: A Space Odyssey"));
        assertEquals("", TitleKey.of("..."));
        assertEquals(
                ReleaseName.parse("S.W.A.T.2017.S01E01.720p.HDTV.x264-KILLERS").titleKey(),
                ReleaseName.parse("SWAT 2017 S01E01 1080p WEB h264-GRP").titleKey());
        assertEquals(
                ReleaseName.parse("Law.and.Order.S01E01.DVDRip.XviD-A").titleKey(),
                ReleaseName.parse("Law & Order S01E01 720p WEB-DL AAC2.0 H.264-NTb")
                        .titleKey());
        assertEquals(
                ReleaseName.parse("the.office.us.s01e01.720p.hdtv.x264-ctu").titleKey(),
                ReleaseName.parse("The Office (US) S01E01 1080p WEB-DL-GRP").titleKey());
    }

    @Test
    void anyTextParsesWithoutFailing() {
        for (String name : List.of(
                "",
                " ",
                "-",
                "[",
                "]",
                "[]",
                "[-]",
                "....",
                "-GROUP",
                ".mkv",
                "S01E05-E03",
                "S00E00",
                "Show.S999E9999",
                "Show.2024-02-30.WEB",
                "x.2024.13.01",
                "[a]",
                "(2019)",
                "&",
                "'")) {
            ReleaseInfo info = ReleaseName.parse(name);
            assertEquals(name, info.name());
        }
        String[] pieces = {
            ".",
            " ",
            "_",
            "-",
            "[",
            "]",
            "(",
            ")",
            "S01",
            "E02",
            "E03",
            "1x02",
            "2019",
            "1080p",
            "x264",
            "H",
            "264",
            "WEB",
            "DL",
            "Real",
            "PROPER",
            "AI",
            "Upscale",
            "Directors",
            "Cut",
            "GERMAN",
            "Title",
            "2024",
            "05",
            "01",
            "rartv",
            ".mkv",
            "'s",
            "&",
            " - ",
            "Season",
            "Vol",
            "v2",
            "EXTRAS",
            "Cap",
            "www.",
            ".com",
            "(2019)",
            "x",
            "3x07",
            "E12",
            "-RP",
            "Ep",
            "01-15",
            "{",
            "}",
            ",",
            " / "
        };
        SplittableRandom random = new SplittableRandom(1);
        for (int n = 0; n < 50_000; n++) {
            StringBuilder name = new StringBuilder();
            for (int k = random.nextInt(12); k >= 0; k--) {
                name.append(pieces[random.nextInt(pieces.length)]);
            }
            ReleaseInfo info = ReleaseName.parse(name.toString());
            assertEquals(info.titleKey().isEmpty(), info.title().isEmpty(), name.toString());
        }
    }

    @Test
    void obfuscatedNamesAreUnrecognisedAndCarryNoTitle() {
        for (String name : List.of("a7f3c9e2b1d84f6a9c0e5b2d7f1a3c8e", "5f2b9c1d7e3a.nzb", "XyZ12aBc9dEf34GhIjK.mkv")) {
            ReleaseInfo info = ReleaseName.parse(name);
            assertFalse(info.recognised(), name);
            assertEquals("", info.titleKey(), name);
        }
        assertTrue(ReleaseName.parse("Predator").recognised());
    }
}
