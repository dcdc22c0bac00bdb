package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * While an import runs (a slow provider), its job is in the queue in a shape Sonarr parses: a
 * status from its enum, the category exactly as asked, {@code timeleft} as {@code H:MM:SS}; the same
 * NZB sent meanwhile gets the same nzo_id, and the job then moves to the history.
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
                CompletableFuture<String> added = CompletableFuture.supplyAsync(
                        () -> sonarr.add("Slow.Show.S03E04.720p.WEB.x264-GRP", nzb, 1));
                SonarrLikeClient.QueueItem queued = null;
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (queued == null && System.nanoTime() < deadline && !added.isDone()) {
                    List<SonarrLikeClient.QueueItem> queue = sonarr.queue();
                    if (!queue.isEmpty()) queued = queue.get(0);
                    else Thread.sleep(20);
                }
                assertTrue(queued != null, "the job never showed in the queue");
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
                assertEquals(SonarrLikeClient.SabStatus.Completed, SabOverInn2Test.completed(sonarr, id).status());
            }
        }
    }
}
