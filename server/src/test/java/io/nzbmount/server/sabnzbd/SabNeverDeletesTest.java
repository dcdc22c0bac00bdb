package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A grabbed release that breaks later, with no standby to take over, is never deleted: the item,
 * its job folder and its history entry stay, and the item shows its problem in the API until the
 * user acts.
 */
class SabNeverDeletesTest {

    @TempDir
    Path dataDir;

    @Test
    void aReleaseThatBreaksAfterItsImportStaysAndShowsItsProblem() throws Exception {
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            byte[] film = new byte[3 * 400_000];
            new Random(99).nextBytes(film);
            PostedFile posted = nntp.post("Later.Broken.2021.1080p.mkv", film, 400_000);
            byte[] nzb = NzbWriter.write(List.of(posted)).getBytes(StandardCharsets.UTF_8);
            try (SabServer server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", "")) {
                SonarrLikeClient sonarr = server.sonarr("movies");
                String id = sonarr.add("Later.Broken.2021.1080p.WEB.x264-GRP", nzb, 0);
                SonarrLikeClient.HistoryItem done = SabOverInn2Test.completed(sonarr, id);
                Path strm = SonarrLikeClient.importable(done).get(0);
                URI url = URI.create(Files.readString(strm).strip());

                nntp.removeArticle(posted.messageIds().get(1));
                boolean endedShort;
                try {
                    HttpResponse<byte[]> read = server.bytes(url.getRawPath());
                    endedShort = read.body().length < film.length;
                } catch (java.io.IOException shortBody) {
                    endedShort = true;
                }
                assertTrue(endedShort, "a stream over a missing article ended whole");

                long itemId = server.items().get(0).path("id").asLong();
                JsonNode problem = awaitProblem(server, itemId);
                assertEquals("no-source", problem.path("kind").asText(), problem::toString);
                assertEquals(1, server.items().size());
                assertTrue(Files.exists(strm), "the job folder was removed");
                List<SonarrLikeClient.HistoryItem> history = sonarr.history();
                assertEquals(1, history.size());
                assertEquals(
                        SonarrLikeClient.SabStatus.Completed, history.get(0).status());
            }
        }
    }

    private static JsonNode awaitProblem(SabServer server, long itemId) throws Exception {
        JsonNode[] item = {null};
        return Await.value(
                Duration.ofSeconds(20),
                () -> {
                    item[0] = SabServer.JSON.readTree(
                            server.bytes("/api/items/" + itemId).body());
                    boolean shown = !item[0].path("problem").isNull() && item[0].has("problem");
                    return shown ? item[0].path("problem") : null;
                },
                () -> "a problem shown: " + item[0]);
    }
}
