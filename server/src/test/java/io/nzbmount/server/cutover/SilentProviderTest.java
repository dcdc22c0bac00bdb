package io.nzbmount.server.cutover;

import static io.nzbmount.server.cutover.CutoverRig.random;
import static io.nzbmount.server.cutover.CutoverRig.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import io.nzbmount.server.http.TimedGet;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two providers hold the same articles; the first goes silent in the middle of a stream (sockets
 * open, no bytes) while the second is healthy. With the default read deadlines the stream moves
 * to the second provider: every byte arrives, in one response, and no wait for bytes is longer
 * than a player's cache bears.
 */
class SilentProviderTest {
    private static final int PART = 256 * 1024;
    private static final String FILE = "Film.2021.2160p.mkv";
    private static final String TITLE = "Film 2021";
    /** The reader's defaults: deadlines, budget and retries as shipped. */
    private static final String DEFAULT_READER = "reader:\n  readAheadArticles: 8\n";

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer first;
    private EmbeddedNntpServer backup;
    private CutoverRig rig;
    private final byte[] film = random(96 * PART, 21);

    @AfterEach
    void stop() {
        if (rig != null) rig.close();
        if (first != null) first.close();
        if (backup != null) backup.close();
    }

    @Test
    void aProviderSilentMidStreamFailsOverToTheBackupWithEveryByteAndNoLongWait() throws Exception {
        first = EmbeddedNntpServer.start();
        backup = EmbeddedNntpServer.start();
        PostedFile post = first.post(FILE, film, PART);
        for (PostedSegment s : post.segments()) {
            backup.putArticle(
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
        // Far enough that the read-ahead cannot have fetched the rest when the first falls silent.
        first.faults().rateCap(4_000_000);
        backup.faults().rateCap(4_000_000);
        rig = new CutoverRig(
                dataDir,
                DEFAULT_READER,
                false,
                null,
                CutoverRig.provider("first", first, 0) + CutoverRig.provider("backup", backup, 1));
        long item = rig.importPrimary(TITLE, post);

        TimedGet.Result r = TimedGet.get(
                rig.dav(TITLE, FILE), film.length / 4, () -> first.faults().silent(true));

        assertTrue(r.headers().startsWith("HTTP/1.1 200"), r.headers());
        assertTrue(r.headers().contains("Content-Length: " + film.length), r.headers());
        assertEquals(film.length, r.body().length, "the whole film in one response");
        assertArrayEquals(sha256(film), sha256(r.body()), "every byte equal to the original");
        System.out.println(
                "longest wait for bytes: " + r.longestWaitMillis() + " ms, GET took " + r.tookMillis() + " ms");
        assertTrue(r.longestWaitMillis() <= 2000, "the longest wait for bytes was " + r.longestWaitMillis() + " ms");
        assertTrue(rig.events(item, "stream-closed").isEmpty(), "no early end");
        assertTrue(rig.events(item, "cutover").isEmpty(), "a provider failover, not a change of release");
        first.faults().silent(false);
    }

    @Test
    void anArticleStalledOnTheOnlyProviderIsACutoverToTheStandbyWithinFiveSeconds() throws Exception {
        rig = CutoverRig.start(dataDir, DEFAULT_READER);
        byte[] small = random(24 * PART, 22);
        PostedFile a = rig.nntp.post(FILE, small, PART);
        PostedFile b = rig.nntp.post(FILE, small, PART);
        long item = rig.importPrimary(TITLE, a);
        long standby = rig.addStandby(item, TITLE + " REPOST", b);
        rig.awaitVerified(item, standby);
        rig.nntp.faults().inject(a.messageIds().get(12), ArticleFault.stallUntilReleased());

        TimedGet.Result r = TimedGet.get(rig.dav(TITLE, FILE), -1, () -> {});

        System.out.println("stalled article, one provider: longest wait " + r.longestWaitMillis() + " ms");
        assertEquals(small.length, r.body().length, "the whole film in one response");
        assertArrayEquals(sha256(small), sha256(r.body()), "every byte equal to the original");
        assertTrue(r.longestWaitMillis() <= 5000, "the longest wait for bytes was " + r.longestWaitMillis() + " ms");
        List<JsonNode> cutovers = rig.events(item, "cutover");
        assertEquals(1, cutovers.size(), cutovers.toString());
        assertEquals(standby, cutovers.get(0).get("detail").get("to").asLong());
        assertTrue(rig.events(item, "retry").isEmpty(), "a stall is not read again while a standby can serve");
        rig.nntp.faults().releaseStalls();
    }
}
