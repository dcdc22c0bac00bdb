package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.policy.FailurePolicy;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The item's problem ("No stable source is available right now.") is stored with the item: it
 * survives a restart, and ends when playback of the item recovers or the item gets a new chance
 * (another source).
 */
class ItemProblemTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private CutoverRig rig;
    private final byte[] film = random(10 * PART, 5);

    @AfterEach
    void stop() {
        if (rig != null) rig.app.close();
        if (nntp != null) nntp.close();
    }

    private void restart() throws Exception {
        if (rig != null) rig.app.close();
        rig = new CutoverRig(dataDir, "", false, nntp, CutoverRig.provider("embedded", nntp, 0));
    }

    /** An item whose only source lacks article 5, read once: the response ends there with a problem. */
    private long itemWithProblem(PostedFile a) throws Exception {
        long item = rig.importPrimary(TITLE, a);
        nntp.removeArticle(a.messageIds().get(5));
        CutoverRig.Raw r = rawGet(file());
        assertEquals(5 * PART, r.body().length);
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());
        JsonNode problem = rig.item(item).get("problem");
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, problem.get("message").asText(), problem.toString());
        return item;
    }

    @Test
    void theProblemSurvivesARestartUntilAReadOfTheItemDelivers() throws Exception {
        nntp = EmbeddedNntpServer.start();
        restart();
        long item = itemWithProblem(nntp.post(FILE, film, PART));
        JsonNode before = rig.item(item).get("problem");

        restart();
        JsonNode after = rig.item(item).get("problem");
        assertEquals(before, after, "the same problem, with the time it was set");
        assertTrue(after.get("reason").asText().contains("offset " + 5 * PART), after.toString());

        CutoverRig.Raw head = rawGet(file(), "bytes=0-" + (PART - 1));
        assertArrayEquals(Arrays.copyOf(film, PART), head.body());
        assertTrue(rig.item(item).get("problem").isNull(), "a read that delivers ends the problem");
        restart();
        assertTrue(rig.item(item).get("problem").isNull(), "and it stays ended after a restart");
    }

    @Test
    void theProblemEndsWhenTheItemGetsAnotherSource() throws Exception {
        nntp = EmbeddedNntpServer.start();
        restart();
        long item = itemWithProblem(nntp.post(FILE, film, PART));
        restart();
        rig.addStandby(item, TITLE + " REPOST", nntp.post(FILE, film, PART));
        assertTrue(rig.item(item).get("problem").isNull(), "a new release is a new chance: " + rig.item(item));
    }

    @Test
    void noSourceLeftIsTheOnlyProblemThatSaysNoStableSourceAndEachCarriesItsKind() throws Exception {
        nntp = EmbeddedNntpServer.start();
        restart();
        long item = itemWithProblem(nntp.post(FILE, film, PART));
        assertEquals("no-source", rig.item(item).get("problem").get("kind").asText());
        assertEquals(
                "no-source",
                rig.events(item, "stream-closed")
                        .get(0)
                        .get("detail")
                        .get("kind")
                        .asText());
    }

    @Test
    void aFailureWithAutomaticCutoverOffLeavesItsOwnProblemNotNoStableSource() throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = new CutoverRig(
                dataDir, "fallback:\n  enabled: false\n", false, nntp, CutoverRig.provider("embedded", nntp, 0));
        PostedFile a = nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        rig.addStandby(item, TITLE + " REPOST", nntp.post(FILE, film, PART));
        nntp.removeArticle(a.messageIds().get(5));

        CutoverRig.Raw r = rawGet(file());
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());
        JsonNode problem = rig.item(item).get("problem");
        assertEquals("cutover-off", problem.get("kind").asText(), problem.toString());
        assertTrue(!problem.get("message").asText().equals(FailurePolicy.NO_STABLE_SOURCE), problem.toString());
        assertEquals(
                FailurePolicy.CUTOVER_OFF,
                rig.events(item, "stream-closed")
                        .get(0)
                        .get("detail")
                        .get("reason")
                        .asText(),
                "the event's reason is what it was");
    }

    private URI file() {
        return rig.dav(TITLE, FILE);
    }
}
