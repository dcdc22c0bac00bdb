package io.nzbmount.nntp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link Usenet#census} (the health check) and {@link Usenet#missing} (an import's presence sample,
 * a repair's damage scan): STATs sent together on a connection, at background priority.
 */
class ArticleStatsTest {

    private static final int PART = 10_000;
    private final List<EmbeddedNntpServer> servers = new ArrayList<>();
    private Usenet usenet;

    @AfterEach
    void stop() {
        if (usenet != null) usenet.close();
        servers.forEach(EmbeddedNntpServer::close);
    }

    private EmbeddedNntpServer server() throws Exception {
        EmbeddedNntpServer s = EmbeddedNntpServer.start();
        servers.add(s);
        return s;
    }

    private static byte[] data(int size, int seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static Usenet.Settings settings() {
        return Usenet.Settings.defaults().withRetryBackoff(List.of(Duration.ofMillis(10)));
    }

    @Test
    void anArticleIsMissingOnlyWhenEveryProviderLacksIt() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        byte[] film = data(40 * PART, 1);
        PostedFile posted = a.post("film.mkv", film, PART);
        List<String> ids = posted.messageIds();
        // b holds the same articles (STAT looks at nothing but the message id).
        for (String id : ids) b.putArticle(id, "x\r\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        // a lacks parts 3 and 17, b lacks 17 and 30: only 17 is a hole of the release.
        a.faults().inject(ids.get(3), new ArticleFault.Missing());
        a.faults().inject(ids.get(17), new ArticleFault.Missing());
        b.faults().inject(ids.get(17), new ArticleFault.Missing());
        b.faults().inject(ids.get(30), new ArticleFault.Missing());
        usenet = Usenet.connect(List.of(a.provider("a", 4, 0), b.provider("b", 4, 1)), settings());

        ArticleCensus census = usenet.census(posted.toNzbFile().segments(), 8, 2);

        assertEquals(Set.of(ids.get(17)), census.missing());
        assertEquals(Set.of(), census.unknown());
        assertEquals(39, census.present());
        assertEquals(40, a.counters().statCommands(), "every article asked of the first provider once");
        assertEquals(
                2,
                b.counters().statCommands(),
                "only what the first provider lacks (parts 3 and 17) asked of the second");
        assertEquals(0, a.counters().bodyCommands() + b.counters().bodyCommands(), "no article fetched");
    }

    @Test
    void aProviderThatCannotBeAskedMakesNothingMissing() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile posted = a.post("film.mkv", data(10 * PART, 2), PART);
        a.faults().inject(posted.messageIds().get(4), new ArticleFault.Missing());
        // One connection, kept for playback: background work may not use it.
        usenet = Usenet.connect(List.of(a.provider("a", 1, 0)), settings());

        ArticleCensus census = usenet.census(posted.toNzbFile().segments(), 8, 2);

        assertEquals(Set.of(), census.missing());
        assertEquals(10, census.unknown().size());
        assertEquals(0, a.counters().statCommands());
    }

    @Test
    void aCopyListedForAPartCountsWhenTheFirstIsGone() throws Exception {
        EmbeddedNntpServer a = server();
        byte[] film = data(6 * PART, 3);
        PostedFile posted = a.post("film.mkv", film, PART);
        PostedFile repost = a.post("film.mkv", film, PART);
        List<NzbSegment> segments = new ArrayList<>(posted.toNzbFile().segments());
        segments.set(2, segments.get(2).withAlternate(repost.messageIds().get(2)));
        a.faults().inject(posted.messageIds().get(2), new ArticleFault.Missing());
        a.faults().inject(posted.messageIds().get(5), new ArticleFault.Missing());
        usenet = Usenet.connect(List.of(a.provider("a", 4, 0)), settings());

        ArticleCensus census = usenet.census(segments, 4, 1);

        assertEquals(Set.of(posted.messageIds().get(5)), census.missing());
        assertEquals(5, census.present());
    }

    @Test
    void aLiveReadIsServedWhileTheCensusHoldsEveryConnectionItMayTake() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile release = a.post("release.mkv", data(60 * PART, 4), PART);
        byte[] film = data(3 * PART, 5);
        PostedFile playing = a.post("playing.mkv", film, PART);
        // Every STAT of the census is held by the server until released.
        for (String id : release.messageIds()) a.faults().inject(id, new ArticleFault.Stall(-1));
        usenet = Usenet.connect(
                List.of(a.provider("a", 4, 0)),
                settings()
                        .withFetchBudget(Duration.ofSeconds(60))
                        .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(60)));

        CompletableFuture<ArticleCensus> census = CompletableFuture.supplyAsync(() -> {
            try {
                return usenet.census(release.toNzbFile().segments(), 4, 8);
            } catch (ReadCancelledException e) {
                throw new RuntimeException(e);
            }
        });
        // Eight workers want connections; background work may hold 4 - max(1, 4 / 4) = 3 of them.
        Await.until(Duration.ofSeconds(20), () -> a.counters().statCommands() >= 3, () -> "three STATs under way");
        assertEquals(3, a.counters().openNow(), "the census holds the three connections background work may take");

        SegmentMap map = usenet.map(playing.toNzbFile(), Priority.FOREGROUND);
        try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
            assertArrayEquals(
                    film, ReadFully.read(reader, 0, film.length), "the live read is served while the census waits");
        }
        assertFalse(census.isDone());
        assertTrue(a.counters().maxConcurrent() <= 4, "never beyond the provider's connection limit");

        for (String id : release.messageIds()) a.faults().clear(id);
        a.faults().releaseStalls();
        ArticleCensus done = census.get(30, TimeUnit.SECONDS);
        assertEquals(60, done.present());
        assertTrue(a.counters().maxConcurrent() <= 4, "never beyond the provider's connection limit");
        assertEquals(
                Arrays.asList(60, 0),
                Arrays.asList(done.present(), done.missing().size()));
    }

    @Test
    void missingNamesAnArticleOnlyWhenEveryProviderLacksIt() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile posted = a.post("film.mkv", data(20 * PART, 11), PART);
        List<String> ids = posted.messageIds();
        for (String id : ids) b.putArticle(id, "x\r\n".getBytes(StandardCharsets.US_ASCII));
        a.faults().inject(ids.get(3), ArticleFault.missing());
        a.faults().inject(ids.get(17), ArticleFault.missing());
        b.faults().inject(ids.get(17), ArticleFault.missing());
        usenet = Usenet.connect(List.of(a.provider("a", 8, 0), b.provider("b", 8, 1)), settings());

        assertEquals(Set.of(ids.get(17)), usenet.missing(posted.toNzbFile().segments()));
        assertEquals(20, a.counters().statCommands(), "each article asked of the first provider once");
        assertEquals(2, b.counters().statCommands(), "only what the first provider lacks asked of the second");
        assertTrue(
                a.counters().accepted() <= 2,
                "twenty STATs travel in two batches, each together on a connection: "
                        + a.counters().accepted() + " connections");
        assertEquals(0, a.counters().bodyCommands() + b.counters().bodyCommands(), "no article fetched");
    }

    @Test
    void missingFailsWhenTheArticlesCannotBeAskedInsteadOfLookingWhole() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile posted = a.post("film.mkv", data(10 * PART, 12), PART);
        // One connection, kept for playback: background work may not use it.
        usenet = Usenet.connect(List.of(a.provider("a", 1, 0)), settings());

        assertThrows(ReadFailure.class, () -> usenet.missing(posted.toNzbFile().segments()));
        assertEquals(0, a.counters().statCommands());
    }

    @Test
    void missingAsksAloneAStatThatStalledPastTheBudgetInItsBatch() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile posted = a.post("film.mkv", data(10 * PART, 13), PART);
        List<String> ids = posted.messageIds();
        a.faults().inject(ids.get(6), ArticleFault.missing());
        // The first STAT of part 5 gets no answer within the fetch budget; asked again, it is there.
        a.faults().inject(ids.get(5), ArticleFault.stall(Duration.ofSeconds(3)), 1);
        usenet = Usenet.connect(
                List.of(a.provider("a", 8, 0)),
                settings()
                        .withFetchBudget(Duration.ofMillis(500))
                        .withTimeouts(Duration.ofSeconds(2), Duration.ofMillis(400)));

        assertEquals(Set.of(ids.get(6)), usenet.missing(posted.toNzbFile().segments()));
        assertTrue(
                a.counters().statCommands() >= 11,
                "part 5 asked a second time: " + a.counters().statCommands());
    }
}
