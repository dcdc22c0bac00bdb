package io.nzbmount.server.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.Await;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The demo's release with a hole, PAR2 files and no standby is repaired from its recovery data
 * after start; its film then plays whole (SHA-256 of the original), its coverage shows the
 * rebuilt range, its timeline the repair, and /metrics the slices rebuilt.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DemoRepairTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();
    private DemoServer demo;

    @BeforeEach
    void start() throws Exception {
        demo = DemoServer.start();
    }

    @AfterEach
    void stop() {
        http.close();
        demo.close();
    }

    @Test
    void theDemoReleaseWithAHoleAndPar2FilesIsRepairedAndPlaysWhole() throws Exception {
        JsonNode item = item(DemoContent.REPAIRED_ITEM);
        long id = item.get("id").asLong();
        JsonNode repair = awaitRepair(id);
        assertEquals("done", repair.get("state").asText(), repair.toString());
        assertTrue(repair.get("slicesMissing").asInt() > 0, repair.toString());
        byte[] film;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("demo/" + DemoContent.FILM)) {
            film = in.readAllBytes();
        }
        URI file = demo.uri()
                .resolve(
                        json("/api/items/" + id).get("files").get(0).get("path").asText());
        byte[] got = http.send(HttpRequest.newBuilder(file).build(), HttpResponse.BodyHandlers.ofByteArray())
                .body();
        assertEquals(film.length, got.length, "bytes served");
        assertArrayEquals(sha256(film), sha256(got), "SHA-256 of the film served");
        String coverage = json("/api/items/" + id + "/coverage").toString();
        assertTrue(coverage.contains("\"rebuilt\":[["), coverage);
        List<String> kinds = new ArrayList<>();
        for (JsonNode e : json("/api/events?item=" + id + "&limit=1000").get("events"))
            kinds.add(e.get("kind").asText());
        assertTrue(kinds.contains("repair-started") && kinds.contains("repair-done"), kinds.toString());
        String metrics = http.send(
                        HttpRequest.newBuilder(demo.uri().resolve("/metrics")).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher rebuilt = Pattern.compile("(?m)^nzbmount_repair_slices_rebuilt_total (\\d+)$")
                .matcher(metrics);
        assertTrue(
                rebuilt.find()
                        && Long.parseLong(rebuilt.group(1))
                                >= repair.get("slicesMissing").asInt(),
                metrics);
    }

    private JsonNode item(String name) throws Exception {
        JsonNode items = json("/api/items");
        for (JsonNode i : items.has("items") ? items.get("items") : items) {
            if (i.get("name").asText().equals(name)) return i;
        }
        throw new AssertionError("no item " + name + " in " + items);
    }

    private JsonNode awaitRepair(long id) throws Exception {
        JsonNode[] repairs = {null};
        return Await.value(
                Duration.ofSeconds(120),
                () -> {
                    repairs[0] = json("/api/items/" + id + "/repair").get("repairs");
                    boolean ended = !repairs[0].isEmpty()
                            && !List.of("queued", "running")
                                    .contains(repairs[0].get(0).get("state").asText());
                    return ended ? repairs[0].get(0) : null;
                },
                () -> "the demo repair ended: " + repairs[0]);
    }

    private JsonNode json(String path) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(demo.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private static byte[] sha256(byte[] b) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(b);
    }
}
