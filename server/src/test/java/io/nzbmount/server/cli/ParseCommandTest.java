package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code nzbmount parse} and {@code nzbmount parse --same}, run as the command line runs them. */
class ParseCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String stdin, String... args) {
        return new Cli(
                        new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        Map.of())
                .run(args);
    }

    private List<JsonNode> lines() throws IOException {
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                nodes.add(JSON.readTree(line));
            }
        }
        return nodes;
    }

    @Test
    void everyNameGivenAsAnArgumentGetsOneJsonObjectWithEveryField() throws IOException {
        assertEquals(
                0,
                run(
                        "",
                        "parse",
                        "Show.S01E02E03.720p.HDTV.x264-GRP",
                        "The.Matrix.1999.REPACK2.1080p.BluRay.x264-SPARKS"),
                err.toString(StandardCharsets.UTF_8));
        List<JsonNode> lines = lines();
        assertEquals(2, lines.size());
        JsonNode show = lines.get(0);
        assertEquals("Show.S01E02E03.720p.HDTV.x264-GRP", show.get("name").asText());
        assertEquals("Show", show.get("title").asText());
        assertTrue(show.get("year").isNull());
        assertEquals(
                "{\"kind\":\"numbered\",\"season\":1,\"episodes\":[2,3]}",
                show.get("episodes").toString());
        assertEquals("720p", show.get("resolution").asText());
        assertEquals("hdtv", show.get("source").asText());
        assertEquals("avc", show.get("codec").asText());
        assertEquals("GRP", show.get("group").asText());
        assertEquals("[]", show.get("editions").toString());
        assertEquals(
                "{\"kind\":\"original\",\"version\":1}", show.get("revision").toString());
        JsonNode film = lines.get(1);
        assertEquals(1999, film.get("year").asInt());
        assertEquals("{\"kind\":\"none\"}", film.get("episodes").toString());
        assertEquals("{\"kind\":\"repack\",\"version\":2}", film.get("revision").toString());
    }

    @Test
    void withoutNamesEachLineOfStandardInputIsOneNameAndBlankLinesAreSkipped() throws IOException {
        String stdin = "Show.S01-S03.1080p.BluRay.x264-A\n\nDaily.2024.05.01.720p.WEB.h264-B\r\n"
                + "[SubsPlease] Frieren - 12 (1080p) [A1B2C3D4].mkv\n0123456789abcdef0123456789abcdef\n";
        assertEquals(0, run(stdin, "parse"), err.toString(StandardCharsets.UTF_8));
        List<JsonNode> lines = lines();
        assertEquals(4, lines.size());
        assertEquals(
                "{\"kind\":\"seasons\",\"first\":1,\"last\":3}",
                lines.get(0).get("episodes").toString());
        assertEquals(
                "{\"kind\":\"daily\",\"date\":\"2024-05-01\"}",
                lines.get(1).get("episodes").toString());
        assertEquals(
                "{\"kind\":\"absolute\",\"episodes\":[12]}",
                lines.get(2).get("episodes").toString());
        assertEquals("SubsPlease", lines.get(2).get("group").asText());
        assertTrue(lines.get(3).get("title").isNull(), "an obfuscated name has no title");
    }

    @Test
    void samePairsGetTheVerdictAndTheTierOfTheSecondAgainstTheFirst() throws IOException {
        String stdin = "Show.S01E02.720p.HDTV.x264-A\tShow.S01E02.720p.WEB.h264-B\n"
                + "Show.S01E02.720p.HDTV.x264-A\tShow.S01.720p.HDTV.x264-A\n";
        assertEquals(0, run(stdin, "parse", "--same"), err.toString(StandardCharsets.UTF_8));
        List<JsonNode> lines = lines();
        assertEquals(2, lines.size());
        assertTrue(lines.get(0).get("same").asBoolean());
        assertEquals(1, lines.get(0).get("tier").asInt());
        assertEquals(
                "Show.S01E02.720p.HDTV.x264-A",
                lines.get(0).get("a").get("name").asText());
        assertEquals("B", lines.get(0).get("b").get("group").asText());
        assertTrue(!lines.get(1).get("same").asBoolean());
        assertTrue(lines.get(1).get("tier").isNull());
    }

    @Test
    void anUnsurePositionIsPrintedAsUnknownAndIsNeverTheSame() throws IOException {
        String name = "Number.451.720p.BluRay.x264-GRP";
        assertEquals(0, run(name + "\t" + name + "\n", "parse", "--same"), err.toString(StandardCharsets.UTF_8));
        JsonNode pair = lines().get(0);
        assertEquals(
                "{\"kind\":\"unknown\",\"text\":\"451\"}",
                pair.get("a").get("episodes").toString());
        assertEquals(false, pair.get("same").asBoolean());
        assertTrue(pair.get("tier").isNull());
    }

    @Test
    void aPairLineWithoutATabIsOneClearLineAndExitTwoAfterTheLinesBeforeIt() throws IOException {
        String stdin = "A.S01E01.HDTV.x264-A\tA.S01E01.HDTV.x264-B\nonly one name here\nC\tD\n";
        assertEquals(2, run(stdin, "parse", "--same"));
        assertEquals(1, lines().size());
        assertEquals(
                "nzbmount: parse --same: line 2: expected two names separated by one tab\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void namesAsArgumentsWithSameAreRefused() {
        assertEquals(2, run("", "parse", "--same", "Some.Name"));
        assertEquals(
                "nzbmount: parse --same reads lines 'A<TAB>B' from standard input, not names as arguments\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anEmptyNameIsRefusedAndANameStartingWithADashNeedsTheSeparator() throws IOException {
        assertEquals(2, run("", "parse", " "));
        assertEquals("nzbmount: parse: a name is empty\n", err.toString(StandardCharsets.UTF_8));
        err.reset();
        assertEquals(2, run("", "parse", "-GROUP"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("nzbmount: unknown option '-GROUP' for parse"));
        assertEquals(0, run("", "parse", "--", "-GROUP"));
        assertEquals(1, lines().size());
    }
}
