package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.embedded.PostedFile;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An item's folder, file names and paths are fixed when it is created: a standby posted under
 * other names (an obfuscated repost) that takes over serves the same path, through a cutover, a
 * primary chosen by the user and a restart. The player's URL keeps working, with the right bytes.
 */
class StablePathsTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String REPOST = "k7Qz2pXw9b.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(10 * PART + 777, 11);

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    @Test
    void aStandbyWithOtherNamesServesTheSamePathAfterACutover() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        PostedFile a = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, "Film 2020 REPOST", rig.nntp.post(REPOST, film, 90_000));
        rig.awaitVerified(item, standby);
        rig.nntp.removeArticle(a.messageIds().get(5));

        CutoverRig.Raw first = rawGet(rig.dav(TITLE, FILE));
        first.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(first.body()));
        assertEquals(
                standby,
                rig.events(item, "cutover").get(0).get("detail").get("to").asLong());
        assertEquals(standby, rig.item(item).get("primary").get("id").asLong());

        PathProbe.assertStable(rig, item, TITLE, FILE, REPOST, film, 7 * PART + 5);

        // The user makes the first release the primary again, then the repost: the path stays.
        assertEquals(200, choose(item, primary));
        PathProbe.assertSeek(rig, TITLE, FILE, film, 5 * PART);
        assertEquals(200, choose(item, standby));
        PathProbe.assertStable(rig, item, TITLE, FILE, REPOST, film, 7 * PART + 5);

        // After a restart, with the repost as the primary.
        rig.app.close();
        rig = new CutoverRig(dataDir, "", false, rig.nntp, CutoverRig.provider("embedded", rig.nntp, 0));
        PathProbe.assertStable(rig, item, TITLE, FILE, REPOST, film, 7 * PART + 5);
    }

    private int choose(long item, long source) throws Exception {
        HttpResponse<String> r =
                rig.post(rig.app.uri().resolve("/api/items/" + item + "/primary"), "{\"source\": " + source + "}");
        return r.statusCode();
    }
}
