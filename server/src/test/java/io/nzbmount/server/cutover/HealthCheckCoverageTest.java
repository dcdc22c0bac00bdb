package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.PostedFile;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's health check after an import: the holes it finds show on the coverage bar
 * ({@code GET /api/items/{id}/coverage}), in a {@code holes-found} event and in {@code /metrics}.
 */
class HealthCheckCoverageTest {
    private static final int PART = 50_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final HttpClient http = HttpClient.newHttpClient();

    @AfterEach
    void stop() {
        http.close();
        if (rig != null) rig.close();
    }

    @Test
    void holesTheCheckFindsAfterAnImportShowOnTheCoverageBar() throws Exception {
        byte[] film = random(12 * PART, 31);
        rig = CutoverRig.start(dataDir, "health:\n  enabled: true\n");
        PostedFile a = rig.nntp.post(FILE, film, PART);
        // Gone before the import: the import's STAT sample may see them, only the health check stores them.
        rig.nntp.removeArticle(a.messageIds().get(4));
        rig.nntp.removeArticle(a.messageIds().get(9));
        long item = rig.importPrimary(TITLE, a);
        long source = rig.item(item).get("primary").get("id").asLong();

        JsonNode event = rig.awaitEvent(item, "holes-found");
        assertEquals(source, event.get("detail").get("source").asLong());
        assertEquals(2, event.get("detail").get("newHoles").asInt());

        JsonNode file = coverage(item).get("files").get(0);
        JsonNode primary = file.get("sources").get(0);
        assertEquals(source, primary.get("id").asLong());
        assertEquals("[[200000,250000],[450000,500000]]", primary.get("missing").toString());

        String metrics = get("/metrics").body();
        assertTrue(metrics.contains("\nnzbmount_health_holes_found_total 2\n"), metrics);
        assertTrue(metrics.contains("\nnzbmount_health_articles_checked_total "), metrics);
    }

    private JsonNode coverage(long item) throws Exception {
        HttpResponse<String> r = get("/api/items/" + item + "/coverage");
        assertEquals(200, r.statusCode(), r.body());
        return CutoverRig.JSON.readTree(r.body());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(rig.app.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
    }
}
