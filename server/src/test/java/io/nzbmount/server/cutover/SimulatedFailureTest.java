package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /api/items/{id}/simulate-failure}: demo mode only, and it makes a real cutover happen. */
class SimulatedFailureTest {
    private static final int PART = 100_000;

    @TempDir
    Path dataDir;

    @Test
    void inDemoModeASimulatedFailureCutsTheNextReadOverToTheStandbyWithIdenticalBytes() throws Exception {
        byte[] film = random(6 * PART, 5);
        EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
        try (CutoverRig rig = new CutoverRig(dataDir, "", true, nntp, CutoverRig.provider("embedded", nntp, 0))) {
            PostedFile a = nntp.post("Clip.mkv", film, PART);
            PostedFile b = nntp.post("Clip.mkv", film, PART);
            long item = rig.importPrimary("Clip", a);
            long standby = rig.addStandby(item, "Clip REPOST", b);
            rig.awaitVerified(item, standby);

            assertEquals(
                    202,
                    rig.post(URI.create(rig.app.uri() + "api/items/" + item + "/simulate-failure"), "")
                            .statusCode());
            CutoverRig.Raw r = rawGet(rig.dav("Clip", "Clip.mkv"));
            r.assertOne200(film.length);
            assertArrayEquals(sha256(film), sha256(r.body()));
            List<JsonNode> cutovers = rig.events(item, "cutover");
            assertEquals(1, cutovers.size(), cutovers.toString());
            assertEquals(standby, cutovers.get(0).get("detail").get("to").asLong());
            assertEquals("simulated", cutovers.get(0).get("detail").get("kind").asText(), "typed, for the UI's notice");
            var unknown = rig.post(URI.create(rig.app.uri() + "api/items/999/simulate-failure"), "");
            assertEquals(404, unknown.statusCode());
            assertEquals(
                    "unknown-item",
                    new com.fasterxml.jackson.databind.ObjectMapper()
                            .readTree(unknown.body())
                            .get("kind")
                            .asText(),
                    "an unknown item, not a missing path");
        }
    }

    @Test
    void outsideDemoModeSimulateFailureIsNotFound() throws Exception {
        try (CutoverRig rig = CutoverRig.start(dataDir, "")) {
            long item = rig.importPrimary("Clip", rig.nntp.post("Clip.mkv", random(PART, 6), PART));
            var r = rig.post(URI.create(rig.app.uri() + "api/items/" + item + "/simulate-failure"), "");
            assertEquals(404, r.statusCode());
            assertTrue(!r.body().contains("unknown-item"), "the path is missing, not the item: " + r.body());
        }
    }
}
