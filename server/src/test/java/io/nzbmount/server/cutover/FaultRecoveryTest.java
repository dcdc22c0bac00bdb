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
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded server's faults through the whole server: a stall longer than the socket timeout
 * is transient (retried, and only repeated strikes switch), a reset mid-article is retried by
 * the reader and needs no cutover. Every response is compared with the original bytes.
 */
class FaultRecoveryTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";
    /** One second of silence is a timeout; the reader retries once, at once. */
    private static final String QUICK_TIMEOUT = """
            reader:
              firstByteTimeoutMillis: 1000
              betweenBytesTimeoutMillis: 1000
              retryBackoffMillis: [1]
            """;

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(10 * PART, 11);

    @AfterEach
    void stop() {
        if (rig != null) {
            rig.nntp.faults().clearAll();
            rig.close();
        }
    }

    @Test
    void aPrimaryStalledPastTheReadersBudgetIsLeftAtOnceForTheStandbyWithEqualBytes() throws Exception {
        rig = CutoverRig.start(dataDir, QUICK_TIMEOUT);
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, standby);
        rig.nntp.faults().inject(a.messageIds().get(5), new ArticleFault.Stall(-1));

        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()));

        List<JsonNode> retries = rig.events(item, "retry");
        assertTrue(retries.isEmpty(), "a stall is not read again while a standby can serve: " + retries);
        List<JsonNode> cutovers = rig.events(item, "cutover");
        assertEquals(1, cutovers.size(), "the stall switches: " + cutovers);
        JsonNode d = cutovers.get(0).get("detail");
        assertEquals(5L * PART, d.get("offset").asLong());
        assertEquals(primary, d.get("from").asLong());
        assertEquals(standby, d.get("to").asLong());
        assertTrue(d.get("reason").asText().contains("stalled"), d.toString());
    }

    @Test
    void aStallThatEndsWithinTheReadersBudgetIsReadAgainFromTheSameSource() throws Exception {
        rig = CutoverRig.start(dataDir, QUICK_TIMEOUT);
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, standby);
        // One timed-out attempt: the reader's own retry on a fresh connection gets the article.
        rig.nntp.faults().inject(a.messageIds().get(4), new ArticleFault.Stall(3_000), 1);

        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()));
        assertTrue(rig.events(item, "retry").isEmpty(), "the reader's retry was enough");
        assertTrue(rig.events(item, "cutover").isEmpty());
    }

    @Test
    void aConnectionResetMidArticleIsRetriedWithEqualBytesAndNoCutover() throws Exception {
        rig = CutoverRig.start(dataDir, QUICK_TIMEOUT);
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, standby);
        rig.nntp.faults().inject(a.messageIds().get(6), new ArticleFault.ResetAfter(PART / 2), 1);
        long bodiesBefore = rig.nntp.counters().bodyCommands();

        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()));
        assertTrue(
                rig.nntp.counters().bodyCommands() - bodiesBefore >= 11,
                "the reset article was fetched again: " + (rig.nntp.counters().bodyCommands() - bodiesBefore));
        assertTrue(rig.events(item, "cutover").isEmpty());
        assertTrue(rig.events(item, "stream-closed").isEmpty());
    }
}
