package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database error while one candidate of a cutover is handled skips that candidate; the
 * selection goes on with the next one and the response stays whole. The error is a real one of
 * SQLite: a trigger refuses every change of that candidate's row.
 */
class SelectionFaultsTest {
    private static final int PART = 256 * 1024;
    private static final int ARTICLES = 40;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(ARTICLES * PART - 999, 99);

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    /** An article whose last 2000 bytes (sent just before a cut at its end) no planned sample covers. */
    private int articleWithUnsampledTail() {
        List<Sample> plan = SamplePlan.alignToParts(SamplePlan.forSize(film.length), film.length, PART);
        for (int k = ARTICLES / 2; k < ARTICLES - 2; k++) {
            long from = (long) k * PART - 2_000;
            long to = (long) k * PART;
            if (plan.stream().noneMatch(s -> s.offset() < to && from < s.end())) return k;
        }
        throw new AssertionError("every article end is sampled");
    }

    @Test
    void aDatabaseErrorOnOneCandidateSkipsItAndTheNextOneContinuesTheResponse() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        int cut = articleWithUnsampledTail();
        // The first standby matches every sample but not the bytes just before the cut: its range
        // proof fails and the cutover stores that verdict, which the trigger refuses.
        byte[] other = film.clone();
        for (int i = cut * PART - 2_000; i < cut * PART; i++) other[i] ^= 0x33;
        PostedFile a = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long wrong = rig.addStandby(item, TITLE + " REPOST", rig.nntp.post(FILE, other, PART));
        long right = rig.addStandby(item, TITLE + " REPOST 2", rig.nntp.post(FILE, film, PART));
        rig.awaitVerified(item, wrong);
        rig.awaitVerified(item, right);
        rig.nntp.removeArticle(a.messageIds().get(cut));
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve("nzbmount.db"));
                Statement s = c.createStatement()) {
            s.execute("CREATE TRIGGER refuse_wrong BEFORE UPDATE ON sources WHEN OLD.id = " + wrong
                    + " BEGIN SELECT RAISE(ABORT, 'disk I/O error (a test fault)'); END");
        }

        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        r.assertOne200(film.length);
        assertEquals(film.length, r.body().length, "every byte in the one response");
        assertArrayEquals(sha256(film), sha256(r.body()));
        List<JsonNode> cutovers = rig.events(item, "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        assertEquals(right, cutovers.get(0).get("detail").get("to").asLong());
        JsonNode skipped = rig.events(item, "cutover-candidate-skipped").get(0).get("detail");
        assertEquals(wrong, skipped.get("source").asLong(), skipped.toString());
    }
}
