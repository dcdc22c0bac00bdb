package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.server.realpeer.RealPeer;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A name never points at other bytes, against the real peers (nyuu posts to inn2, real cancelled
 * articles): a release imported after a delete serves its own bytes, and a repost of the same
 * bytes under another file name that takes over in a cutover leaves the player's path working.
 */
@Tag("realpeer")
class RealPeerIdentityTest {
    private static final long SIZE = 64L << 20;
    private static final long REPOST_SIZE = 20L << 20;

    @TempDir
    Path dataDir;

    private final List<Path> made = new ArrayList<>();

    @BeforeEach
    void peers() {
        RealPeer.requireOrSkip();
    }

    /** Each test's files are its own (their articles get cancelled); they go with it. */
    @AfterEach
    void removeFiles() throws Exception {
        for (Path p : made) Files.deleteIfExists(p);
    }

    private static CutoverRig startOnInn2(Path dataDir) throws Exception {
        return new CutoverRig(dataDir, "", false, null, CutoverRig.provider("inn2", RealPeer.HOST, RealPeer.PORT, 0));
    }

    @Test
    void aReleaseImportedAfterADeleteServesItsOwnBytes() throws Exception {
        Path first = own(RealPeer.randomFile(SIZE, System.nanoTime()));
        Path second = own(RealPeer.randomFile(SIZE, System.nanoTime() + 1));
        Path nzbFirst = RealPeer.postFile(first);
        Path nzbSecond = RealPeer.postFile(second);
        try (CutoverRig rig = startOnInn2(dataDir)) {
            long deleted = rig.importPrimary("Realpeer Film 2020", Files.readString(nzbFirst, StandardCharsets.UTF_8));
            CutoverRig.Raw r = rawGet(rig.app.uri().resolve(path(rig, deleted)));
            r.assertOne200(SIZE);
            assertArrayEquals(sha256(Files.readAllBytes(first)), sha256(r.body()));
            assertEquals(204, rig.delete("/api/items/" + deleted));

            long item =
                    rig.importPrimary("Realpeer Other Film 2021", Files.readString(nzbSecond, StandardCharsets.UTF_8));
            CutoverRig.Raw again = rawGet(rig.app.uri().resolve(path(rig, item)));
            again.assertOne200(SIZE);
            assertArrayEquals(
                    sha256(Files.readAllBytes(second)),
                    sha256(again.body()),
                    "the new release's bytes, not the deleted one's");
            assertNotEquals(deleted, item, "an item id is never given twice");
        }
    }

    @Test
    void aRepostUnderAnotherNameThatTakesOverKeepsThePlayersPath() throws Exception {
        Path original = own(RealPeer.randomFile(REPOST_SIZE, System.nanoTime()));
        Path renamed = own(Files.copy(original, original.resolveSibling("k7Qz2pXw9b" + System.nanoTime() + ".bin")));
        Path nzbA = RealPeer.postFile(original);
        Path nzbB = RealPeer.postFile(renamed);
        byte[] film = Files.readAllBytes(original);
        String title = "Realpeer Repost 2022";
        try (CutoverRig rig = startOnInn2(dataDir)) {
            long item = rig.importPrimary(title, Files.readString(nzbA, StandardCharsets.UTF_8));
            long standby = rig.addStandby(item, Files.readString(nzbB, StandardCharsets.UTF_8));
            rig.awaitVerified(item, standby);
            String file = rig.item(item).get("files").get(0).get("name").asText();
            assertEquals(original.getFileName().toString(), file);

            List<String> ids = messageIds(nzbA);
            int hole = ids.size() / 2;
            RealPeer.cancelArticle(ids.get(hole));
            RealPeer.cancelArticle(ids.get(hole + 1));

            CutoverRig.Raw first = rawGet(rig.dav(title, file));
            first.assertOne200(film.length);
            assertArrayEquals(sha256(film), sha256(first.body()), "the cutover's own response");
            List<JsonNode> cutovers = rig.events(item, "cutover");
            assertEquals(1, cutovers.size(), cutovers.toString());
            assertEquals(standby, cutovers.get(0).get("detail").get("to").asLong());
            assertEquals(standby, rig.item(item).get("primary").get("id").asLong());

            PathProbe.assertStable(
                    rig,
                    item,
                    title,
                    file,
                    renamed.getFileName().toString(),
                    film,
                    (long) hole * RealPeer.PART_SIZE + 12_345);
            PathProbe.assertSeek(rig, title, file, film, film.length - 200_000);
            assertTrue(
                    rig.events(item, "stream-closed").isEmpty(),
                    rig.events(item, "stream-closed").toString());
        }
    }

    private Path own(Path file) {
        made.add(file);
        return file;
    }

    private static String path(CutoverRig rig, long item) throws Exception {
        JsonNode files = rig.item(item).get("files");
        assertEquals(1, files.size(), files.toString());
        return files.get(0).get("path").asText();
    }

    private static List<String> messageIds(Path nzb) throws Exception {
        try (InputStream in = Files.newInputStream(nzb)) {
            return NzbParser.parse(in).files().get(0).segments().stream()
                    .map(NzbSegment::messageId)
                    .toList();
        }
    }
}
