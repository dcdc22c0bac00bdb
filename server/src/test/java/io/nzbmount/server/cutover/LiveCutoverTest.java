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
 * Live cutover through the whole server: a GET whose source breaks in the middle is continued
 * from a proved standby in the same 200 response, or ends short and never with a wrong byte.
 */
class LiveCutoverTest {
    private static final int PART = 100_000;
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final String TITLE = "Film 2020";
    /**
     * A read-ahead of 2 articles: after a cutover the old source serves at most the one article it
     * holds past the failed one, so the new source really reads (and fails at) a later article.
     */
    static final String SHORT_READ_AHEAD = """
            reader:
              retryBackoffMillis: [1]
              readAheadArticles: 2
            """;

    @TempDir
    Path dataDir;

    private CutoverRig rig;
    private final byte[] film = random(10 * PART, 42);

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
    }

    private record Pair(long item, long primary, long standby, PostedFile a, PostedFile b) {}

    /** The film posted twice; the first imported as the item, the second added as a verified standby. */
    private Pair primaryWithVerifiedStandby() throws Exception {
        PostedFile a = rig.nntp.post(FILE, film, PART);
        PostedFile b = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        long primary = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, standby);
        return new Pair(item, primary, standby, a, b);
    }

    private URI file() {
        return rig.dav(TITLE, FILE);
    }

    @Test
    void aPrimaryMissingAnArticleMidFilmIsContinuedFromTheStandbyInOneResponse() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        Pair p = primaryWithVerifiedStandby();
        rig.nntp.removeArticle(p.a().messageIds().get(5));

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte, in one response");

        List<JsonNode> cutovers = rig.events(p.item(), "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        JsonNode d = cutovers.get(0).get("detail");
        assertEquals(5L * PART, d.get("offset").asLong());
        assertEquals(p.primary(), d.get("from").asLong());
        assertEquals(p.standby(), d.get("to").asLong());
        assertTrue(d.has("tookMillis"), d.toString());

        JsonNode item = rig.item(p.item());
        assertEquals(p.standby(), item.get("primary").get("id").asLong(), "new requests go to the source serving now");
        assertTrue(
                item.get("standby").toString().contains("\"id\":" + p.primary()),
                "the old primary is in the pool: " + item);
        assertArrayEquals(
                sha256(film), sha256(rawGet(file()).body()), "the next play is served whole by the new primary");
    }

    @Test
    void aSourceThatFailedEarlierServesAgainWhereTheNextOneFails() throws Exception {
        rig = CutoverRig.start(dataDir, SHORT_READ_AHEAD);
        Pair p = primaryWithVerifiedStandby();
        rig.nntp.removeArticle(p.a().messageIds().get(4));
        rig.nntp.removeArticle(p.b().messageIds().get(7));

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()));

        List<JsonNode> cutovers = rig.events(p.item(), "cutover");
        assertEquals(2, cutovers.size(), cutovers.toString());
        assertEquals(4L * PART, cutovers.get(0).get("detail").get("offset").asLong());
        assertEquals(p.standby(), cutovers.get(0).get("detail").get("to").asLong());
        assertEquals(7L * PART, cutovers.get(1).get("detail").get("offset").asLong());
        assertEquals(p.primary(), cutovers.get(1).get("detail").get("to").asLong());
    }

    @Test
    void aStandbyBrokenAtTheSamePlaceEndsTheResponseShortWithOnlyRightBytes() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        Pair p = primaryWithVerifiedStandby();
        rig.nntp.removeArticle(p.a().messageIds().get(5));
        rig.nntp.removeArticle(p.b().messageIds().get(5));

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertEquals(5 * PART, r.body().length, "ends where no source has the bytes");
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());
        assertClosedWith(p.item(), FailurePolicy.NO_STABLE_SOURCE);
    }

    @Test
    void withNoStandbyABrokenPrimaryEndsTheResponseShortWithOnlyRightBytes() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        PostedFile a = rig.nntp.post(FILE, film, PART);
        long item = rig.importPrimary(TITLE, a);
        rig.nntp.removeArticle(a.messageIds().get(5));

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertEquals(5 * PART, r.body().length);
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());
        assertClosedWith(item, FailurePolicy.NO_STABLE_SOURCE);
        assertTrue(rig.events(item, "cutover").isEmpty());
    }

    @Test
    void withAutomaticCutoverOffABrokenPrimaryEndsTheResponseEvenWithAVerifiedStandby() throws Exception {
        rig = CutoverRig.start(dataDir, """
                fallback:
                  enabled: false
                """);
        Pair p = primaryWithVerifiedStandby();
        rig.nntp.removeArticle(p.a().messageIds().get(5));

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertEquals(5 * PART, r.body().length);
        assertArrayEquals(Arrays.copyOf(film, r.body().length), r.body());
        assertClosedWith(p.item(), FailurePolicy.CUTOVER_OFF);
        assertTrue(rig.events(p.item(), "cutover").isEmpty());
    }

    @Test
    void aCorruptArticleOnThePrimaryCutsOverAndNoCorruptByteIsServed() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        Pair p = primaryWithVerifiedStandby();
        rig.nntp.faults().inject(p.a().messageIds().get(6), new ArticleFault.CorruptData());

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()));
        List<JsonNode> cutovers = rig.events(p.item(), "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        assertEquals(6L * PART, cutovers.get(0).get("detail").get("offset").asLong());
    }

    @Test
    void aTransientFailureIsReadAgainOnTheSameSourceWithoutACutover() throws Exception {
        rig = CutoverRig.start(dataDir, "");
        Pair p = primaryWithVerifiedStandby();
        // The reader tries twice (one retry); both fail, the policy waits and reads again.
        rig.nntp.faults().inject(p.a().messageIds().get(3), new ArticleFault.ServiceError(), 2);

        CutoverRig.Raw r = rawGet(file());
        r.assertOne200(film.length);
        assertArrayEquals(sha256(film), sha256(r.body()));
        assertTrue(rig.events(p.item(), "cutover").isEmpty());
        List<JsonNode> retries = rig.events(p.item(), "retry");
        assertEquals(1, retries.size(), retries.toString());
        assertEquals(3L * PART, retries.get(0).get("detail").get("offset").asLong());
    }

    @Test
    void aDeadProviderWithAHealthyBackupNeedsNoCutover() throws Exception {
        EmbeddedNntpServer dead = EmbeddedNntpServer.start();
        EmbeddedNntpServer healthy = EmbeddedNntpServer.start();
        dead.faults().unavailableAtGreeting(true);
        try {
            rig = new CutoverRig(
                    dataDir,
                    "",
                    false,
                    healthy,
                    CutoverRig.provider("dead", dead, 0) + CutoverRig.provider("healthy", healthy, 1));
            PostedFile a = healthy.post(FILE, film, PART);
            long item = rig.importPrimary(TITLE, a);
            CutoverRig.Raw r = rawGet(file());
            r.assertOne200(film.length);
            assertArrayEquals(sha256(film), sha256(r.body()));
            assertTrue(rig.events(item, "cutover").isEmpty());
            assertTrue(rig.events(item, "stream-closed").isEmpty());
        } finally {
            dead.close();
        }
    }

    private void assertClosedWith(long item, String reason) throws Exception {
        List<JsonNode> closed = rig.events(item, "stream-closed");
        assertEquals(1, closed.size(), closed.toString());
        assertEquals(reason, closed.get(0).get("detail").get("reason").asText());
    }
}
