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
import io.nzbmount.server.library.importing.PresenceSample;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A primary with holes where the fingerprint plan wants to sample still proves its standbys: a
 * sample the primary cannot read moves to bytes it can read, while every sample must still match
 * (the first and the last readable range included). Through the real HTTP server, with articles
 * missing on the embedded NNTP server; every response is compared with the original.
 */
class HoledPrimaryProofTest {
    private static final int PART = 256 * 1024;
    private static final int ARTICLES = 64;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(ARTICLES * PART - 12_345, 2024);

    /** The primary's post and the standby's: the same bytes twice. */
    private PostedFile a;

    private PostedFile b;

    @BeforeEach
    void start() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        a = rig.nntp.post(FILE, film, PART);
        b = rig.nntp.post(FILE, film, PART);
    }

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    /** The article of a regular post of {@link #PART}-byte parts that holds planned sample {@code index}. */
    private int articleOfSample(int index) {
        List<Sample> plan = SamplePlan.alignToParts(SamplePlan.forSize(film.length), film.length, PART);
        return (int) (plan.get(index).offset() / PART);
    }

    /** Removes the primary's article holding planned sample {@code index} and its two neighbours; returns the middle one. */
    private int removeThreeArticlesAroundSample(int index) {
        int hit = articleOfSample(index);
        for (int k = hit - 1; k <= hit + 1; k++)
            rig.nntp.removeArticle(a.messageIds().get(k));
        return hit;
    }

    private URI file() {
        return rig.dav(TITLE, FILE);
    }

    /** The first background proof of {@code standby}: its result event's detail. */
    private JsonNode firstProof(long item) throws Exception {
        return rig.awaitEvent(item, "standby-validation-result").get("detail");
    }

    /** Adds {@link #b} as a standby: proved, with one fetch per sample and side, none in a hole known before. */
    private void assertProvedWithoutFetchingKnownHoles(long item) throws Exception {
        long before = rig.nntp.counters().bodyCommands();
        rig.addStandby(item, TITLE + " REPOST", b);
        JsonNode proof = firstProof(item);
        long fetched = rig.nntp.counters().bodyCommands() - before;
        assertEquals("verified", proof.get("result").asText(), proof.toString());
        assertTrue(
                fetched <= 2L * SamplePlan.MIN_SAMPLES + 1,
                "the standby's first article (its import learns its size), then one article per sample and side,"
                        + " none in a known hole: " + fetched);
    }

    private void assertWhole(CutoverRig.Raw r) {
        r.assertOne200(film.length);
        assertEquals(film.length, r.body().length, "every byte in the one response");
        assertArrayEquals(sha256(film), sha256(r.body()));
    }

    @Test
    void threeMissingArticlesOverASampleOfThePrimaryStillLetItsStandbyBeProvedAndServeTheRest() throws Exception {
        long item = rig.importPrimary(TITLE, a);
        int hit = removeThreeArticlesAroundSample(10);
        long standby = rig.addStandby(item, TITLE + " REPOST", b);

        JsonNode proof = firstProof(item);
        assertEquals("verified", proof.get("result").asText(), proof.toString());
        assertEquals(SamplePlan.MIN_SAMPLES, proof.get("samplesDone").asInt(), "as many samples as planned matched");
        assertEquals("validated", rig.source(item, standby).get("state").asText());

        assertWhole(rawGet(file()));
        List<JsonNode> cutovers = rig.events(item, "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        assertEquals(
                (long) (hit - 1) * PART,
                cutovers.get(0).get("detail").get("offset").asLong());
    }

    @Test
    void missingFirstAndLastArticlesOfThePrimaryAreReplacedByItsFirstAndLastReadableRanges() throws Exception {
        long item = rig.importPrimary(TITLE, a);
        rig.nntp.removeArticle(a.messageIds().get(0));
        rig.nntp.removeArticle(a.messageIds().get(ARTICLES - 1));
        long standby = rig.addStandby(item, TITLE + " REPOST", b);

        JsonNode proof = firstProof(item);
        assertEquals("verified", proof.get("result").asText(), proof.toString());
        assertEquals("validated", rig.source(item, standby).get("state").asText());
        assertWhole(rawGet(file()));
    }

    @Test
    void aHoleTheStreamFoundEarlierIsAvoidedUpFrontByTheNextProof() throws Exception {
        long item = rig.importPrimary(TITLE, a);
        int hit = articleOfSample(7);
        rig.nntp.removeArticle(a.messageIds().get(hit));
        // A range read over the hole with no standby: the response ends there and the hole is stored.
        rawGet(file(), "bytes=" + (long) hit * PART + "-" + ((long) (hit + 1) * PART - 1));
        assertEquals(1, rig.events(item, "stream-closed").size());

        assertProvedWithoutFetchingKnownHoles(item);
        assertWhole(rawGet(file()));
    }

    @Test
    void anArticleTheImportFoundMissingIsAvoidedUpFrontByTheProof() throws Exception {
        List<Integer> statted = new ArrayList<>();
        for (int k = 0; k < PresenceSample.MAIN_FILE_SAMPLES; k++) {
            statted.add(k * (ARTICLES - 1) / (PresenceSample.MAIN_FILE_SAMPLES - 1));
        }
        int hit = -1;
        for (int i = 1; i < SamplePlan.MIN_SAMPLES - 1 && hit < 0; i++) {
            if (statted.contains(articleOfSample(i))) hit = articleOfSample(i);
        }
        assertTrue(hit > 0, "some sample lies in an article the import asks about");
        rig.nntp.removeArticle(a.messageIds().get(hit));
        long item = rig.importPrimary(TITLE, a);
        assertEquals(
                1, rig.item(item).get("primary").get("presence").get("missing").asInt());

        assertProvedWithoutFetchingKnownHoles(item);
        assertWhole(rawGet(file()));
    }

    @Test
    void aHoleFoundByTheStreamOverASampleStillLetsTheCutoverProveAStandbyNotProvedBefore() throws Exception {
        long item = rig.importPrimary(TITLE, a);
        int hit = removeThreeArticlesAroundSample(12);
        // Keeps the background proof inconclusive (it is not tried again for a minute), so the
        // cutover has to sweep the standby itself; the primary's hashes over the hole are unknown.
        // Injected after the import of the standby, which asks about its articles with STAT.
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.nntp.faults().inject(b.messageIds().get(ARTICLES - 1), new ArticleFault.ServiceError());
        assertEquals("inconclusive", firstProof(item).get("result").asText());
        rig.nntp.faults().clearAll();

        assertWhole(rawGet(file()));
        JsonNode sweep = rig.events(item, "cutover-sweep").get(0).get("detail");
        assertEquals("verified", sweep.get("result").asText(), sweep.toString());
        assertEquals(standby, rig.item(item).get("primary").get("id").asLong(), "the standby took over");
        assertEquals(
                (long) (hit - 1) * PART,
                rig.events(item, "cutover").get(0).get("detail").get("offset").asLong());
    }
}
