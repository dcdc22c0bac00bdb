package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import io.nzbmount.server.http.TimedGet;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Provider {@code a} refuses every connection (502: its only one is taken); {@code b} answers but lacks one article of the
 * primary, which only {@code a} holds. Nobody can tell whether that article exists, so the primary
 * gets no hole; but a verified standby whose articles are on {@code b} holds the bytes, and the
 * film must not wait for {@code a}'s cool-down.
 */
class RefusedProviderCutoverTest {
    private static final int PART = 64 * 1024;
    private static final int ONLY_ON_A = 9;
    private static final String FILE = "Film.2022.1080p.mkv";
    private static final String TITLE = "Film 2022";
    private static final String DEFAULT_READER = "reader:\n  readAheadArticles: 8\n";

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer a;
    private EmbeddedNntpServer b;
    private CutoverRig rig;
    private Socket hog;
    private final byte[] film = random(24 * PART + 777, 31);

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
        if (hog != null) hog.close();
        if (a != null) a.close();
        if (b != null) b.close();
    }

    @Test
    void anArticleOnlyARefusingProviderHoldsIsServedByAVerifiedStandbyWithoutALongWait() throws Exception {
        a = EmbeddedNntpServer.start();
        b = EmbeddedNntpServer.start();
        PostedFile primary = a.post(FILE, film, PART);
        copyToB(primary, ONLY_ON_A);
        PostedFile repost = b.post(FILE, film, PART);
        // Someone else holds a's only connection: every connection of ours is refused (502).
        hog = new Socket(a.host(), a.port());
        hog.getInputStream().read();
        a.faults().connectionLimit(1, false);
        rig = new CutoverRig(
                dataDir, DEFAULT_READER, false, null, CutoverRig.provider("a", a, 0) + CutoverRig.provider("b", b, 1));
        long item = rig.importPrimary(TITLE, primary);
        long primaryId = rig.item(item).get("primary").get("id").asLong();
        long standby = rig.addStandby(item, TITLE + " REPOST", repost);
        rig.awaitVerified(item, standby);

        TimedGet.Result r = TimedGet.get(rig.dav(TITLE, FILE), -1, () -> {});

        assertTrue(r.headers().startsWith("HTTP/1.1 200"), r.headers());
        assertEquals(film.length, r.body().length, "the whole film in one response");
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte equal to the original");
        assertTrue(
                r.longestWaitMillis() <= 5_000,
                "the longest wait for bytes was " + r.longestWaitMillis() + " ms; retries " + rig.events(item, "retry")
                        + ", cutovers " + rig.events(item, "cutover"));
        assertTrue(rig.events(item, "stream-closed").isEmpty(), "no early end");
        List<JsonNode> cutovers = rig.events(item, "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        JsonNode d = cutovers.get(0).get("detail");
        assertEquals(primaryId, d.get("from").asLong());
        assertEquals(standby, d.get("to").asLong());
        assertEquals((long) ONLY_ON_A * PART, d.get("offset").asLong());
        JsonNode old = rig.source(item, primaryId);
        assertNotEquals("dead", old.get("state").asText(), "the old primary is not blamed: " + old);
        for (JsonNode s : coverage(item).get("files").get(0).get("sources")) {
            assertEquals(0, s.get("missing").size(), "no hole is recorded for an article nobody could rule on: " + s);
        }
    }

    @Test
    void aSmallFileWhoseSampleOnlyARefusingProviderHoldsIsStillCarriedByAStandbyTheCutoverProves() throws Exception {
        // Six articles: the sample plan tiles the file, so the sample over the article only a
        // holds has no room to move; the player's cutover may excuse it, the background may not.
        int part = 61_776;
        byte[] small = random(5 * part + 53_000, 32);
        a = EmbeddedNntpServer.start();
        b = EmbeddedNntpServer.start();
        PostedFile primary = a.post(FILE, small, part);
        for (PostedSegment s : primary.segments()) {
            if (s.number() - 1 == 4) continue;
            b.putArticle(
                    s.messageId(),
                    new YencEncoder()
                            .encodePart(
                                    small,
                                    (int) s.begin(),
                                    s.length(),
                                    FILE,
                                    s.number(),
                                    primary.segments().size(),
                                    small.length,
                                    s.begin()));
        }
        PostedFile repost = b.post(FILE, small, part);
        hog = new Socket(a.host(), a.port());
        hog.getInputStream().read();
        rig = new CutoverRig(
                dataDir, DEFAULT_READER, false, null, CutoverRig.provider("a", a, 0) + CutoverRig.provider("b", b, 1));
        // The import's presence check asks a while it still answers; then a refuses every new
        // connection, and resets every body on the ones it has open (the pool may hold several,
        // and which of them a read takes is timing), so any read of a ends in a new connection,
        // refused: a cools down, whichever read gets there first.
        long item = rig.importPrimary(TITLE, primary);
        a.faults().connectionLimit(1, false);
        a.faults().inject(Faults.ALL, ArticleFault.resetAfter(10));
        CutoverRig.rawGet(rig.dav(TITLE, FILE), "bytes=0-99");
        long standby = rig.addStandby(item, TITLE + " REPOST", repost);

        TimedGet.Result r = TimedGet.get(rig.dav(TITLE, FILE), -1, () -> {});

        assertEquals(
                small.length,
                r.body().length,
                "the whole file in one response; cutovers " + rig.events(item, "cutover") + ", sweeps "
                        + rig.events(item, "cutover-sweep"));
        assertArrayEquals(sha256(small), sha256(r.body()), "every byte equal to the original");
        assertTrue(r.longestWaitMillis() <= 8_000, "the longest wait for bytes was " + r.longestWaitMillis() + " ms");
        List<JsonNode> cutovers = rig.events(item, "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        assertEquals(standby, cutovers.get(0).get("detail").get("to").asLong());
    }

    private JsonNode coverage(long item) throws Exception {
        HttpResponse<String> r = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(rig.app.uri().resolve("/api/items/" + item + "/coverage"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return CutoverRig.JSON.readTree(r.body());
    }

    /** Puts every article of {@code post} but {@code skip} on {@code b} under the same message ids. */
    private void copyToB(PostedFile post, int skip) {
        for (PostedSegment s : post.segments()) {
            if (s.number() - 1 == skip) continue;
            b.putArticle(
                    s.messageId(),
                    new YencEncoder()
                            .encodePart(
                                    film,
                                    (int) s.begin(),
                                    s.length(),
                                    FILE,
                                    s.number(),
                                    post.segments().size(),
                                    film.length,
                                    s.begin()));
        }
    }
}
