package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ProviderHealth;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Hedged reads: an article late against its provider's own running estimate is asked again in
 * parallel, the first good body wins, the other attempt is cancelled and every connection goes
 * back to its pool (checked after each test by {@link FetcherTestBase}).
 */
class HedgedReadTest extends FetcherTestBase {

    private static final Instant WALL = Instant.parse("2026-01-01T00:00:00Z");

    private MultiProviderFetcher hedgingFetcher(EmbeddedNntpServer... on) {
        List<ConnectionPool> list = new ArrayList<>();
        for (int i = 0; i < on.length; i++) {
            ConnectionPool p = new ConnectionPool(
                    on[i].provider("p" + i, 8, i),
                    PoolSettings.defaults().withReadTimeout(Duration.ofSeconds(10)),
                    System::nanoTime);
            pools.add(p);
            list.add(p);
        }
        FetchSettings settings = new FetchSettings(
                BACKOFF,
                Duration.ofSeconds(30),
                Duration.ofSeconds(30),
                PoolSettings.defaults().withReadTimeout(Duration.ofSeconds(10)));
        return new MultiProviderFetcher(list, settings, new YencArticleDecoder(), sleeper, System::nanoTime);
    }

    /** Serves every article once, so each provider has an estimate. */
    private void warm(MultiProviderFetcher fetcher, PostedFile file) throws Exception {
        for (int i = 0; i < file.segments().size(); i++) {
            assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
        }
    }

    @Test
    void anArticleLateOnTheFirstProviderIsServedByTheNextWithoutWaitingOutTheDeadline() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        MultiProviderFetcher fetcher = hedgingFetcher(a, b);
        warm(fetcher, file);
        a.faults().inject(segment(file, 1).messageId(), ArticleFault.stall(Duration.ofSeconds(8)), 1);
        long t0 = System.nanoTime();
        assertPart(file, 1, fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
        long took = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(took < 2000, "served by the hedge after " + took + " ms, not after the 8 s stall");
        assertEquals(1, b.counters().bodyCommands(), "b was asked once, for the late article");
        ProviderHealth health = fetcher.health(WALL).getFirst();
        assertEquals(1, health.hedged());
        a.faults().releaseStalls();
    }

    @Test
    void anArticleLateOnTheOnlyProviderIsAskedAgainOnAnotherConnection() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = hedgingFetcher(a);
        warm(fetcher, file);
        long accepted = a.counters().accepted();
        a.faults().inject(segment(file, 2).messageId(), ArticleFault.stall(Duration.ofSeconds(8)), 1);
        long t0 = System.nanoTime();
        assertPart(file, 2, fetcher.fetch(segment(file, 2), Priority.FOREGROUND, new byte[0]));
        assertTrue((System.nanoTime() - t0) / 1_000_000 < 2000);
        assertEquals(accepted + 1, a.counters().accepted(), "the hedge took a connection of its own");
        assertEquals(1, fetcher.health(WALL).getFirst().hedged());
        a.faults().releaseStalls();
    }

    @Test
    void aFetchWaitingForAPlaceOnTheOnlyProviderIsNotAskedTwice() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        // One connection, one command on it: the second fetch waits for a place until the first ends.
        ConnectionPool pool = new ConnectionPool(
                a.provider("p0", 1, 0),
                PoolSettings.defaults().withReadTimeout(Duration.ofSeconds(10)).withPipelineDepth(1),
                System::nanoTime);
        pools.add(pool);
        MultiProviderFetcher fetcher = new MultiProviderFetcher(
                List.of(pool),
                new FetchSettings(
                        BACKOFF,
                        Duration.ofSeconds(30),
                        Duration.ofSeconds(30),
                        PoolSettings.defaults().withReadTimeout(Duration.ofSeconds(10))),
                new YencArticleDecoder(),
                sleeper,
                System::nanoTime);
        warm(fetcher, file);
        a.faults().inject(segment(file, 0).messageId(), ArticleFault.stall(Duration.ofMillis(2500)), 1);
        var executor = Executors.newVirtualThreadPerTaskExecutor();
        try {
            Future<DecodedArticle> stalled =
                    executor.submit(() -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
            await(() -> pool.leased() == 1);
            Future<DecodedArticle> waiting =
                    executor.submit(() -> fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
            assertPart(file, 0, stalled.get(20, TimeUnit.SECONDS));
            assertPart(file, 1, waiting.get(20, TimeUnit.SECONDS));
        } finally {
            executor.shutdownNow();
        }
        // The stalled article's connection went silent: asked again (on the same pool, where no
        // other connection may open). The one waiting 2.5 s for a place: never.
        assertEquals(1, fetcher.health(WALL).getFirst().hedged());
    }

    @Test
    void articlesQueuedBehindAConnectionThatKeepsReceivingAreNotAskedAgain() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        ConnectionPool pool = new ConnectionPool(
                a.provider("p0", 1, 0),
                PoolSettings.defaults().withReadTimeout(Duration.ofSeconds(10)),
                System::nanoTime);
        pools.add(pool);
        MultiProviderFetcher fetcher = new MultiProviderFetcher(
                List.of(pool),
                new FetchSettings(BACKOFF, Duration.ofSeconds(30), Duration.ofSeconds(30), PoolSettings.defaults()),
                new YencArticleDecoder(),
                sleeper,
                System::nanoTime);
        // 50 KB/s, the provider's usual rate once warm: an article of 25 KB takes half a second,
        // so the third one queued on the only connection waits a second before its reply is due.
        a.faults().rateCap(50_000);
        warm(fetcher, file);
        var executor = Executors.newVirtualThreadPerTaskExecutor();
        try {
            List<Future<DecodedArticle>> fetches = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                int part = i;
                fetches.add(
                        executor.submit(() -> fetcher.fetch(segment(file, part), Priority.FOREGROUND, new byte[0])));
            }
            for (int i = 0; i < 3; i++) assertPart(file, i, fetches.get(i).get(20, TimeUnit.SECONDS));
        } finally {
            executor.shutdownNow();
        }
        assertEquals(0, fetcher.health(WALL).getFirst().hedged(), "nothing asked twice");
        assertEquals(1, a.counters().accepted(), "one connection carried them all");
    }

    @Test
    void aTricklingArticleIsAskedAgainAndTheFirstGoodBodyWins() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        MultiProviderFetcher fetcher = hedgingFetcher(a, b);
        warm(fetcher, file);
        // a sends the article at 4 KB/s (6 s for it); b has a damaged copy at first, then a good one.
        a.faults().inject(segment(file, 0).messageId(), new ArticleFault.Trickle(4_000), 1);
        b.faults().inject(segment(file, 0).messageId(), ArticleFault.corruptData(), 1);
        DecodedArticle got = fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]);
        assertPart(file, 0, got);
        assertEquals(1, fetcher.health(WALL).getFirst().hedged());
    }

    @Test
    void hedgedArticlesStayUnderFivePercentOfAFarProvidersSteadyTraffic() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        for (EmbeddedNntpServer s : List.of(a, b)) {
            s.faults().replyDelay(Duration.ofMillis(40));
            s.faults().rateCap(20_000_000);
        }
        MultiProviderFetcher fetcher = hedgingFetcher(a, b);
        int rounds = 40;
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> all = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                all.add(threads.submit(() -> {
                    for (int r = 0; r < rounds; r++) {
                        int i = r % file.segments().size();
                        assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
                    }
                    return null;
                }));
            }
            for (Future<?> f : all) f.get();
        }
        long fetched = 0;
        long hedged = 0;
        for (ProviderHealth h : fetcher.health(WALL)) {
            fetched += h.fetched();
            hedged += h.hedged();
        }
        System.out.println("far provider, 6 readers: " + hedged + " hedged of " + fetched + " articles served");
        assertTrue(fetched >= 6L * rounds);
        assertTrue(hedged * 100 < 5 * fetched, hedged + " hedged of " + fetched);
    }
}
