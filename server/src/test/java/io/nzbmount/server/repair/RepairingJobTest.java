package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.DownloadSettings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.sabnzbd.DownloadClient;
import io.nzbmount.server.sabnzbd.RepairsOfJobs;
import io.nzbmount.server.sabnzbd.SabnzbdApi;
import io.nzbmount.server.store.DownloadJob;
import io.nzbmount.server.streamlink.StreamLinks;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SABnzbd job whose release lost an article after it completed, as Sonarr and Radarr see it in
 * the history: {@code Repairing} while its PAR2 repair runs (held by a fake of the providers),
 * {@code Completed} once it is done, {@code Failed} with the reason when it cannot be done.
 */
class RepairingJobTest {
    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private RepairRig rig;
    private final AtomicReference<HeldUsenet> held = new AtomicReference<>();
    private DownloadClient client;

    @AfterEach
    void stop() throws Exception {
        if (held.get() != null) held.get().release();
        if (rig != null) rig.close();
        if (nntp != null) nntp.close();
    }

    private String job(List<PostedFile> posted, String name) throws Exception {
        rig = new RepairRig(dataDir, List.of(nntp.provider("embedded", 4, 0)), 1 << 20, u -> {
            held.set(new HeldUsenet(u));
            return held.get();
        });
        client = SabnzbdApi.client(
                rig.db,
                rig.importer,
                rig.catalog,
                DownloadSettings.defaults(),
                dataDir,
                rig.clock,
                new StreamLinks(new byte[32], rig.clock));
        client.repairs(new RepairsOfJobs(rig.jobs::ofPrimary));
        byte[] nzb = NzbWriter.write(posted, name).getBytes(StandardCharsets.UTF_8);
        return client.add(nzb, name, "movies", 0, URI.create("http://127.0.0.1:8080/"));
    }

    private DownloadJob shown(String nzoId) throws Exception {
        return client.history().stream()
                .filter(j -> j.nzoId().equals(nzoId))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void aJobShowsRepairingWhileItsRepairRunsThenCompleted() throws Exception {
        nntp = EmbeddedNntpServer.start();
        List<PostedFile> posted = RepairJobsTest.withPar2(
                nntp, "Held.Film.2021", RepairJobsTest.film(10 * RepairJobsTest.PART - 77, 3), 6);
        String nzoId = job(posted, "Held.Film.2021");
        assertEquals(DownloadJob.Status.COMPLETED, shown(nzoId).status());
        long itemId = shown(nzoId).itemId().orElseThrow();
        // Taken down after the job completed, as takedowns come.
        nntp.removeArticle(posted.getFirst().messageIds().get(2));

        rig.jobs.schedule(itemId);
        held.get().awaitHeld();

        assertEquals(DownloadJob.Status.REPAIRING, shown(nzoId).status());
        assertEquals("Repairing", shown(nzoId).status().word());
        assertEquals(
                DownloadJob.Status.COMPLETED, client.job(nzoId).orElseThrow().status(), "the stored job is unchanged");

        held.get().release();
        assertEquals("done", rig.awaitEnd(itemId).state());
        assertEquals(DownloadJob.Status.COMPLETED, shown(nzoId).status());
    }

    @Test
    void aJobWhoseRepairCannotFinishShowsFailedWithTheReason() throws Exception {
        nntp = EmbeddedNntpServer.start();
        // One recovery slice; the article taken down touches three slices.
        List<PostedFile> posted = RepairJobsTest.withPar2(
                nntp, "Thin.Film.2021", RepairJobsTest.film(10 * RepairJobsTest.PART - 77, 4), 1);
        String nzoId = job(posted, "Thin.Film.2021");
        long itemId = shown(nzoId).itemId().orElseThrow();
        nntp.removeArticle(posted.getFirst().messageIds().get(2));
        held.get().release();

        rig.jobs.schedule(itemId);
        assertEquals("impossible", rig.awaitEnd(itemId).state());

        DownloadJob failed = shown(nzoId);
        assertEquals(DownloadJob.Status.FAILED, failed.status());
        assertTrue(failed.failMessage().orElseThrow().startsWith("PAR2 repair failed: needs "), failed.toString());
    }
}
