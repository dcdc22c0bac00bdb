package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.server.realpeer.Tool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A third-party SABnzbd client, the npm library {@code sabnzbd-api} (pinned in
 * {@code .ci/sabnzbd-api/}, installed by {@code .ci/install-deps.sh}), drives the API through a
 * small node script: its view of the version, the added job, the queue and the history must match
 * the Sonarr-like client's. It sends everything as form fields of the multipart POST, key included,
 * where Sonarr puts them in the query. Skipped without node and the library, except on CI.
 */
class SabClientLibraryTest {

    static final Path LIBRARY = Path.of(
            System.getenv().getOrDefault("NZBMOUNT_TEST_SABNZBD_API", "/opt/nzbmount-ci/sabnzbd-api/node_modules"));

    @TempDir
    Path dataDir;

    @Test
    void theLibrarysViewOfQueueAndHistoryMatchesSonarrs() throws Exception {
        Tool.requireOrSkip("node");
        if (!Files.isDirectory(LIBRARY.resolve("sabnzbd-api"))) {
            String message = "the npm library sabnzbd-api is not in " + LIBRARY + " (run .ci/install-deps.sh)";
            if (System.getenv("CI") != null) Assertions.fail(message + "; CI is set, so this is a failure");
            Assumptions.abort(message);
        }
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            byte[] film = new byte[2 * 500_000 + 77];
            new Random(1515).nextBytes(film);
            byte[] nzb = NzbWriter.write(List.of(nntp.post("Library.Show.S02E03.1080p.mkv", film, 500_000)))
                    .getBytes(StandardCharsets.UTF_8);
            Path nzbFile = Files.write(dataDir.resolve("upload.nzb"), nzb);
            Path script = Path.of("src", "test", "resources", "sabnzbd", "drive-sabnzbd-api.js")
                    .toAbsolutePath();
            try (SabServer server = SabServer.start(dataDir.resolve("data"), nntp.host(), nntp.port(), "", "")) {
                Tool.Result run = Tool.command(
                                "node",
                                script.toString(),
                                server.base(),
                                server.apiKey,
                                nzbFile.toString(),
                                "Library.Show.S02E03.1080p.WEB.x264-GRP",
                                "tv")
                        .env("NODE_PATH", LIBRARY.toString())
                        .timeout(Duration.ofSeconds(60))
                        .run()
                        .assertSuccess();
                JsonNode lib = SabServer.JSON.readTree(run.out());

                SonarrLikeClient sonarr = server.sonarr("tv");
                assertEquals(sonarr.version(), lib.path("version").asText());
                assertTrue(lib.path("added").path("status").asBoolean(), lib::toString);
                String id = lib.path("added").path("nzo_ids").get(0).asText();
                assertEquals(
                        id,
                        sonarr.add("Library.Show.S02E03.1080p.WEB.x264-GRP", nzb, 0),
                        "the library's upload and Sonarr's are one job");

                assertEquals(
                        sonarr.queue().size(), lib.path("queue").path("slots").size());
                List<SonarrLikeClient.HistoryItem> history = sonarr.history();
                JsonNode slots = lib.path("history").path("slots");
                assertEquals(history.size(), slots.size(), lib::toString);
                assertEquals(1, slots.size());
                JsonNode slot = slots.get(0);
                SonarrLikeClient.HistoryItem mine = history.get(0);
                assertEquals(mine.id(), slot.path("nzo_id").asText());
                assertEquals(mine.title(), slot.path("name").asText());
                assertEquals(mine.category(), slot.path("category").asText());
                assertEquals(mine.status().name(), slot.path("status").asText());
                assertEquals(mine.storage(), slot.path("storage").asText());
                assertEquals(mine.size(), slot.path("bytes").asLong());
                assertEquals("Completed", slot.path("status").asText());
                assertEquals(film.length, slot.path("bytes").asLong());
                assertTrue(lib.path("wrongKeyHistory").isNull(), "a wrong key listed the history: " + lib);
            }
        }
    }
}
