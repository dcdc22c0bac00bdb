package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.policy.FailurePolicy;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Known missing articles per source: a hole found by a permanent failure is stored and, after a
 * restart, still keeps later reads of that range away from the source, which serves others.
 * A simulated failure (demo mode) leaves no hole.
 */
class KnownHolesTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private CutoverRig rig;
    private final byte[] film = random(10 * PART, 77);

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
        if (nntp != null) nntp.close();
    }

    private CutoverRig startApp(boolean demo) throws Exception {
        return startApp(demo, "");
    }

    private CutoverRig startApp(boolean demo, String yaml) throws Exception {
        return new CutoverRig(dataDir, yaml, demo, nntp, CutoverRig.provider("embedded", nntp, 0));
    }

    /** The film posted twice on one server: A imported as the primary, B added as a standby. */
    private record Posted(PostedFile a, PostedFile b, long item, long sourceA, long sourceB) {}

    /** Starts the server and the app, posts the film twice and waits until B is verified. */
    private Posted postTwiceWithAVerifiedStandby(boolean demo, String yaml) throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = startApp(demo, yaml);
        PostedFile a = nntp.post(FILE, film, PART);
        PostedFile b = nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long sourceA = rig.item(item).get("primary").get("id").asLong();
        long sourceB = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, sourceB);
        return new Posted(a, b, item, sourceA, sourceB);
    }

    @Test
    void aHoleFoundBeforeARestartStillRoutesReadsAfterIt() throws Exception {
        Posted f = postTwiceWithAVerifiedStandby(false, "");
        nntp.faults().inject(f.a().messageIds().get(5), new ArticleFault.Missing());

        CutoverRig.Raw first = rawGet(file());
        first.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(first.body()));
        assertEquals(f.sourceB(), rig.item(f.item()).get("primary").get("id").asLong());

        rig.app.close();
        // The article is back on the server: only what was remembered keeps A away from it.
        nntp.faults().clearAll();
        rig = startApp(false);
        nntp.removeArticle(f.b().messageIds().get(5));
        nntp.removeArticle(f.b().messageIds().get(7));

        CutoverRig.Raw whole = rawGet(file());
        whole.assertOne200(film.length);
        assertEquals(5 * PART, whole.body().length, "A is not tried where it is known to lack the bytes");
        assertArrayEquals(Arrays.copyOf(film, whole.body().length), whole.body());
        assertEquals(1, rig.events(f.item(), "cutover").size(), "no cutover after the restart");
        List<JsonNode> closed = rig.events(f.item(), "stream-closed");
        assertEquals(
                FailurePolicy.NO_STABLE_SOURCE,
                closed.get(closed.size() - 1).get("detail").get("reason").asText());

        CutoverRig.Raw tail = rawGet(file(), "bytes=" + 6 * PART + "-");
        assertTrue(tail.headers().startsWith("HTTP/1.1 206"), tail.headers());
        assertArrayEquals(
                sha256(Arrays.copyOfRange(film, 6 * PART, film.length)),
                sha256(tail.body()),
                "A serves the range it has");
        List<JsonNode> cutovers = rig.events(f.item(), "cutover");
        assertEquals(2, cutovers.size(), cutovers.toString());
        JsonNode d = cutovers.get(1).get("detail");
        assertEquals(7L * PART, d.get("offset").asLong());
        assertEquals(f.sourceB(), d.get("from").asLong());
        assertEquals(f.sourceA(), d.get("to").asLong());
    }

    @Test
    void aNewRequestStartingInAKnownHoleStartsOnASourceThatHasTheBytesWithoutFetchingTheHole() throws Exception {
        Posted f = postTwiceWithAVerifiedStandby(false, LiveCutoverTest.SHORT_READ_AHEAD);
        nntp.removeArticle(f.a().messageIds().get(4));
        nntp.removeArticle(f.b().messageIds().get(7));
        // A -> B at 4, B -> A at 7: A is the primary again, with a known hole at article 4.
        assertArrayEquals(sha256(film), sha256(rawGet(file()).body()));
        assertEquals(f.sourceA(), rig.item(f.item()).get("primary").get("id").asLong());
        assertEquals(2, rig.events(f.item(), "cutover").size());

        long before = nntp.counters().bodyCommands();
        CutoverRig.Raw r = rawGet(file(), "bytes=" + (4 * PART + 1_000) + "-" + (5 * PART - 1));
        long fetched = nntp.counters().bodyCommands() - before;
        assertTrue(r.headers().startsWith("HTTP/1.1 206"), r.headers());
        assertArrayEquals(Arrays.copyOfRange(film, 4 * PART + 1_000, 5 * PART), r.body());
        assertEquals(1, fetched, "only B's article 4: no failed fetch of A's first");
        assertEquals(2, rig.events(f.item(), "cutover").size(), "no cutover: the request started on B");
        JsonNode routed = rig.events(f.item(), "routed").get(0).get("detail");
        assertEquals(f.sourceA(), routed.get("from").asLong());
        assertEquals(f.sourceB(), routed.get("to").asLong());
        assertEquals(
                f.sourceA(),
                rig.item(f.item()).get("primary").get("id").asLong(),
                "routing around a hole changes no primary");

        before = nntp.counters().bodyCommands();
        CutoverRig.Raw outside = rawGet(file(), "bytes=" + 2 * PART + "-" + (3 * PART - 1));
        assertArrayEquals(Arrays.copyOfRange(film, 2 * PART, 3 * PART), outside.body());
        assertEquals(1, nntp.counters().bodyCommands() - before, "outside the hole A serves, one article");
        assertEquals(1, rig.events(f.item(), "routed").size());
    }

    @Test
    void aShortRangeThatCutsOverFetchesNothingPastItsEndFromTheNextSource() throws Exception {
        Posted f = postTwiceWithAVerifiedStandby(false, "");
        nntp.removeArticle(f.a().messageIds().get(3));

        long before = nntp.counters().bodyCommands();
        CutoverRig.Raw r = rawGet(file(), "bytes=" + (2 * PART + 500) + "-" + (4 * PART - 1));
        assertTrue(r.headers().startsWith("HTTP/1.1 206"), r.headers());
        assertArrayEquals(Arrays.copyOfRange(film, 2 * PART + 500, 4 * PART), r.body());
        assertEquals(1, rig.events(f.item(), "cutover").size());
        // A read-ahead past the range would be on its way by now (a window of B's articles 4..9).
        Thread.sleep(500);
        assertEquals(
                4,
                nntp.counters().bodyCommands() - before,
                "A's articles 2 and 3 (missing), B's article 3 to prove the cut, then to read it: nothing of B past the range");
    }

    @Test
    void aSimulatedFailureLeavesNoHoleBehind() throws Exception {
        Posted f = postTwiceWithAVerifiedStandby(true, "");

        assertEquals(
                202,
                rig.post(URI.create(rig.app.uri() + "api/items/" + f.item() + "/simulate-failure"), "")
                        .statusCode());
        assertArrayEquals(sha256(film), sha256(rawGet(file()).body()));
        assertEquals(f.sourceB(), rig.item(f.item()).get("primary").get("id").asLong());

        // B now lacks the very first bytes, where A's simulated failure was: A must serve them.
        nntp.removeArticle(f.b().messageIds().get(0));
        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()), "A is still eligible for the range it was made to fail");
        assertEquals(
                f.sourceA(),
                rig.events(f.item(), "cutover").get(1).get("detail").get("to").asLong());
    }

    private URI file() {
        return rig.dav(TITLE, FILE);
    }
}
