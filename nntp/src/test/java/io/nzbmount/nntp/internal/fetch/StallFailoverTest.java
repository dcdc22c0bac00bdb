package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A provider that goes silent (sockets open, no bytes) becomes a failover to the next provider
 * within 2 s, or, when no other provider has the article, a transient failure within the 5 s
 * budget, with the default deadlines.
 */
class StallFailoverTest extends FetcherTestBase {

    /** Pools with the default deadlines on the test's clock. */
    private ConnectionPool defaultPool(Provider p) {
        ConnectionPool pool = new ConnectionPool(p, PoolSettings.defaults(), now::get);
        pools.add(pool);
        return pool;
    }

    private MultiProviderFetcher defaultFetcher(Sleeper pauses, EmbeddedNntpServer... on) {
        List<ConnectionPool> list = Arrays.stream(on)
                .map(s -> defaultPool(s.provider("p" + s.port(), 4, 0)))
                .toList();
        return new MultiProviderFetcher(
                list, FetchSettings.defaults(), new YencArticleDecoder(), pauses, System::nanoTime);
    }

    @Test
    void silentProviderFailsOverToTheNextWithinTwoSeconds() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        MultiProviderFetcher fetcher = defaultFetcher(Sleeper.SYSTEM, a, b);
        // Both get a connection first, as in a stream already playing.
        for (int i = 0; i < 2; i++)
            assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
        a.faults().silent(true);
        for (int i = 0; i < file.segments().size(); i++) {
            long t0 = System.nanoTime();
            assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
            long took = (System.nanoTime() - t0) / 1_000_000;
            assertTrue(took < 2000, "article " + i + " took " + took + " ms with a silent provider and a healthy one");
        }
        a.faults().silent(false);
    }

    @Test
    void silentOnlyProviderIsATransientFailureWithinFiveSeconds() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = defaultFetcher(Sleeper.SYSTEM, a);
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        a.faults().silent(true);
        long t0 = System.nanoTime();
        ArticleUnavailableException e = assertThrows(
                ArticleUnavailableException.class,
                () -> fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
        long took = (System.nanoTime() - t0) / 1_000_000;
        assertTrue(took < 5000, "the fetch gave up after " + took + " ms");
        assertTrue(e.sourceFault() && !e.permanent());
        assertTrue(e.stalled(), "a fetch that ended on read deadlines says so");
        assertInstanceOf(SocketTimeoutException.class, e.getCause());
        // It was retried on a fresh connection before giving up.
        assertTrue(a.counters().accepted() >= 2, a.counters().accepted() + " connections");
        a.faults().silent(false);
    }

    @Test
    void retriesStopWhenTheNextOneCouldNotFinishWithinTheBudget() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().inject(Faults.ALL, ArticleFault.resetAfter(0));
        // Each pause moves the test's clock: 0.5 s + 1.5 s leave 3 s, too little for a 3 s pause and a first byte.
        ConnectionPool pool = defaultPool(a.provider("a", 2, 0));
        MultiProviderFetcher f = new MultiProviderFetcher(
                List.of(pool),
                FetchSettings.defaults(),
                new YencArticleDecoder(),
                d -> {
                    pauses.add(d);
                    now.addAndGet(d.toNanos());
                },
                now::get);
        ArticleUnavailableException e = assertThrows(
                ArticleUnavailableException.class, () -> f.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofMillis(1500)), pauses);
        assertFalse(e.stalled(), "resets are errors, not silence");
    }

    @Test
    void aProviderThatStalledIsAskedLastUntilItsDemotionEnds() throws Exception {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        readTimeout = Duration.ofMillis(300);
        ConnectionPool pa = pool(a.provider("a", 2, 0));
        ConnectionPool pb = pool(b.provider("b", 2, 1));
        FetchSettings settings = new FetchSettings(
                BACKOFF,
                Duration.ofSeconds(5),
                Duration.ofSeconds(30),
                PoolSettings.defaults().withReadTimeout(Duration.ofMillis(300)));
        MultiProviderFetcher fetcher =
                new MultiProviderFetcher(List.of(pa, pb), settings, new YencArticleDecoder(), sleeper, now::get);
        a.faults().inject(segment(file, 0).messageId(), ArticleFault.stall(Duration.ofSeconds(3)), 1);
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        long asked = a.counters().bodyCommands();
        // a is first by priority, but stalled: the next articles go to b without waiting on a.
        for (int i = 1; i < 3; i++)
            assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
        assertEquals(asked, a.counters().bodyCommands());
        assertEquals(1, fetcher.health(WALL).getFirst().stalls());
        now.addAndGet(31 * SECOND);
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertEquals(asked + 1, a.counters().bodyCommands());
        a.faults().releaseStalls();
    }

    private static final java.time.Instant WALL = java.time.Instant.parse("2026-01-01T00:00:00Z");
}
