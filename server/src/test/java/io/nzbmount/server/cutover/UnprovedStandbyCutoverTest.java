package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.rawGet;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.policy.FailurePolicy;
import io.nzbmount.server.policy.FailureRules;
import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cutover onto a standby that was not proved yet: it runs the full fingerprint sweep while the
 * player waits, then the current-range proof. A match continues the same response and makes the
 * standby verified; a mismatch fails it for good and ends the response short, never with a wrong
 * byte; a sweep that cannot finish within its budget is inconclusive.
 *
 * <p>To keep a hand-added standby unproved until the cut, one of its articles answers 503 while
 * the background proof runs (which then ends inconclusive and is not tried again for a minute);
 * the test checks that it did.
 */
class UnprovedStandbyCutoverTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(10 * PART, 7);

    @AfterEach
    void stop() {
        if (rig != null) {
            rig.nntp.faults().releaseStalls();
            rig.close();
        }
    }

    private record Pair(long item, long primary, long standby, PostedFile a, PostedFile b) {}

    /** The film as the item; {@code standbyBytes} added as a standby whose background proof was inconclusive. */
    private Pair primaryWithUnprovedStandby(byte[] standbyBytes, int unreadableArticle) throws Exception {
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, standbyBytes, PART);
        long item = rig.importPrimary(TITLE, a);
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        // In place before the background proof reaches that article (it starts within a second and
        // paces its samples 200 ms apart); not before the import, which asks about every article.
        rig.nntp.faults().inject(b.messageIds().get(unreadableArticle), new ArticleFault.ServiceError());
        JsonNode result = rig.awaitEvent(item, "standby-validation-result").get("detail");
        assertEquals("inconclusive", result.get("result").asText(), result.toString());
        rig.nntp.faults().clearAll();
        assertEquals("pending", rig.source(item, standby).get("state").asText());
        return new Pair(item, primary, standby, a, b);
    }

    private URI file() {
        return rig.dav(TITLE, FILE);
    }

    @Test
    void anUnprovedStandbyThatMatchesContinuesTheResponseAndIsVerifiedFromThen() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        Pair p = primaryWithUnprovedStandby(film, 8);
        rig.nntp.removeArticle(p.a().messageIds().get(5));

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte, in one response");

        JsonNode sweep = rig.events(p.item(), "cutover-sweep").get(0).get("detail");
        assertEquals("verified", sweep.get("result").asText(), sweep.toString());
        assertEquals(p.standby(), sweep.get("source").asLong());
        assertTrue(sweep.get("tookMillis").asLong() <= sweep.get("budgetMillis").asLong(), sweep.toString());
        List<JsonNode> cutovers = rig.events(p.item(), "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        assertEquals(5L * PART, cutovers.get(0).get("detail").get("offset").asLong());
        assertEquals(p.standby(), cutovers.get(0).get("detail").get("to").asLong());
        assertEquals(
                p.standby(),
                rig.item(p.item()).get("primary").get("id").asLong(),
                "the proved standby serves new requests");
        assertEquals("validated", rig.source(p.item(), p.primary()).get("state").asText());
    }

    @Test
    void atTheFirstByteOfAResponseAnUnprovedStandbyRestsOnItsSweepAlone() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        Pair p = primaryWithUnprovedStandby(film, 8);
        // The response fails before it has sent anything: there is no current range to compare.
        rig.nntp.removeArticle(p.a().messageIds().get(5));
        CutoverRig.Raw tail = rawGet(file(), "bytes=" + 5 * PART + "-");
        assertTrue(tail.headers().startsWith("HTTP/1.1 206"), tail.headers());
        assertArrayEquals(sha256(Arrays.copyOfRange(film, 5 * PART, film.length)), sha256(tail.body()));
        assertEquals(
                "verified",
                rig.events(p.item(), "cutover-sweep")
                        .get(0)
                        .get("detail")
                        .get("result")
                        .asText());
        assertEquals(
                p.standby(),
                rig.events(p.item(), "cutover").get(0).get("detail").get("to").asLong());
    }

    @Test
    void anUnprovedStandbyThatDiffersIsDeadAndTheResponseEndsShortWithOnlyRightBytes() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        byte[] other = film.clone();
        other[8 * PART + 12_345] ^= 0x5A;
        Pair p = primaryWithUnprovedStandby(other, 8);
        rig.nntp.removeArticle(p.a().messageIds().get(5));

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertEquals(5 * PART, r.body().length, "ends where no proved source has the bytes");
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());

        JsonNode sweep = rig.events(p.item(), "cutover-sweep").get(0).get("detail");
        assertEquals("mismatch", sweep.get("result").asText(), sweep.toString());
        assertTrue(rig.events(p.item(), "cutover").isEmpty());
        JsonNode dead = rig.source(p.item(), p.standby());
        assertEquals("dead", dead.get("state").asText(), dead.toString());
        assertTrue(dead.get("reason").asText().contains("differ"), dead.toString());
        assertEquals(
                FailurePolicy.NO_STABLE_SOURCE,
                rig.item(p.item()).get("problem").get("message").asText());

        // Dead for good: the next request does not sweep it again.
        rawGet(file());
        assertEquals(1, rig.events(p.item(), "cutover-sweep").size());
    }

    @Test
    void aSweepThatCannotFinishWithinItsBudgetIsInconclusiveAndTheResponseEndsInTime() throws Exception {
        // Read deadlines far past the sweep's budget, so the budget is what ends the stalled sample.
        rig = CutoverRig.start(dataDir, """
                reader:
                  retryBackoffMillis: [1]
                  firstByteTimeoutMillis: 30000
                  fetchBudgetMillis: 60000
                """);
        Pair p = primaryWithUnprovedStandby(film, 8);
        rig.nntp.removeArticle(p.a().messageIds().get(5));
        rig.nntp.faults().inject(p.b().messageIds().get(8), new ArticleFault.Stall(60_000));

        long started = System.nanoTime();
        CutoverRig.Raw r = rawGet(file());
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertEquals(5 * PART, r.body().length);
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());
        long budget = FailureRules.DEFAULT_SWEEP_BUDGET.toMillis();
        assertTrue(tookMillis < budget + 4_000, "the player waited " + tookMillis + " ms");

        JsonNode sweep = rig.events(p.item(), "cutover-sweep").get(0).get("detail");
        assertEquals("inconclusive", sweep.get("result").asText(), sweep.toString());
        assertTrue(sweep.get("reason").asText().contains("ran out"), sweep.toString());
        assertTrue(sweep.get("tookMillis").asLong() < budget + 1_000, sweep.toString());
        assertEquals("pending", rig.source(p.item(), p.standby()).get("state").asText(), "a timeout is not death");
    }
}
