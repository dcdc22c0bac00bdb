package io.nzbmount.server.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.Await;
import io.nzbmount.server.demo.DemoFilmReleases;
import io.nzbmount.server.demo.MediaTools;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo as a newcomer meets it over HTTP: the clock film, its pool, its hole and the demo indexer. */
class DemoPlaybackTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private DemoServer demo;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        demo = DemoServer.start();
    }

    @AfterEach
    void stop() {
        http.close();
        if (demo != null) demo.close();
    }

    @Test
    void theWholeFilmArrivesByteForBytePastTheHoleFromAStandby() throws Exception {
        byte[] got = http.send(HttpRequest.newBuilder(demo.filmUrl()).build(), HttpResponse.BodyHandlers.ofByteArray())
                .body();
        assertArrayEquals(sha256(demo.releases().film()), sha256(got));
        JsonNode cutover = null;
        for (JsonNode e : json("/api/events?limit=1000").get("events")) {
            if (e.get("kind").asText().equals("cutover")) cutover = e.get("detail");
        }
        assertNotNull(cutover, "the read crossed the hole by a cutover");
        long offset = cutover.get("offset").asLong();
        assertTrue(
                offset >= demo.releases().holeStart()
                        && offset < demo.releases().holeEnd(),
                offset + " lies in the hole " + demo.releases().holeStart() + ".."
                        + demo.releases().holeEnd());
        assertTrue(cutover.has("tookMillis"), cutover.toString());
        assertEquals("permanent", cutover.get("kind").asText(), "the articles are missing for good");
    }

    @Test
    void bothStandbysAreVerifiedWithinSecondsOfStart() throws Exception {
        Map<String, String> states = new HashMap<>();
        Await.until(
                Duration.ofSeconds(30),
                () -> {
                    states.clear();
                    for (JsonNode s : json("/api/items/" + demo.filmItem()).get("standby")) {
                        states.put(
                                s.get("release").asText(),
                                s.path("validation").path("state").asText());
                    }
                    return states.size() == 2 && states.values().stream().allMatch("verified"::equals);
                },
                () -> "both standbys verified: " + states);
        assertEquals(
                Map.of(DemoFilmReleases.REPOST_TITLE, "verified", DemoFilmReleases.OBFUSCATED_TITLE, "verified"),
                states);
        System.out.println(
                "demo start to both standbys verified: " + demo.sinceStart().toMillis() + " ms");
    }

    @Test
    void ffprobeReadsTheDurationAndStreamsOverHttp() throws Exception {
        MediaTools.Run probe = MediaTools.run(
                60,
                "ffprobe",
                "-v",
                "error",
                "-show_entries",
                "format=duration:stream=codec_type",
                "-of",
                "compact",
                demo.filmUrl().toString());
        assertEquals(0, probe.exit(), probe.output());
        assertTrue(probe.output().contains("duration=150.0"), probe.output());
        assertTrue(
                probe.output().contains("codec_type=video") && probe.output().contains("codec_type=audio"),
                probe.output());
    }

    @Test
    void ffmpegSeeksNinetySecondsInOverHttp() throws Exception {
        Path frame = dir.resolve("frame.png");
        MediaTools.Run seek = MediaTools.run(
                60,
                "ffmpeg",
                "-v",
                "error",
                "-nostdin",
                "-ss",
                "90",
                "-i",
                demo.filmUrl().toString(),
                "-frames:v",
                "1",
                frame.toString());
        assertEquals(0, seek.exit(), seek.output());
        assertEquals("", seek.output().strip(), "no errors while seeking");
        assertTrue(frame.toFile().length() > 0, "a frame was written");
    }

    @Test
    void theDemoIndexerFindsTheFilmsReleasesWithTiersAgainstThePrimary() throws Exception {
        JsonNode answer = json("/api/search?q=" + enc("Demo Clock") + "&item=" + demo.filmItem());
        Map<String, JsonNode> byTitle = new HashMap<>();
        for (JsonNode r : answer.get("results")) byTitle.put(r.get("title").asText(), r);
        assertEquals(4, byTitle.size(), answer.toString());
        assertEquals(
                "source", byTitle.get(DemoFilmReleases.TITLE).get("standing").asText());
        assertEquals(
                "source",
                byTitle.get(DemoFilmReleases.OBFUSCATED_TITLE).get("standing").asText());
        assertEquals(
                "new", byTitle.get(DemoFilmReleases.SPARE_TITLE).get("standing").asText());
        assertEquals(
                2, byTitle.get(DemoFilmReleases.SPARE_TITLE).get("tier").asInt(), "same resolution, no codec named");
        assertEquals(
                3, byTitle.get(DemoFilmReleases.OBFUSCATED_TITLE).get("tier").asInt(), "the name says no resolution");
        assertEquals(
                "sd",
                byTitle.get(DemoFilmReleases.SPARE_TITLE)
                        .get("release")
                        .get("resolution")
                        .asText());
    }

    @Test
    void theItemNamesTheSearchItsPoolMakesSoTheUiNeedNotReadTheName() throws Exception {
        JsonNode search = json("/api/items/" + demo.filmItem()).get("search");
        assertEquals("movie", search.get("type").asText(), search.toString());
        assertEquals("Demo Clock 2024", search.get("q").asText(), search.toString());
        assertTrue(search.get("season").isNull() && search.get("ep").isNull(), search.toString());
    }

    @Test
    void addingTheSpareReleaseFromTheIndexerPutsItInThePool() throws Exception {
        json("/api/search?q=" + enc("Demo Clock") + "&item=" + demo.filmItem());
        HttpResponse<String> added =
                post("/api/items/" + demo.filmItem() + "/sources", "{\"indexer\":\"demo\",\"guid\":\"clock-spare\"}");
        assertEquals(201, added.statusCode(), added.body());
        List<String> pool = new ArrayList<>();
        for (JsonNode s : json("/api/items/" + demo.filmItem()).get("standby"))
            pool.add(s.get("release").asText());
        assertTrue(pool.contains(DemoFilmReleases.SPARE_TITLE), pool.toString());
    }

    @Test
    void aResultWhoseNameCarriesMarkupIsGivenAsTextAndBecomesAnItem() throws Exception {
        JsonNode answer = json("/api/search?q=Notes");
        assertEquals(1, answer.get("results").size(), answer.toString());
        assertEquals(
                DemoContent.MARKUP_TITLE,
                answer.get("results").get(0).get("title").asText());
        HttpResponse<String> created = post("/api/items", "{\"indexer\":\"demo\",\"guid\":\"notes-markup\"}");
        assertEquals(201, created.statusCode(), created.body());
    }

    @Test
    void anUnknownItemIsRefusedWithATypedKind() throws Exception {
        HttpResponse<String> r = post("/api/items/999/simulate-failure", "");
        assertEquals(404, r.statusCode());
        assertEquals("unknown-item", JSON.readTree(r.body()).get("kind").asText(), r.body());
        HttpResponse<String> item = http.send(
                HttpRequest.newBuilder(demo.uri().resolve("/api/items/999")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals("unknown-item", JSON.readTree(item.body()).get("kind").asText(), item.body());
    }

    private JsonNode json(String path) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(demo.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(demo.uri().resolve(path))
                        .header("X-NZBMount-Request", "1")
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }
}
