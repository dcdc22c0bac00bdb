package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;

/**
 * What the fetcher tests share: embedded servers on 127.0.0.1, pools on a clock that stands
 * still until a test moves {@link #now}, a fetcher whose retry pauses are recorded in
 * {@link #pauses} instead of slept, and one file posted to several servers under the same
 * message ids. JUnit makes a fresh instance for each test, so nothing here is shared between
 * tests. After each test every pool must have all its borrowed connections back and no
 * connection that is neither idle nor leased; then pools and servers are closed.
 */
abstract class FetcherTestBase {

    static final long SECOND = 1_000_000_000L;
    static final List<Duration> BACKOFF = List.of(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(3));
    final AtomicLong now = new AtomicLong(5_000 * SECOND);
    final List<Duration> pauses = Collections.synchronizedList(new ArrayList<>());
    /** Closed after each test; a test that starts a server of its own adds it here. */
    final List<EmbeddedNntpServer> servers = new ArrayList<>();
    /** Checked and closed after each test; a test that builds a pool of its own adds it here. */
    final List<ConnectionPool> pools = new ArrayList<>();

    final byte[] data = randomBytes(70_000);
    /** Read by {@link #pool}; a test sets it before creating its pools. */
    Duration readTimeout = Duration.ofSeconds(5);
    /** Read by {@link #fetcher}; a test sets it before creating its fetcher. */
    Sleeper sleeper = d -> pauses.add(d);

    @AfterEach
    void everyBorrowedConnectionWentBack() throws InterruptedException {
        for (ConnectionPool p : pools) {
            // A command given up is drained on its connection, which comes back within the drain's time.
            Await.until(
                    Duration.ofSeconds(10),
                    () -> p.leased() == 0,
                    () -> "no leased connections left in " + p.provider().name() + ", not " + p.leased());
            assertEquals(
                    p.idle(),
                    p.open(),
                    "open connections neither idle nor leased in "
                            + p.provider().name());
            p.close();
        }
        for (EmbeddedNntpServer s : servers) s.close();
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    /** A server that requires the login u/p, as {@link EmbeddedNntpServer#provider} supplies. */
    EmbeddedNntpServer server() throws IOException {
        EmbeddedNntpServer s =
                EmbeddedNntpServer.builder().credentials("u", "p").start();
        servers.add(s);
        return s;
    }

    /** The same file posted to every server under the same message ids, as on real providers. */
    PostedFile postEverywhere(EmbeddedNntpServer... on) {
        PostedFile file = on[0].post("film.mkv", data, 25_000);
        for (int i = 1; i < on.length; i++) {
            for (PostedSegment s : file.segments()) {
                on[i].putArticle(
                        s.messageId(),
                        new YencEncoder()
                                .encodePart(
                                        data,
                                        (int) s.begin(),
                                        s.length(),
                                        file.fileName(),
                                        s.number(),
                                        file.segments().size(),
                                        data.length,
                                        s.begin()));
            }
        }
        return file;
    }

    ConnectionPool pool(Provider p) {
        ConnectionPool pool = new ConnectionPool(p, PoolSettings.defaults().withReadTimeout(readTimeout), now::get);
        pools.add(pool);
        return pool;
    }

    /** A fetcher over one new pool per provider, in the order given, with {@link #BACKOFF}. */
    MultiProviderFetcher fetcher(Provider... providers) {
        List<ConnectionPool> list = Arrays.stream(providers).map(this::pool).toList();
        return new MultiProviderFetcher(
                list, new FetchSettings(BACKOFF, PoolSettings.defaults()), new YencArticleDecoder(), sleeper);
    }

    /** Checks a fetched part's header fields and compares its bytes with the original. */
    void assertPart(PostedFile file, int index, DecodedArticle a) {
        PostedSegment s = file.segments().get(index);
        assertEquals(s.number(), a.part());
        assertEquals(file.segments().size(), a.total());
        assertEquals(s.begin(), a.begin());
        assertEquals(data.length, a.fileSize());
        assertEquals("film.mkv", a.name());
        assertArrayEquals(
                Arrays.copyOfRange(data, (int) s.begin(), (int) s.end()), Arrays.copyOf(a.data(), a.length()));
    }

    static NzbSegment segment(PostedFile f, int index) {
        return f.segments().get(index).toNzbSegment();
    }

    /** Waits up to 10 s for {@code condition}. */
    static void await(BooleanSupplier condition) throws InterruptedException {
        Await.until(Duration.ofSeconds(10), condition, () -> "the fetch state the test waits for");
    }
}
