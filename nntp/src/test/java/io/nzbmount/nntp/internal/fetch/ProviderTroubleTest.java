package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import io.nzbmount.nntp.internal.protocol.TestTls;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A provider in trouble and the limits kept on every provider: a refused login or a full
 * connection slot cools the provider down while the others serve; TLS with a login works;
 * concurrent fetches never exceed a provider's connections; STAT follows the same rules as BODY.
 */
class ProviderTroubleTest extends FetcherTestBase {

    @Test
    void authRejectedProviderCoolsDownAndOthersServe() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        Provider badLogin = new Provider("a", a.host(), a.port(), false, "u", "wrong", 2, 0);
        MultiProviderFetcher fetcher = fetcher(badLogin, b.provider("b", 2, 1));
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertTrue(pools.get(0).isCoolingDown());
        assertPart(file, 1, fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
        assertEquals(1, a.counters().accepted(), "a cooling provider is not asked");
        assertEquals(2, b.counters().bodyCommands());
        assertTrue(pauses.isEmpty(), "a provider's refusal is not retried");
        now.addAndGet(31 * SECOND);
        assertPart(file, 2, fetcher.fetch(segment(file, 2), Priority.FOREGROUND, new byte[0]));
        assertEquals(2, a.counters().accepted(), "asked again after the cool-down");
    }

    @Test
    void tooManyConnectionsCoolsTheProviderDown() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().connectionLimit(1, false);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 3, 0), b.provider("b", 2, 1));
        ConnectionPool poolA = pools.get(0);
        var held = poolA.borrow(Priority.FOREGROUND);
        try {
            assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
            assertTrue(poolA.isCoolingDown());
            assertEquals(1, b.counters().bodyCommands());
        } finally {
            held.release();
        }
    }

    @Test
    void authRequiredMidSessionCoolsTheProviderDown() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        Provider noLogin = new Provider("a", a.host(), a.port(), false, null, null, 2, 0);
        MultiProviderFetcher fetcher = fetcher(noLogin, b.provider("b", 2, 1));
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertTrue(pools.get(0).isCoolingDown());
        assertEquals(0, pools.get(0).open(), "a session that demands a login is not kept");
        assertEquals(1, b.counters().bodyCommands());
    }

    @Test
    void tlsProviderWithLoginServesArticles() throws Exception {
        TestTls tls = TestTls.shared("dns:localhost,ip:127.0.0.1");
        EmbeddedNntpServer secure = EmbeddedNntpServer.builder()
                .tls(tls.server())
                .credentials("u", "p")
                .start();
        servers.add(secure);
        PostedFile file = postEverywhere(secure);
        Provider provider = secure.provider("tls", 2, 0);
        assertTrue(provider.tls());
        PoolSettings settings = PoolSettings.defaults();
        ConnectionPool pool = new ConnectionPool(
                provider,
                NntpEndpoint.of(
                                provider,
                                settings.connectTimeout(),
                                settings.firstByteTimeout(),
                                settings.betweenBytesTimeout())
                        .withSslFactory(tls.client().getSocketFactory()),
                settings,
                now::get);
        pools.add(pool);
        MultiProviderFetcher fetcher = new MultiProviderFetcher(
                List.of(pool), new FetchSettings(BACKOFF, settings), new YencArticleDecoder(), sleeper);
        for (int i = 0; i < file.segments().size(); i++)
            assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
        assertEquals(1, secure.counters().accepted());
    }

    @Test
    void concurrentFetchesStayWithinTheConnectionLimit() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        List<java.util.concurrent.Future<?>> readers = new ArrayList<>();
        try (var executor = java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 16; t++) {
                Priority priority = t % 2 == 0 ? Priority.FOREGROUND : Priority.BACKGROUND;
                int seed = t;
                readers.add(executor.submit(() -> {
                    byte[] buffer = new byte[25_000];
                    for (int i = 0; i < 6; i++) {
                        int index = (seed + i) % file.segments().size();
                        assertPart(file, index, fetcher.fetch(segment(file, index), priority, buffer));
                    }
                    return null;
                }));
            }
            for (var r : readers) r.get(30, java.util.concurrent.TimeUnit.SECONDS);
        }
        assertTrue(
                a.counters().maxConcurrent() <= 2, "server saw " + a.counters().maxConcurrent());
        assertEquals(96, a.counters().bodyCommands());
    }

    @Test
    void existsUsesStatWithTheSameRules() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.removeArticle(file.segments().get(0).messageId());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        assertTrue(fetcher.exists(segment(file, 0), Priority.BACKGROUND));
        assertEquals(1, a.counters().statCommands());
        assertEquals(1, b.counters().statCommands());
        b.removeArticle(file.segments().get(0).messageId());
        assertFalse(fetcher.exists(segment(file, 0), Priority.BACKGROUND));
        assertTrue(pauses.isEmpty());
        a.faults().inject(Faults.ALL, ArticleFault.serviceError(), 1);
        b.faults().inject(Faults.ALL, ArticleFault.serviceError(), 1);
        assertTrue(fetcher.exists(segment(file, 1), Priority.FOREGROUND));
        assertEquals(List.of(Duration.ofMillis(1)), pauses);
        assertEquals(0, a.counters().bodyCommands() + b.counters().bodyCommands());
    }
}
