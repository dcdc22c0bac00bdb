package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.RarBuilder;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.sweep.SamplePlan;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost of proving a film inside archive volumes against a repost in other volumes: the film's
 * article edges lie wherever the volume headers put them, not at multiples of a part size, and
 * every sample still costs at most one article on each side.
 */
class ArchivedSweepCostTest {
    private static final String FILE = "Film.2020.1080p.mkv";

    @TempDir
    Path dir;

    private StandbyRig rig;

    @AfterEach
    void tearDown() throws Exception {
        if (rig != null) rig.close();
    }

    private byte[] nzb(List<ArchiveVolume> volumes, int partSize, String title) {
        List<PostedFile> posted = new ArrayList<>();
        for (ArchiveVolume v : volumes) posted.add(rig.nntp.post(v.name(), v.bytes(), partSize));
        return NzbWriter.write(posted, title).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void sweepOfAnArchivedFilmAgainstARepostInOtherVolumesCostsAtMostOneArticlePerSidePerSample() throws Exception {
        rig = new StandbyRig(dir);
        byte[] film = StandbyRig.randomBytes(3_000_000, 5);
        ImportResult primary = rig.importer.importNzb(
                nzb(RarBuilder.storedRar5("Film.2020.1080p-A", FILE, film, 600_000), 100_000, "Film.2020.1080p-A"),
                Optional.empty());
        long standby = rig.importer
                .addStandby(
                        primary.item().item().id(),
                        nzb(
                                RarBuilder.storedRar4("Film.2020.1080p-B", FILE, film, 450_000),
                                128_000,
                                "Film.2020.1080p-B"),
                        Optional.empty())
                .sourceId();

        long before = rig.nntp.counters().bodyCommands();
        rig.tickAndWait();
        long fetched = rig.nntp.counters().bodyCommands() - before;

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.VERIFIED, p.state(), p.reason().orElse(""));
        assertTrue(p.samplesTotal() >= SamplePlan.MIN_SAMPLES - 2, "samples: " + p.samplesTotal());
        assertTrue(fetched <= 2L * p.samplesTotal(), fetched + " articles for " + p.samplesTotal() + " samples");
    }
}
