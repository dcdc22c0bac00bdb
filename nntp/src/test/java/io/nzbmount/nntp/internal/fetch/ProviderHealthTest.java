package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ProviderHealth;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The per-provider health snapshot built from the pools and the fetcher's failure counts. */
class ProviderHealthTest {

    private static final long SECOND = 1_000_000_000L;
    private static final Instant WALL = Instant.parse("2025-03-01T10:00:00Z");
    private final AtomicLong now = new AtomicLong(5_000 * SECOND);
    private final List<EmbeddedNntpServer> servers = new ArrayList<>();
    private final List<ConnectionPool> pools = new ArrayList<>();

    @AfterEach
    void close() {
        for (ConnectionPool p : pools) p.close();
        for (EmbeddedNntpServer s : servers) s.close();
    }

    private EmbeddedNntpServer server() throws IOException {
        EmbeddedNntpServer s =
                EmbeddedNntpServer.builder().credentials("u", "p").start();
        servers.add(s);
        return s;
    }

    private MultiProviderFetcher fetcher(Provider... providers) {
        List<ConnectionPool> list = new ArrayList<>();
        for (Provider p : providers) {
            ConnectionPool pool = new ConnectionPool(p, PoolSettings.defaults(), now::get);
            pools.add(pool);
            list.add(pool);
        }
        return new MultiProviderFetcher(
                list,
                new FetchSettings(List.of(Duration.ofMillis(1)), PoolSettings.defaults()),
                new YencArticleDecoder(),
                d -> {});
    }

    private static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    @Test
    void healthyProviderShowsItsIdleConnectionAndNoTrouble() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = a.post("film.mkv", bytes(40_000), 20_000);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        fetcher.fetch(file.segments().get(0).toNzbSegment(), Priority.FOREGROUND, new byte[0]);
        assertEquals(List.of(new ProviderHealth("a", 1, 1, 0, null, null, 0, 0, null, 0, 1)), fetcher.health(WALL));
    }

    @Test
    void refusedLoginShowsACoolDownUntilAnInstantAndCountsAsAFailure() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = a.post("film.mkv", bytes(40_000), 20_000);
        MultiProviderFetcher fetcher = fetcher(new Provider("bad", a.host(), a.port(), false, "u", "wrong", 2, 0));
        assertThrows(
                ProvidersUnavailableException.class,
                () -> fetcher.fetch(file.segments().get(0).toNzbSegment(), Priority.FOREGROUND, new byte[0]));
        ProviderHealth bad = fetcher.health(WALL).get(0);
        assertEquals("bad", bad.name());
        assertEquals("auth-rejected", bad.coolDownReason());
        assertEquals(WALL.plusSeconds(30), bad.coolingDownUntil(), "the first cool-down lasts 30 s");
        assertEquals(1, bad.failures());
        now.addAndGet(31 * SECOND);
        ProviderHealth later = fetcher.health(WALL.plusSeconds(31)).get(0);
        assertFalse(later.coolingDown());
        assertNull(later.coolDownReason());
        assertEquals(1, later.failures(), "failures are counted since start, not reset by time");
    }

    @Test
    void everyTransientAttemptCountsAsAFailureOfThatProvider() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = a.post("film.mkv", bytes(40_000), 20_000);
        a.faults().inject(Faults.ALL, ArticleFault.serviceError());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        assertThrows(
                ArticleUnavailableException.class,
                () -> fetcher.fetch(file.segments().get(0).toNzbSegment(), Priority.FOREGROUND, new byte[0]));
        assertEquals(2, fetcher.health(WALL).get(0).failures(), "the first attempt and its one retry");
    }

    @Test
    void coolingDownUntilAndReasonGoTogether() {
        assertThrows(IllegalArgumentException.class, () -> new ProviderHealth("a", 0, 0, 0, WALL, null, 0));
        assertThrows(IllegalArgumentException.class, () -> new ProviderHealth("a", 0, 0, 0, null, "auth-rejected", 0));
    }
}
