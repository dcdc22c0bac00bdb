package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's background proofs and its cutovers' sweeps compare standbys with the same primary
 * under one lock per primary, so a sample hash of the primary is fetched once: whichever sweep
 * gets there first computes and stores it, the other reads it back. Checked on a whole server
 * (demo mode, for {@code simulate-failure}): the primary's first article is held at the embedded
 * server while the background proof of a standby reads it for its first sample, and a response
 * then cuts over onto that standby, whose sweep needs the same sample.
 */
class SharedPrimaryLockTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";
    /** Read deadlines far past the hold, so the held read is neither retried nor given up. */
    private static final String PATIENT_READS = """
            reader:
              retryBackoffMillis: [1]
              firstByteTimeoutMillis: 30000
              fetchBudgetMillis: 60000
            """;

    @TempDir
    Path dataDir;

    @Test
    void theBackgroundProofAndTheCutoverSweepShareOnePerPrimaryLock() throws Exception {
        byte[] film = random(10 * PART, 11);
        EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
        try (CutoverRig rig =
                new CutoverRig(dataDir, PATIENT_READS, true, nntp, CutoverRig.provider("embedded", nntp, 0))) {
            PostedFile a = nntp.post(FILE, film, PART);
            PostedFile b = nntp.post(FILE, film, PART);
            long item = rig.importPrimary(TITLE, a);
            String first = a.messageIds().get(0);
            // Held only after the import, which asks about every article.
            nntp.faults().inject(first, new ArticleFault.Stall(-1));
            long asked = nntp.counters().bodyCommands(first);
            long standby = rig.addStandby(item, TITLE + " REPOST", b);
            awaitBodies(nntp, first, asked + 1);

            assertEquals(
                    202,
                    rig.post(URI.create(rig.app.uri() + "api/items/" + item + "/simulate-failure"), "")
                            .statusCode());
            URI file = rig.dav(TITLE, FILE);
            CompletableFuture<CutoverRig.Raw> response = CompletableFuture.supplyAsync(() -> {
                try {
                    return rawGet(file, "bytes=" + 5 * PART + "-");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // A sweep waiting for the lock shows nowhere outside: the hold gives the cutover, which
            // starts at the response's first read, time to reach the first sample.
            Thread.sleep(1_500);
            nntp.faults().clear(first);
            nntp.faults().releaseStalls();

            CutoverRig.Raw tail = response.get(60, TimeUnit.SECONDS);
            assertTrue(tail.headers().startsWith("HTTP/1.1 206"), tail.headers());
            assertArrayEquals(sha256(Arrays.copyOfRange(film, 5 * PART, film.length)), sha256(tail.body()));
            assertEquals(
                    "verified",
                    rig.events(item, "cutover-sweep")
                            .get(0)
                            .get("detail")
                            .get("result")
                            .asText());
            assertEquals(
                    standby,
                    rig.events(item, "cutover").get(0).get("detail").get("to").asLong());
            rig.awaitEvent(item, "standby-validation-result");
            assertEquals(
                    asked + 1,
                    nntp.counters().bodyCommands(first),
                    "the primary's first sample is fetched once for both sweeps: the second waits and reads its hash");
        }
    }

    private static void awaitBodies(EmbeddedNntpServer nntp, String messageId, long count) throws Exception {
        Await.until(
                Duration.ofSeconds(30),
                () -> nntp.counters().bodyCommands(messageId) >= count,
                () -> "article " + messageId + " asked for " + count + " times, not "
                        + nntp.counters().bodyCommands(messageId));
    }
}
