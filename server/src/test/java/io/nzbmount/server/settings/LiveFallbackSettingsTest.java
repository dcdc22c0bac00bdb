package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.server.Await;
import io.nzbmount.server.app.Application;
import io.nzbmount.server.indexer.TestNewznabServer;
import io.nzbmount.server.ui.CsrfHandler;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Saved fallback settings apply to the running server at once (the whole {@link Application} in
 * demo mode, an embedded provider, a test indexer): the pool size limits the next standby added,
 * 0 turns pool searches off, and turning automatic cutover off or on decides the next stream.
 */
class LiveFallbackSettingsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SIZE = 2_000_000;

    @TempDir
    Path dir;

    private EmbeddedNntpServer nntp;
    private TestNewznabServer indexer;
    private Application app;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        indexer = TestNewznabServer.start("key-live-settings");
        var settings = ConfigLoader.fromText(
                """
                server:
                  port: 0
                  dataDir: %s
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    connections: 4
                indexers:
                  - name: idx
                    url: %s
                    apiKey: key-live-settings
                reader:
                  retryBackoffMillis: [1]
                """.formatted(dir.resolve("data"), nntp.host(), nntp.port(), indexer.url()), "test", Map.of());
        app = Application.start(settings, Map.of(), true);
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterEach
    void stop() {
        if (client != null) client.close();
        if (app != null) app.close();
        if (indexer != null) indexer.close();
        if (nntp != null) nntp.close();
    }

    private HttpResponse<String> send(String method, String path, byte[] body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(app.uri().resolve(path)).header(CsrfHandler.HEADER, "1");
        b.method(
                method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private byte[] nzb(String name, byte[] data, int part) {
        return NzbWriter.write(List.of(nntp.post(name + ".mkv", data, part)), name)
                .getBytes(StandardCharsets.UTF_8);
    }

    private long item(byte[] data) throws Exception {
        HttpResponse<String> r =
                send("POST", "/api/nzbs", nzb("Cold.Harbour.2020.1080p.BluRay.x264-GRP", data, 200_000));
        assertEquals(201, r.statusCode(), r.body());
        return JSON.readTree(r.body()).get("id").asLong();
    }

    private HttpResponse<String> addStandby(long id, byte[] data, String name) throws Exception {
        return send("POST", "/api/nzbs?item=" + id + "&role=standby", nzb(name, data, 250_000));
    }

    private JsonNode saveFallback(boolean enabled, int maxStandby) throws Exception {
        HttpResponse<String> r = send(
                "PUT",
                "/api/settings",
                ("{\"fallback\": {\"enabled\": " + enabled + ", \"maxStandby\": " + maxStandby
                                + ", \"submitDelaySeconds\": 30}}")
                        .getBytes(StandardCharsets.UTF_8));
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    @Test
    void aSavedPoolSizeLimitsTheNextStandbyAndZeroTurnsSearchesOffWithoutARestart() throws Exception {
        byte[] data = random(1);
        long id = item(data);
        assertEquals(
                201,
                addStandby(id, data, "Cold.Harbour.2020.1080p.BluRay.x264-ONE").statusCode());

        JsonNode answer = saveFallback(true, 1);
        assertEquals("[]", answer.get("restartRequired").toString(), "nothing waits for a restart");
        assertEquals("[\"fallback\"]", answer.get("appliesLive").toString());
        HttpResponse<String> full = addStandby(id, data, "Cold.Harbour.2020.1080p.BluRay.x264-TWO");
        assertEquals(409, full.statusCode(), full.body());
        assertTrue(full.body().contains("full (1 sources)"), full.body());

        assertEquals(202, send("POST", "/api/items/" + id + "/research", null).statusCode());
        saveFallback(true, 0);
        HttpResponse<String> off = send("POST", "/api/items/" + id + "/research", null);
        assertEquals(409, off.statusCode(), off.body());
        assertTrue(off.body().contains("turned off"), off.body());
    }

    @Test
    void turningAutomaticCutoverOffAndOnDecidesTheNextStream() throws Exception {
        byte[] data = random(2);
        long id = item(data);
        assertEquals(
                201,
                addStandby(id, data, "Cold.Harbour.2020.1080p.BluRay.x264-ONE").statusCode());
        awaitVerifiedStandby(id);
        String path = JSON.readTree(send("GET", "/api/items/" + id, null).body())
                .get("files")
                .get(0)
                .get("path")
                .asText();

        saveFallback(false, 5);
        assertEquals(
                202,
                send("POST", "/api/items/" + id + "/simulate-failure", null).statusCode());
        assertFalse(servesWhole(path, data), "with automatic cutover off the failed stream is not continued");

        saveFallback(true, 5);
        assertEquals(
                202,
                send("POST", "/api/items/" + id + "/simulate-failure", null).statusCode());
        assertTrue(servesWhole(path, data), "with it on again a standby continues the stream");
    }

    /** Whether a GET of the file answers 200 with exactly the original bytes. */
    private boolean servesWhole(String path, byte[] data) throws Exception {
        try {
            HttpResponse<byte[]> r = client.send(
                    HttpRequest.newBuilder(app.uri().resolve(path)).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) return false;
            int n = Math.min(r.body().length, data.length);
            assertTrue(
                    java.util.Arrays.equals(r.body(), 0, n, data, 0, n), "whatever was sent is the original's start");
            return r.body().length == data.length;
        } catch (IOException e) {
            return false;
        }
    }

    private void awaitVerifiedStandby(long id) throws Exception {
        String[] last = {""};
        Await.until(
                Duration.ofSeconds(60),
                () -> {
                    last[0] = send("GET", "/api/items/" + id, null).body();
                    for (JsonNode s : JSON.readTree(last[0]).get("standby")) {
                        if (s.get("state").asText().equals("validated")) return true;
                    }
                    return false;
                },
                () -> "a verified standby: " + last[0]);
    }

    private static byte[] random(long seed) {
        byte[] b = new byte[SIZE];
        new Random(seed).nextBytes(b);
        return b;
    }
}
