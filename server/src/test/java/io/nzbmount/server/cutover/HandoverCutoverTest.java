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
 * The articles the old source's reader already holds past a failed one are served at a cutover,
 * not fetched again from the new source: a cutover costs at most two articles of extra traffic.
 */
class HandoverCutoverTest {
    private static final int PART = 100_000;
    private static final int ARTICLES = 24;
    private static final int FAILED = 10;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(ARTICLES * PART, 7);

    @AfterEach
    void stop() {
        if (rig != null) {
            rig.nntp.faults().releaseStalls();
            rig.close();
        }
    }

    private record Pair(long item, long primary, long standby, PostedFile a, PostedFile b) {}

    private Pair primaryWithVerifiedStandby() throws Exception {
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, standby);
        return new Pair(item, primary, standby, a, b);
    }

    @Test
    void extraTrafficOfACutoverIsAtMostTwoArticles() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        Pair p = primaryWithVerifiedStandby();
        rig.nntp.removeArticle(p.a().messageIds().get(FAILED));

        long before = rig.nntp.counters().bodyCommands();
        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));
        long bodies = rig.nntp.counters().bodyCommands() - before;

        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte, in one response");
        // 1 failed fetch of the missing article, 1 article of the standby read by the range proof.
        assertTrue(bodies <= ARTICLES + 2, bodies + " BODY commands for a file of " + ARTICLES + " articles");
        List<JsonNode> cutovers = rig.events(p.item(), "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        assertEquals(
                (long) FAILED * PART,
                cutovers.get(0).get("detail").get("offset").asLong());
        assertEquals(
                p.standby(),
                rig.item(p.item()).get("primary").get("id").asLong(),
                "the standby serves now and new requests go to it");
        assertTrue(
                rig.item(p.item()).get("standby").toString().contains("\"id\":" + p.primary()),
                "the old primary is demoted to the pool");
    }

    @Test
    void afterACutoverToOtherArticleBoundariesTheNewSourceFetchesNothingTheOldReaderHolds() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        int otherPart = 60_000;
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, otherPart);
        long item = rig.importPrimary(TITLE, a);
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, standby);
        rig.nntp.removeArticle(a.messageIds().get(FAILED));

        long[] before = new long[b.messageIds().size()];
        for (int k = 0; k < before.length; k++)
            before[k] = rig.nntp.counters().bodyCommands(b.messageIds().get(k));
        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));

        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte, in one response");
        assertEquals(1, rig.events(item, "cutover").size());
        // The old reader held A's articles after the failed one: B's articles that lie wholly in
        // them were served by A, so none of them may have been fetched from B for this response.
        long heldFrom = (FAILED + 1L) * PART;
        long heldTo = (FAILED + 2L) * PART;
        for (int k = 0; k < b.messageIds().size(); k++) {
            long start = (long) k * otherPart;
            if (start >= heldFrom && start + otherPart <= heldTo) {
                assertEquals(
                        before[k],
                        rig.nntp.counters().bodyCommands(b.messageIds().get(k)),
                        "B's article " + k + " lies in bytes the old reader held");
            }
        }
    }

    @Test
    void aHeldArticleWhoseFetchFailsIsServedFromTheStandbyAtTheSameOffset() throws Exception {
        // A held fetch that stalls past the socket timeout twice (one retry) fails while the
        // stream waits for it, after the cutover: the standby serves its bytes.
        rig = CutoverRig.start(dataDir, """
                reader:
                  retryBackoffMillis: [1]
                  firstByteTimeoutMillis: 2000
                  betweenBytesTimeoutMillis: 2000
                """);
        Pair p = primaryWithVerifiedStandby();
        rig.nntp.removeArticle(p.a().messageIds().get(FAILED));
        rig.nntp.faults().inject(p.a().messageIds().get(FAILED + 2), ArticleFault.stallUntilReleased());

        CutoverRig.Raw r = rawGet(rig.dav(TITLE, FILE));

        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte, in one response");
        assertEquals(
                1, rig.events(p.item(), "cutover").size(), "a failed held read is no failure of the stream's source");
        assertTrue(rig.events(p.item(), "stream-closed").isEmpty());
    }
}
