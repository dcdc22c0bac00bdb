package io.nzbmount.server.cutover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.RarBuilder;
import io.nzbmount.server.realpeer.RealPeer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cutover of a film inside archive volumes against the real peers: the primary a RAR5 set, the
 * standby a RAR4 set with other volume sizes (so other article boundaries around the film), both
 * posted by nyuu to inn2; an article of the primary withdrawn with a cancel message.
 */
@Tag("realpeer")
class RealPeerArchivedCutoverTest {
    private static final String TITLE = "Realpeer Archived Film 2021";
    private static final String FILE = "Archived.Film.2021.1080p.mkv";

    @TempDir
    Path dataDir;

    @TempDir
    Path work;

    @BeforeEach
    void peers() {
        RealPeer.requireOrSkip();
    }

    private Path post(String folder, List<ArchiveVolume> volumes) throws Exception {
        Path dir = Files.createDirectories(work.resolve(folder));
        for (ArchiveVolume v : volumes) Files.write(dir.resolve(v.name()), v.bytes());
        return RealPeer.postFile(dir);
    }

    @Test
    void repostInOtherVolumesIsProvedAndContinuesTheResponseAtTheExactFilmOffset() throws Exception {
        Path original = RealPeer.randomFile(10 << 20, System.nanoTime());
        byte[] film = Files.readAllBytes(original);
        Files.delete(original); // a fresh seed each run: kept on disk it would only pile up
        List<ArchiveVolume> primaryVolumes = RarBuilder.storedRar5("Archived.Film.2021.1080p-A", FILE, film, 4 << 20);
        List<ArchiveVolume> standbyVolumes = RarBuilder.storedRar4("Archived.Film.2021.1080p-B", FILE, film, 3 << 20);
        Path nzbA = post("a", primaryVolumes);
        Path nzbB = post("b", standbyVolumes);
        try (CutoverRig rig = new CutoverRig(
                dataDir, "", false, null, CutoverRig.provider("inn2", RealPeer.HOST, RealPeer.PORT, 0))) {
            long item = rig.importPrimary(TITLE, Files.readString(nzbA, StandardCharsets.UTF_8));
            long primary = rig.item(item).get("primary").get("id").asLong();
            long standby = rig.addStandby(item, Files.readString(nzbB, StandardCharsets.UTF_8));
            rig.awaitVerified(item, standby);

            List<String> ids = messageIds(nzbA, primaryVolumes.get(1).name());
            RealPeer.cancelArticle(ids.get(2));
            long expected = ArchivedCutoverTest.filmOffsetOf(primaryVolumes, 1, 2L * RealPeer.PART_SIZE);

            CutoverRig.Raw r = CutoverRig.rawGet(rig.dav(TITLE, FILE));
            r.assertOne200(film.length);
            assertArrayEquals(sha256(film), sha256(r.body()), "every byte of the film, in one response");
            List<JsonNode> cutovers = rig.events(item, "cutover");
            assertEquals(1, cutovers.size(), cutovers.toString());
            JsonNode d = cutovers.get(0).get("detail");
            assertEquals(expected, d.get("offset").asLong(), d.toString());
            assertEquals(primary, d.get("from").asLong());
            assertEquals(standby, d.get("to").asLong());

            byte[] later = CutoverRig.rawGet(
                            rig.dav(TITLE, FILE), "bytes=" + (expected - 4096) + "-" + (expected + 4095))
                    .body();
            assertArrayEquals(Arrays.copyOfRange(film, (int) expected - 4096, (int) expected + 4096), later);
        }
    }

    private static List<String> messageIds(Path nzb, String fileName) throws Exception {
        try (InputStream in = Files.newInputStream(nzb)) {
            for (NzbFile f : NzbParser.parse(in).files()) {
                if (f.name().equals(fileName))
                    return f.segments().stream().map(NzbSegment::messageId).toList();
            }
        }
        throw new AssertionError(fileName + " is not in " + nzb);
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }
}
