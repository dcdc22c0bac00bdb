package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.Par2IndexWriter;
import io.nzbmount.server.library.importing.ImportResult;
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

    @TempDir
    Path dataDir;

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
    static List<PostedFile> withPar2(EmbeddedNntpServer nntp, String name, byte[] film, int recovery) throws Exception {
        Map<String, byte[]> files = Map.of(name + ".mkv", film);
        byte[] index = Par2IndexWriter.write(files, SLICE);
        PostedFile posted = nntp.post(name + ".mkv", film, PART);
        PostedFile par2 = nntp.post(name + ".par2", index, PART);
        PostedFile vol = nntp.post(
                name + ".vol00+" + recovery + ".par2", RecoveryWriter.volume(index, files, 0, recovery), PART);
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

    @Test
    void inputFilesOfOneSizeAreMatchedByTheirFirst16KiBWhateverTheirNames() throws Exception {
        // Posted with each other's names: a match by name (or by size) takes the wrong bytes.
        twinsRepaired("Twin.Film.2020.CD2.mkv", "Twin.Film.2020.CD1.mkv", PART, 1);
    }

    @Test
    void anObfuscatedInputFileWhoseFirst16KiBIsLostIsTheOnlyOneOfItsSizeLeft() throws Exception {
        // Articles of 10,000 bytes: the second holds bytes 10,000..19,999, inside the first 16 KiB.
        twinsRepaired("a8f3c01d9e.mkv", "77b1e0c2f4.mkv", 10_000, 1);
    }

    @Test
    void aFileWhoseFirstArticleIsGoneIsPlacedByItsStoredLayoutAndRepaired() throws Exception {
        // Its first article is what a new map would be made from; the import's stored map needs none.
        twinsRepaired("c41d0e7b2a.mkv", "9f2e6a1b03.mkv", PART, 0);
    }

    @Test
    void aDamagedArticleInsideSlicesRebuiltForItsNeighbourIsServedRebuilt() throws Exception {
        // Slices of 32,768 bytes, articles of 20,000: the second article (taken down) touches both
        // slices, so both are rebuilt, and they hold the third whole. The third is served damaged,
        // there to STAT, so the repair's scan passes it; a stream that meets it while the repair
        // runs must find it rebuilt once the repair is done.
        nntp = EmbeddedNntpServer.start();
        byte[] film = film(3 * PART - 77, 7);
        Map<String, byte[]> files = Map.of("Slice.Film.2020.mkv", film);
        byte[] index = Par2IndexWriter.write(files, 32_768);
        PostedFile posted = nntp.post("Slice.Film.2020.mkv", film, PART);
        PostedFile par2 = nntp.post("Slice.Film.2020.par2", index, PART);
        PostedFile vol = nntp.post("Slice.Film.2020.vol00+2.par2", RecoveryWriter.volume(index, files, 0, 2), PART);
        rig = new RepairRig(dataDir, List.of(nntp.provider("embedded", 4, 0)), 1 << 20, UnaryOperator.identity());
        ImportResult imported = rig.importPrimary("Slice Film 2020", List.of(posted, par2, vol));
        long itemId = imported.item().item().id();
        String damaged = posted.messageIds().get(2);
        nntp.removeArticle(posted.messageIds().get(1));
        nntp.faults().inject(damaged, ArticleFault.corruptData());

        rig.jobs.found(itemId, imported.sourceId());
        RepairStatus end = rig.awaitEnd(itemId);

        assertEquals("done", end.state(), end.toString());
        assertTrue(rig.served.holds(damaged), "the damaged article is served rebuilt");
        assertEquals(sha256(film), sha256(readWhole(imported.sourceId(), film.length)), "SHA-256 of the repaired film");
        // The first article lies whole in the first slice too, but it is whole on the provider: not a hole.
        List<io.nzbmount.server.store.KnownHoles.Row> repaired =
                rig.db.transaction(c -> io.nzbmount.server.store.KnownHoles.repairedOfSource(c, imported.sourceId()));
        assertEquals(
                List.of(new io.nzbmount.server.store.KnownHoles.Row(imported.sourceId(), 0, PART, 2 * PART)),
                repaired,
                "the holes of the source, rebuilt");
    }

    private byte[] readWhole(long sourceId, int length) throws Exception {
        io.nzbmount.nntp.SegmentMap map =
                rig.usenet.map(rig.catalog.nzbFile(sourceId, 0).orElseThrow(), io.nzbmount.nntp.Priority.BACKGROUND);
        byte[] got = new byte[length];
        try (io.nzbmount.nntp.NzbReader reader = rig.usenet.open(map, io.nzbmount.nntp.Priority.BACKGROUND)) {
            for (int at = 0; at < got.length; ) at += reader.read(at, got, at, got.length - at);
        }
        return got;
    }

    /**
     * Two input files of one size posted under the names given in articles of {@code part} bytes,
     * article {@code lost} of the first
     * taken down: the repair matches each to its bytes and rebuilds the article (SHA-256 of the file).
     */
    private void twinsRepaired(String firstPostedAs, String secondPostedAs, int part, int lost) throws Exception {
        nntp = EmbeddedNntpServer.start();
        byte[] first = film(3 * PART, 5);
        byte[] second = film(3 * PART, 6);
        Map<String, byte[]> files = Map.of("Twin.Film.2020.CD1.mkv", first, "Twin.Film.2020.CD2.mkv", second);
        byte[] index = Par2IndexWriter.write(files, SLICE);
        PostedFile a = nntp.post(firstPostedAs, first, part);
        PostedFile b = nntp.post(secondPostedAs, second, part);
        PostedFile par2 = nntp.post("Twin.Film.2020.par2", index, PART);
        PostedFile vol = nntp.post("Twin.Film.2020.vol00+6.par2", RecoveryWriter.volume(index, files, 0, 6), PART);
        rig = new RepairRig(dataDir, List.of(nntp.provider("embedded", 4, 0)), 1 << 20, UnaryOperator.identity());
        ImportResult imported = rig.importPrimary("Twin Film 2020", List.of(a, b, par2, vol));
        long itemId = imported.item().item().id();
        String gone = a.messageIds().get(lost);
        nntp.removeArticle(gone);

        rig.jobs.found(itemId, imported.sourceId());
        RepairStatus end = rig.awaitEnd(itemId);

        assertEquals("done", end.state(), end.toString());
        assertTrue(rig.served.holds(gone), "the lost article is served rebuilt");
        assertEquals(
                sha256(first), sha256(readWhole(imported.sourceId(), first.length)), "SHA-256 of the repaired file");
    }

    private static String sha256(byte[] b) throws Exception {
        return java.util.HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(b));
    }
}
