package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.server.Await;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While an import runs (a slow provider), its job is in the queue in a shape Sonarr parses: a
 * status from its enum, the category exactly as asked, {@code timeleft} as {@code H:MM:SS}; the same
 * NZB sent meanwhile gets the same nzo_id, and the job then moves to the history. {@code nzo_ids}
 * narrows the queue to the jobs named.
 */
class SabQueueTest {

    @TempDir
    Path dataDir;

    @Test
    void aJobBeingImportedIsQueuedAsCheckingAndThenCompletes() throws Exception {
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            byte[] film = new byte[2 * 300_000];
            new Random(7).nextBytes(film);
            byte[] nzb = NzbWriter.write(List.of(nntp.post("Slow.Show.S03E04.720p.mkv", film, 300_000)))
                    .getBytes(StandardCharsets.UTF_8);
            try (SabServer server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", "")) {
                SonarrLikeClient sonarr = server.sonarr("tv");
                nntp.faults().replyDelay(Duration.ofMillis(400));
                CompletableFuture<String> added =
                        CompletableFuture.supplyAsync(() -> sonarr.add("Slow.Show.S03E04.720p.WEB.x264-GRP", nzb, 1));
                // Waits no longer once the add has returned: the job has left the queue by then.
                List<List<SonarrLikeClient.QueueItem>> seen = new ArrayList<>(List.of(List.of()));
                Await.until(
                        Duration.ofSeconds(20),
                        () -> {
                            seen.set(0, sonarr.queue());
                            return !seen.get(0).isEmpty() || added.isDone();
                        },
                        () -> "the job in the queue");
                assertTrue(!seen.get(0).isEmpty(), "the job never showed in the queue");
                SonarrLikeClient.QueueItem queued = seen.get(0).get(0);
                assertEquals(SonarrLikeClient.SabStatus.Checking, queued.status());
                assertEquals("tv", queued.category());
                assertEquals("Slow.Show.S03E04.720p.WEB.x264-GRP", queued.title());
                assertEquals(SonarrLikeClient.SabPriority.High, queued.priority());
                assertEquals(Duration.ofSeconds(10), queued.timeLeft());
                assertEquals(List.of(), server.sonarr("movies").queue(), "the queue ignores the category asked");
                assertEquals(queued.id(), sonarr.add("Slow.Show.S03E04.720p.WEB.x264-GRP", nzb, 1));

                nntp.faults().replyDelay(Duration.ZERO);
                String id = added.get();
                assertEquals(queued.id(), id);
                assertEquals(List.of(), sonarr.queue());
                assertEquals(
                        SonarrLikeClient.SabStatus.Completed,
                        SabOverInn2Test.completed(sonarr, id).status());
            }
        }
    }

    @Test
    void queueWithNzoIdsListsThoseJobsAlone() throws Exception {
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            byte[] nzbA = nzb(nntp, "First.Show.S01E01.720p.mkv", 11);
            byte[] nzbB = nzb(nntp, "Second.Show.S01E01.720p.mkv", 12);
            try (SabServer server = SabServer.start(dataDir, nntp.host(), nntp.port(), "", "")) {
                SonarrLikeClient sonarr = server.sonarr("tv");
                nntp.faults().replyDelay(Duration.ofMillis(400));
                CompletableFuture<String> a =
                        CompletableFuture.supplyAsync(() -> sonarr.add("First.Show.S01E01.720p.WEB.x264-GRP", nzbA, 1));
                CompletableFuture<String> b = CompletableFuture.supplyAsync(
                        () -> sonarr.add("Second.Show.S01E01.720p.WEB.x264-GRP", nzbB, 1));
                // Waits no longer once an add has returned: that job has left the queue by then.
                List<List<SonarrLikeClient.QueueItem>> seen = new ArrayList<>(List.of(List.of()));
                Await.until(
                        Duration.ofSeconds(20),
                        () -> {
                            seen.set(0, sonarr.queue());
                            return seen.get(0).size() >= 2 || a.isDone() || b.isDone();
                        },
                        () -> "both jobs in the queue at once");
                List<SonarrLikeClient.QueueItem> both = seen.get(0);
                assertEquals(2, both.size(), "both jobs never showed in the queue at once");
                String first = both.stream()
                        .filter(q -> q.title().startsWith("First"))
                        .findFirst()
                        .orElseThrow()
                        .id();

                JsonNode one = queue(server, "&nzo_ids=" + first);
                assertEquals(1, one.path("noofslots").asInt(), one::toString);
                assertEquals(first, one.path("slots").path(0).path("nzo_id").asText());
                JsonNode listed = queue(server, "&nzo_ids=SABnzbd_nzo_unknown," + first);
                assertEquals(List.of(first), ids(listed), listed::toString);
                JsonNode none = queue(server, "&nzo_ids=SABnzbd_nzo_unknown");
                assertEquals(0, none.path("noofslots").asInt(), none::toString);
                assertEquals(List.of(), ids(none));

                nntp.faults().replyDelay(Duration.ZERO);
                a.get();
                b.get();
            }
        }
    }

    private static byte[] nzb(EmbeddedNntpServer nntp, String fileName, long seed) {
        byte[] film = new byte[2 * 300_000];
        new Random(seed).nextBytes(film);
        return NzbWriter.write(List.of(nntp.post(fileName, film, 300_000))).getBytes(StandardCharsets.UTF_8);
    }

    private static JsonNode queue(SabServer server, String more) throws Exception {
        HttpResponse<String> r = server.get("/api?mode=queue&output=json&apikey=" + server.apiKey + more);
        assertEquals(200, r.statusCode(), r::body);
        return new ObjectMapper().readTree(r.body()).path("queue");
    }

    private static List<String> ids(JsonNode queue) {
        List<String> ids = new java.util.ArrayList<>();
        for (JsonNode slot : queue.path("slots")) ids.add(slot.path("nzo_id").asText());
        return ids;
    }
}
