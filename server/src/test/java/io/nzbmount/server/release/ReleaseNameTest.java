package io.nzbmount.server.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/** Release names as they appear on indexers, each read field by field. */
class ReleaseNameTest {

    /**
     * One name per line: name | title | year (0 = none) | episodes label (- = film) | resolution |
     * source | codec | group (- = none) | editions | revision | upscaled | languages.
     */
    private static final String TABLE = """
            The.Matrix.1999.1080p.BluRay.x264-SPARKS | The Matrix | 1999 | - | R1080 | BLURAY | AVC | SPARKS | - | ORIGINAL | no | -
            the.matrix.1999.1080p.bluray.x264-sparks | the matrix | 1999 | - | R1080 | BLURAY | AVC | sparks | - | ORIGINAL | no | -
            The Matrix (1999) 1080p BluRay x264-SPARKS | The Matrix | 1999 | - | R1080 | BLURAY | AVC | SPARKS | - | ORIGINAL | no | -
            The_Matrix_1999_720p_BluRay_x264-HDEX | The Matrix | 1999 | - | R720 | BLURAY | AVC | HDEX | - | ORIGINAL | no | -
            The.Matrix.1999.1080p.BluRay.x264-SPARKS.nzb | The Matrix | 1999 | - | R1080 | BLURAY | AVC | SPARKS | - | ORIGINAL | no | -
            The.Matrix.1999.Upscaled.4K.HDR.x265-NOGRP | The Matrix | 1999 | - | R2160 | UNKNOWN | HEVC | NOGRP | - | ORIGINAL | yes | -
            2001.A.Space.Odyssey.1968.1080p.BluRay.x264-AMIABLE | 2001 A Space Odyssey | 1968 | - | R1080 | BLURAY | AVC | AMIABLE | - | ORIGINAL | no | -
            Blade.Runner.2049.2017.2160p.UHD.BluRay.REMUX.HDR.HEVC.Atmos-EPSiLON | Blade Runner 2049 | 2017 | - | R2160 | REMUX | HEVC | EPSiLON | - | ORIGINAL | no | -
            1917.2019.1080p.WEB-DL.DD5.1.H264-FGT | 1917 | 2019 | - | R1080 | WEB_DL | AVC | FGT | - | ORIGINAL | no | -
            1917.1080p.BluRay.x264-GECKOS | 1917 | 0 | - | R1080 | BLURAY | AVC | GECKOS | - | ORIGINAL | no | -
            2012.2009.1080p.BluRay.x264-METiS | 2012 | 2009 | - | R1080 | BLURAY | AVC | METiS | - | ORIGINAL | no | -
            Room.237.2012.720p.BluRay.x264-DON | Room 237 | 2012 | - | R720 | BLURAY | AVC | DON | - | ORIGINAL | no | -
            Ocean's.Eleven.2001.720p.BluRay.x264-SiNNERS | Ocean's Eleven | 2001 | - | R720 | BLURAY | AVC | SiNNERS | - | ORIGINAL | no | -
            Apollo.13.1995.Anniversary.Edition.1080p.BluRay.x264-CiNEFiLE | Apollo 13 | 1995 | - | R1080 | BLURAY | AVC | CiNEFiLE | ANNIVERSARY | ORIGINAL | no | -
            Spider-Man.No.Way.Home.2021.2160p.WEB-DL.DDP5.1.Atmos.HEVC-CMRG | Spider-Man No Way Home | 2021 | - | R2160 | WEB_DL | HEVC | CMRG | - | ORIGINAL | no | -
            X-Men.2000.720p.BluRay.x264-SiNNERS | X-Men | 2000 | - | R720 | BLURAY | AVC | SiNNERS | - | ORIGINAL | no | -
            The.Amazing.Spider-Man | The Amazing Spider-Man | 0 | - | UNKNOWN | UNKNOWN | UNKNOWN | - | - | ORIGINAL | no | -
            Charlottes.Web.2006.720p.BluRay.x264-SiNNERS | Charlottes Web | 2006 | - | R720 | BLURAY | AVC | SiNNERS | - | ORIGINAL | no | -
            charlottes.web.2006.720p.bluray.x264-sinners | charlottes web | 2006 | - | R720 | BLURAY | AVC | sinners | - | ORIGINAL | no | -
            The.French.Connection.1971.1080p.BluRay.x264-AMIABLE | The French Connection | 1971 | - | R1080 | BLURAY | AVC | AMIABLE | - | ORIGINAL | no | -
            Mission.Impossible.Dead.Reckoning.Part.One.2023.1080p.AMZN.WEB-DL.DDP5.1.H.264-FLUX | Mission Impossible Dead Reckoning Part One | 2023 | - | R1080 | WEB_DL | AVC | FLUX | - | ORIGINAL | no | -
            Pulp.Fiction.1994.1080p.BluRay.REMUX.AVC.DTS-HD.MA.5.1-FGT | Pulp Fiction | 1994 | - | R1080 | REMUX | AVC | FGT | - | ORIGINAL | no | -
            Heat.1995.1080p.BluRay.DTS-HD | Heat | 1995 | - | R1080 | BLURAY | UNKNOWN | - | - | ORIGINAL | no | -
            Heat 1995 480p DVDRip XviD | Heat | 1995 | - | R480 | DVDRIP | XVID | - | - | ORIGINAL | no | -
            Heat.1995.576p.BluRay.x264 | Heat | 1995 | - | R576 | BLURAY | AVC | - | - | ORIGINAL | no | -
            Movie.Name.2019.1080p.WEB-DL | Movie Name | 2019 | - | R1080 | WEB_DL | UNKNOWN | - | - | ORIGINAL | no | -
            Movie.Name.1999.1920x1080.BluRay.x264-GRP | Movie Name | 1999 | - | R1080 | BLURAY | AVC | GRP | - | ORIGINAL | no | -
            Movie.Name.2015.1080p.HDRip.XviD-ETRG | Movie Name | 2015 | - | R1080 | HDRIP | XVID | ETRG | - | ORIGINAL | no | -
            Movie.Name.2015.BDRip.x264-GECKOS | Movie Name | 2015 | - | UNKNOWN | BDRIP | AVC | GECKOS | - | ORIGINAL | no | -
            Movie.Name.2015.BRRip.DivX-GRP | Movie Name | 2015 | - | UNKNOWN | BRRIP | DIVX | GRP | - | ORIGINAL | no | -
            Movie.Name.2015.CAM.XviD-NOGRP | Movie Name | 2015 | - | UNKNOWN | CAM | XVID | NOGRP | - | ORIGINAL | no | -
            Big.Buck.Bunny.2008.1080p.WEBRip.VP9-GRP | Big Buck Bunny | 2008 | - | R1080 | WEBRIP | VP9 | GRP | - | ORIGINAL | no | -
            Sintel.2010.2160p.WEB.AV1-GRP | Sintel | 2010 | - | R2160 | WEB | AV1 | GRP | - | ORIGINAL | no | -
            Inception.2010.1080p.BluRay.x264.[YTS.MX].mp4 | Inception | 2010 | - | R1080 | BLURAY | AVC | YTS.MX | - | ORIGINAL | no | -
            Movie.Title.2012.1080p.BluRay.x264-GROUP-Obfuscated | Movie Title | 2012 | - | R1080 | BLURAY | AVC | GROUP | - | ORIGINAL | no | -
            Movie Title 2012 1080p BluRay x264-GROUP-xpost.nzb | Movie Title | 2012 | - | R1080 | BLURAY | AVC | GROUP | - | ORIGINAL | no | -
            Aliens.1986.Special.Edition.1080p.BluRay.x264-CiNEFiLE | Aliens | 1986 | - | R1080 | BLURAY | AVC | CiNEFiLE | SPECIAL | ORIGINAL | no | -
            Blade.Runner.1982.The.Final.Cut.1080p.BluRay.DTS.x264-ESiR | Blade Runner | 1982 | - | R1080 | BLURAY | AVC | ESiR | FINAL_CUT | ORIGINAL | no | -
            The.Final.Cut.2004.720p.WEB-DL.AAC2.0.H.264-NOGRP | The Final Cut | 2004 | - | R720 | WEB_DL | AVC | NOGRP | - | ORIGINAL | no | -
            The.Lord.of.the.Rings.The.Fellowship.of.the.Ring.2001.EXTENDED.1080p.BluRay.x264-SiNNERS | The Lord of the Rings The Fellowship of the Ring | 2001 | - | R1080 | BLURAY | AVC | SiNNERS | EXTENDED | ORIGINAL | no | -
            The.Good.the.Bad.and.the.Ugly.1966.Extended.Cut.1080p.BluRay.x264-AMIABLE | The Good the Bad and the Ugly | 1966 | - | R1080 | BLURAY | AVC | AMIABLE | EXTENDED | ORIGINAL | no | -
            Kingdom.of.Heaven.2005.Directors.Cut.720p.BluRay.x264-SiNNERS | Kingdom of Heaven | 2005 | - | R720 | BLURAY | AVC | SiNNERS | DIRECTORS_CUT | ORIGINAL | no | -
            Kingdom of Heaven (2005) Director's Cut 1080p BluRay x265-RARBG | Kingdom of Heaven | 2005 | - | R1080 | BLURAY | HEVC | RARBG | DIRECTORS_CUT | ORIGINAL | no | -
            Dawn.of.the.Dead.2004.UNRATED.DC.720p.BluRay.x264-SiNNERS | Dawn of the Dead | 2004 | - | R720 | BLURAY | AVC | SiNNERS | UNRATED,DIRECTORS_CUT | ORIGINAL | no | -
            Alien.1979.REMASTERED.THEATRICAL.1080p.BluRay.x264-AMIABLE | Alien | 1979 | - | R1080 | BLURAY | AVC | AMIABLE | REMASTERED,THEATRICAL | ORIGINAL | no | -
            Interstellar.2014.IMAX.2160p.WEB-DL.DDP5.1.HEVC-NOGRP | Interstellar | 2014 | - | R2160 | WEB_DL | HEVC | NOGRP | IMAX | ORIGINAL | no | -
            Tenet.2020.IMAX.2160p.UHD.BluRay.x265.10bit.HDR.TrueHD.7.1.Atmos-SWTYBLZ | Tenet | 2020 | - | R2160 | BLURAY | HEVC | SWTYBLZ | IMAX | ORIGINAL | no | -
            Seven.Samurai.1954.Criterion.1080p.BluRay.x264-SADPANDA | Seven Samurai | 1954 | - | R1080 | BLURAY | AVC | SADPANDA | CRITERION | ORIGINAL | no | -
            Dawn.of.the.Dead.1978.EXTENDED.UNCUT.720p.BluRay.x264-HD4U | Dawn of the Dead | 1978 | - | R720 | BLURAY | AVC | HD4U | EXTENDED,UNCUT | ORIGINAL | no | -
            The.Terminator.1984.PROPER.1080p.BluRay.x264-SADPANDA | The Terminator | 1984 | - | R1080 | BLURAY | AVC | SADPANDA | - | PROPER | no | -
            Movie.Title.2010.REAL.PROPER.1080p.BluRay.x264-GRP | Movie Title | 2010 | - | R1080 | BLURAY | AVC | GRP | - | REAL_PROPER | no | -
            Movie.Title.2010.RERIP.720p.BluRay.x264-GRP | Movie Title | 2010 | - | R720 | BLURAY | AVC | GRP | - | RERIP | no | -
            Some.Show.S02E05.REPACK.720p.HDTV.x264-KILLERS | Some Show | 0 | S02E05 | R720 | HDTV | AVC | KILLERS | - | REPACK | no | -
            Some.Show.S02E05.REAL.REPACK.720p.HDTV.x264-KILLERS | Some Show | 0 | S02E05 | R720 | HDTV | AVC | KILLERS | - | REPACK | no | -
            Casablanca.1942.1080p.AI.Upscale.x265-UPS | Casablanca | 1942 | - | R1080 | UNKNOWN | HEVC | UPS | - | ORIGINAL | yes | -
            Star.Trek.Deep.Space.Nine.S01E01.UPSCALED.2160p.WEB.x265-GRP | Star Trek Deep Space Nine | 0 | S01E01 | R2160 | WEB | HEVC | GRP | - | ORIGINAL | yes | -
            Der.Untergang.2004.GERMAN.1080p.BluRay.x264-DETAiLS | Der Untergang | 2004 | - | R1080 | BLURAY | AVC | DETAiLS | - | ORIGINAL | no | GERMAN
            Movie.Name.GERMAN.DL.1080p.BluRay.x264-GROUP | Movie Name | 0 | - | R1080 | BLURAY | AVC | GROUP | - | ORIGINAL | no | DUAL,GERMAN
            Amelie.2001.FRENCH.720p.BluRay.x264-ZEST | Amelie | 2001 | - | R720 | BLURAY | AVC | ZEST | - | ORIGINAL | no | FRENCH
            Il.Padrino.1972.iTALiAN.1080p.BluRay.x264-GRP | Il Padrino | 1972 | - | R1080 | BLURAY | AVC | GRP | - | ORIGINAL | no | ITALIAN
            La.Casa.de.Papel.S01E01.MULTi.1080p.NF.WEB-DL.x264-GRP | La Casa de Papel | 0 | S01E01 | R1080 | WEB_DL | AVC | GRP | - | ORIGINAL | no | MULTI
            The.Office.US.S01E01.720p.HDTV.x264-CTU | The Office US | 0 | S01E01 | R720 | HDTV | AVC | CTU | - | ORIGINAL | no | -
            The.Office.US.S05E14E15.Stress.Relief.720p.WEB-DL.DD5.1.H.264-NTb | The Office US | 0 | S05E14E15 | R720 | WEB_DL | AVC | NTb | - | ORIGINAL | no | -
            Game.of.Thrones.S08E03.1080p.WEB.H264-MEMENTO | Game of Thrones | 0 | S08E03 | R1080 | WEB | AVC | MEMENTO | - | ORIGINAL | no | -
            game.of.thrones.s01e01.720p.hdtv.x264-ctu | game of thrones | 0 | S01E01 | R720 | HDTV | AVC | ctu | - | ORIGINAL | no | -
            Game.of.Thrones.S01E01.720p.HDTV.x264-CTU[rartv] | Game of Thrones | 0 | S01E01 | R720 | HDTV | AVC | CTU | - | ORIGINAL | no | -
            Game.of.Thrones.S01E01.720p.HDTV.x264-CTU[rartv].mkv | Game of Thrones | 0 | S01E01 | R720 | HDTV | AVC | CTU | - | ORIGINAL | no | -
            Friends.S01E16E17.720p.BluRay.x264-PSYCHD | Friends | 0 | S01E16E17 | R720 | BLURAY | AVC | PSYCHD | - | ORIGINAL | no | -
            The.Simpsons.S10E01-E02.DVDRip.XviD-TOPAZ | The Simpsons | 0 | S10E01E02 | UNKNOWN | DVDRIP | XVID | TOPAZ | - | ORIGINAL | no | -
            Lost.S01E01-E03.1080p.BluRay.x265-RARBG | Lost | 0 | S01E01E02E03 | R1080 | BLURAY | HEVC | RARBG | - | ORIGINAL | no | -
            Show.Name.S01E02-03.720p.HDTV.x264-GRP | Show Name | 0 | S01E02E03 | R720 | HDTV | AVC | GRP | - | ORIGINAL | no | -
            Top.Gear.22x01.HDTV.x264-FoV | Top Gear | 0 | S22E01 | UNKNOWN | HDTV | AVC | FoV | - | ORIGINAL | no | -
            Top Gear 1x02-1x03 PDTV XviD | Top Gear | 0 | S01E02E03 | UNKNOWN | PDTV | XVID | - | - | ORIGINAL | no | -
            Old.Show.S03E04.SD.PDTV.XviD-GRP | Old Show | 0 | S03E04 | SD | PDTV | XVID | GRP | - | ORIGINAL | no | -
            Breaking.Bad.S05.1080p.BluRay.x264-ROVERS | Breaking Bad | 0 | S05 | R1080 | BLURAY | AVC | ROVERS | - | ORIGINAL | no | -
            The.Wire.S01-S05.COMPLETE.720p.BluRay.x264-DEMAND | The Wire | 0 | S01-S05 | R720 | BLURAY | AVC | DEMAND | - | ORIGINAL | no | -
            Chernobyl.2019.S01.2160p.WEB.AV1-GRP | Chernobyl | 2019 | S01 | R2160 | WEB | AV1 | GRP | - | ORIGINAL | no | -
            Doctor.Who.2005.S13E01.1080p.HDTV.H264-ORGANiC | Doctor Who | 2005 | S13E01 | R1080 | HDTV | AVC | ORGANiC | - | ORIGINAL | no | -
            The.Daily.Show.2024.05.01.Jon.Stewart.720p.WEB.h264-EDITH | The Daily Show | 0 | 2024-05-01 | R720 | WEB | AVC | EDITH | - | ORIGINAL | no | -
            Jimmy.Kimmel.Live.2023-11-14.Guest.1080p.WEB.H264-JEBAITED | Jimmy Kimmel Live | 0 | 2023-11-14 | R1080 | WEB | AVC | JEBAITED | - | ORIGINAL | no | -
            Law & Order S01E01 720p WEB-DL AAC2.0 H.264-NTb | Law & Order | 0 | S01E01 | R720 | WEB_DL | AVC | NTb | - | ORIGINAL | no | -
            Fargo.S01E01.The.Crocodiles.Dilemma.1080p.BluRay.x264-ROVERS | Fargo | 0 | S01E01 | R1080 | BLURAY | AVC | ROVERS | - | ORIGINAL | no | -
            Sicario.2015.1080p.BluRay.x265.10bit-Tigole | Sicario | 2015 | - | R1080 | BLURAY | HEVC | Tigole | - | ORIGINAL | no | -
            [SomeGroup] Movie Name (2019) [1080p].mkv | Movie Name | 2019 | - | R1080 | UNKNOWN | UNKNOWN | SomeGroup | - | ORIGINAL | no | -
            Movie Name (2019) [1080p] [BluRay] [x264] [YTS.MX] | Movie Name | 2019 | - | R1080 | BLURAY | AVC | YTS.MX | - | ORIGINAL | no | -
            Movie.Name.2019.1080p.BluRay.x264-GROUP [1080p] | Movie Name | 2019 | - | R1080 | BLURAY | AVC | GROUP | - | ORIGINAL | no | -
            S.W.A.T.2017.S01E01.720p.HDTV.x264-KILLERS | S W A T | 2017 | S01E01 | R720 | HDTV | AVC | KILLERS | - | ORIGINAL | no | -
            Some Home Video | Some Home Video | 0 | - | UNKNOWN | UNKNOWN | UNKNOWN | - | - | ORIGINAL | no | -
            a7f3c9e2b1d84f6a9c0e5b2d7f1a3c8e.nzb | - | 0 | - | UNKNOWN | UNKNOWN | UNKNOWN | - | - | ORIGINAL | no | -
            8Hj3kL9mN2pQ4rS6.mkv | - | 0 | - | UNKNOWN | UNKNOWN | UNKNOWN | - | - | ORIGINAL | no | -
            qwertyuiopasdfghjklzxcvbnm | - | 0 | - | UNKNOWN | UNKNOWN | UNKNOWN | - | - | ORIGINAL | no | -
            1080p.BluRay.x264-NOTITLE | - | 0 | - | R1080 | BLURAY | AVC | NOTITLE | - | ORIGINAL | no | -
            """;

    @Test
    void everyFieldOfEveryNameInTheTableIsRead() {
        List<String> lines = TABLE.lines().filter(line -> !line.isBlank()).toList();
        assertTrue(lines.size() >= 60, "table has " + lines.size() + " names");
        for (String line : lines) {
            String[] f = Arrays.stream(line.split("\\|")).map(String::strip).toArray(String[]::new);
            assertEquals(12, f.length, line);
            String name = f[0];
            ReleaseInfo info = ReleaseName.parse(name);
            assertEquals(name, info.name());
            assertEquals(dash(f[1]), info.title(), name + ": title");
            assertEquals(!f[1].equals("-"), info.recognised(), name + ": recognised");
            assertEquals(Integer.parseInt(f[2]), info.year(), name + ": year");
            assertEquals(dash(f[3]), info.episodes().label(), name + ": episodes");
            assertEquals(Resolution.valueOf(f[4]), info.resolution(), name + ": resolution");
            assertEquals(Source.valueOf(f[5]), info.source(), name + ": source");
            assertEquals(Codec.valueOf(f[6]), info.codec(), name + ": codec");
            assertEquals(dash(f[7]), info.group(), name + ": group");
            assertEquals(set(f[8]), names(info.editions()), name + ": editions");
            assertEquals(Revision.valueOf(f[9]), info.revision(), name + ": revision");
            assertEquals(f[10].equals("yes"), info.upscaled(), name + ": upscaled");
            assertEquals(set(f[11]), new TreeSet<>(info.languages()), name + ": languages");
        }
    }

    private static String dash(String field) {
        return field.equals("-") ? "" : field;
    }

    private static Set<String> set(String field) {
        return field.equals("-") ? Set.of() : new TreeSet<>(Arrays.asList(field.split(",")));
    }

    private static Set<String> names(Set<Edition> editions) {
        return editions.stream().map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void episodesAreValuesThatCompareByContent() {
        assertEquals(new Episodes.Numbered(1, List.of(2, 3)), ReleaseName.parse("Show.S01E02E03.720p.HDTV.x264-A").episodes());
        assertEquals(ReleaseName.parse("Show.S01E02-E03.720p.HDTV.x264-A").episodes(),
                ReleaseName.parse("Show.1x02-1x03.720p.HDTV.x264-B").episodes());
        assertEquals(new Episodes.Seasons(1, 1), ReleaseName.parse("Show.S01.1080p.WEB.H264-A").episodes());
        assertEquals(new Episodes.Daily(LocalDate.of(2024, 5, 1)),
                ReleaseName.parse("Show.2024.05.01.720p.WEB.h264-A").episodes());
        assertEquals(new Episodes.None(), ReleaseName.parse("Film.2024.720p.WEB.h264-A").episodes());
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
        assertEquals(ReleaseName.parse("S.W.A.T.2017.S01E01.720p.HDTV.x264-KILLERS").titleKey(),
                ReleaseName.parse("SWAT 2017 S01E01 1080p WEB h264-GRP").titleKey());
        assertEquals(ReleaseName.parse("Law.and.Order.S01E01.DVDRip.XviD-A").titleKey(),
                ReleaseName.parse("Law & Order S01E01 720p WEB-DL AAC2.0 H.264-NTb").titleKey());
        assertEquals(ReleaseName.parse("the.office.us.s01e01.720p.hdtv.x264-ctu").titleKey(),
                ReleaseName.parse("The Office (US) S01E01 1080p WEB-DL-GRP").titleKey());
    }

    @Test
    void anyTextParsesWithoutFailing() {
        for (String name : List.of("", " ", "-", "[", "]", "[]", "[-]", "....", "-GROUP", ".mkv", "S01E05-E03",
                "S00E00", "Show.S999E9999", "Show.2024-02-30.WEB", "x.2024.13.01", "[a]", "(2019)", "&", "'")) {
            ReleaseInfo info = ReleaseName.parse(name);
            assertEquals(name, info.name());
        }
        String[] pieces = {".", " ", "_", "-", "[", "]", "(", ")", "S01", "E02", "E03", "1x02", "2019", "1080p",
                "x264", "H", "264", "WEB", "DL", "Real", "PROPER", "AI", "Upscale", "Directors", "Cut", "GERMAN",
                "Title", "2024", "05", "01", "rartv", ".mkv", "'s", "&"};
        SplittableRandom random = new SplittableRandom(1);
        for (int n = 0; n < 20_000; n++) {
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
