package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.library.ImportResult;
import io.nzbmount.server.repair.par2.RecoveryWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link RepairJobs} over the embedded NNTP server: what a repair tells and records, in what order. */
class RepairJobsTest {
    static final int PART = 20_000;
    static final int SLICE = 8_192;

    @TempDir Path dataDir;
    private EmbeddedNntpServer nntp;
    private RepairRig rig;

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
        if (nntp != null) nntp.close();
    }

    static byte[] film(int length, int seed) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** The film, a par2 index and a volume of {@code recovery} slices, posted in that order. */
    static List<PostedFile> withPar2(EmbeddedNntpServer nntp, String name, byte[] film, int recovery)
            throws Exception {
        Map<String, byte[]> files = Map.of(name + ".mkv", film);
        byte[] index = Par2IndexWriter.write(files, SLICE);
        PostedFile posted = nntp.post(name + ".mkv", film, PART);
        PostedFile par2 = nntp.post(name + ".par2", index, PART);
        PostedFile vol = nntp.post(name + ".vol00+" + recovery + ".par2", RecoveryWriter.volume(index, files, 0, recovery),
                PART);
        return List.of(posted, par2, vol);
    }

    @Test
    void aReleaseWithoutPar2NeverTellsARepairStarted() throws Exception {
        nntp = EmbeddedNntpServer.start();
        PostedFile posted = nntp.post("Clock.Film.2020.mkv", film(10 * PART - 77, 1), PART);
        nntp.removeArticle(posted.messageIds().get(4));
        rig = new RepairRig(dataDir, List.of(nntp.provider("embedded", 4, 0)), 1 << 20, UnaryOperator.identity());
        ImportResult imported = rig.importPrimary("Clock Film 2020", List.of(posted));
        long itemId = imported.item().item().id();

        rig.jobs.found(itemId, imported.sourceId());
        RepairStatus end = rig.awaitEnd(itemId);

        assertEquals("no-par2", end.state(), end.toString());
        List<String> kinds = rig.eventKinds(itemId);
        assertFalse(kinds.contains("repair-started"), kinds.toString());
        assertFalse(kinds.contains("repair-impossible"), kinds.toString());
    }

    @Test
    void aReleaseWithPar2TellsItsRepairStartedBeforeItIsDone() throws Exception {
        nntp = EmbeddedNntpServer.start();
        List<PostedFile> posted = withPar2(nntp, "Par.Film.2020", film(10 * PART - 77, 2), 6);
        nntp.removeArticle(posted.getFirst().messageIds().get(2));
        rig = new RepairRig(dataDir, List.of(nntp.provider("embedded", 4, 0)), 1 << 20, UnaryOperator.identity());
        ImportResult imported = rig.importPrimary("Par Film 2020", posted);
        long itemId = imported.item().item().id();

        rig.jobs.found(itemId, imported.sourceId());
        RepairStatus end = rig.awaitEnd(itemId);

        assertEquals("done", end.state(), end.toString());
        List<String> kinds = rig.eventKinds(itemId);
        assertTrue(kinds.contains("repair-started") && kinds.contains("repair-done"), kinds.toString());
        assertTrue(kinds.indexOf("repair-started") < kinds.indexOf("repair-done"), "oldest first: " + kinds);
    }
}
