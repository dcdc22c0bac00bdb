package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.CoolDownReason;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectAheadTest extends FetcherTestBase {

    private ConnectionPool pool(String name, int priority) throws IOException {
        EmbeddedNntpServer server = EmbeddedNntpServer.builder().start();
        servers.add(server);
        ConnectionPool pool = new ConnectionPool(
                new Provider(name, server.host(), server.port(), false, null, null, 4, priority),
                PoolSettings.defaults(),
                System::nanoTime);
        pools.add(pool);
        return pool;
    }

    private static MultiProviderFetcher fetcher(List<ConnectionPool> pools) {
        return new MultiProviderFetcher(
                pools,
                new FetchSettings(List.of(Duration.ofMillis(1)), PoolSettings.defaults()),
                new YencArticleDecoder(),
                d -> {});
    }

    @Test
    void connectionsOpenAheadOnTheProvidersAskedFirstSharedAmongThem() throws Exception {
        ConnectionPool main = pool("main", 0);
        ConnectionPool alsoMain = pool("also-main", 0);
        ConnectionPool backup = pool("backup", 1);
        fetcher(List.of(main, alsoMain, backup)).connectAhead(4);
        await(() -> main.idle() == 2 && alsoMain.idle() == 2);
        assertEquals(0, backup.open(), "the backup serves only what the first ones lack");
        assertEquals(
                List.of(2L, 2L, 0L),
                servers.stream().map(s -> s.counters().accepted()).toList());
    }

    @Test
    void aProviderCoolingDownIsPassedOverForTheNextTier() throws Exception {
        ConnectionPool main = pool("main", 0);
        ConnectionPool backup = pool("backup", 1);
        main.coolDown(CoolDownReason.TOO_MANY_CONNECTIONS);
        fetcher(List.of(main, backup)).connectAhead(3);
        await(() -> backup.idle() == 3);
        assertEquals(0, main.open());
        assertEquals(0, servers.get(0).counters().accepted());
    }
}
