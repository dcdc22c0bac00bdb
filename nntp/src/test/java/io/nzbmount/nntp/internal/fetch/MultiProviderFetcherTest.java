package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import io.nzbmount.nntp.internal.protocol.TestTls;
import io.nzbmount.nntp.internal.yenc.YencException;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MultiProviderFetcherTest {

    private static final long SECOND = 1_000_000_000L;
    private static final List<Duration> BACKOFF = List.of(Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(3));
    private final AtomicLong now = new AtomicLong(5_000 * SECOND);
    private final List<Duration> pauses = Collections.synchronizedList(new ArrayList<>());
    private final List<EmbeddedNntpServer> servers = new ArrayList<>();
    private final List<ConnectionPool> pools = new ArrayList<>();
    private final byte[] data = randomBytes(70_000);
    private Duration readTimeout = Duration.ofSeconds(5);
    private Sleeper sleeper = d -> pauses.add(d);

    @AfterEach
    void everyBorrowedConnectionWentBack() {
        for (ConnectionPool p : pools) {
            assertEquals(0, p.leased(), "leased connections left in " + p.provider().name());
            assertEquals(p.idle(), p.open(), "open connections neither idle nor leased in " + p.provider().name());
            p.close();
        }
        for (EmbeddedNntpServer s : servers) s.close();
    }

    private static byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    private EmbeddedNntpServer server() throws IOException {
        EmbeddedNntpServer s = EmbeddedNntpServer.builder().credentials("u", "p").start();
        servers.add(s);
        return s;
    }

    /** The same file posted to every server under the same message ids, as on real providers. */
    private PostedFile postEverywhere(EmbeddedNntpServer... on) {
        PostedFile file = on[0].post("film.mkv", data, 25_000);
        for (int i = 1; i < on.length; i++) {
            for (PostedSegment s : file.segments()) {
                on[i].putArticle(s.messageId(), new io.nzbmount.nntp.internal.yenc.YencEncoder().encodePart(
                        data, (int) s.begin(), s.length(), file.fileName(), s.number(), file.segments().size(), data.length, s.begin()));
            }
        }
        return file;
    }

    private ConnectionPool pool(Provider p) {
        ConnectionPool pool = new ConnectionPool(p, PoolSettings.defaults().withReadTimeout(readTimeout), now::get);
        pools.add(pool);
        return pool;
    }

    private MultiProviderFetcher fetcher(Provider... providers) {
        List<ConnectionPool> list = Arrays.stream(providers).map(this::pool).toList();
        return new MultiProviderFetcher(list, new FetchSettings(BACKOFF, PoolSettings.defaults()), new YencArticleDecoder(), sleeper);
    }

    private void assertPart(PostedFile file, int index, DecodedArticle a) {
        PostedSegment s = file.segments().get(index);
        assertEquals(s.number(), a.part());
        assertEquals(file.segments().size(), a.total());
        assertEquals(s.begin(), a.begin());
        assertEquals(data.length, a.fileSize());
        assertEquals("film.mkv", a.name());
        assertArrayEquals(Arrays.copyOfRange(data, (int) s.begin(), (int) s.end()), Arrays.copyOf(a.data(), a.length()));
    }

    private static NzbSegment segment(PostedFile f, int index) {
        return f.segments().get(index).toNzbSegment();
    }

    @Test
    void fetchedPartsMatchTheOriginalBytes() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        byte[] buffer = new byte[30_000];
        for (int i = 0; i < file.segments().size(); i++) {
            DecodedArticle article = fetcher.fetch(segment(file, i), Priority.FOREGROUND, buffer);
            assertPart(file, i, article);
            assertTrue(article.data() == buffer, "the caller's buffer is used when it fits");
        }
        assertEquals(1, a.counters().accepted());
        assertTrue(pauses.isEmpty());
    }

    @Test
    void missingArticleOnAllProvidersIsNotRetried() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().inject(Faults.ALL, ArticleFault.missing());
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        ArticleMissingException e = assertThrows(ArticleMissingException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertTrue(e.permanent());
        assertEquals(file.segments().get(0).messageId(), e.messageId());
        assertEquals(1, a.counters().bodyCommands());
        assertEquals(1, b.counters().bodyCommands());
        assertTrue(pauses.isEmpty(), "a missing article is never retried");
    }

    @Test
    void missingOnOneProviderFallsThroughToTheNext() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.removeArticle(file.segments().get(1).messageId());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        assertPart(file, 1, fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
        assertEquals(1, a.counters().bodyCommands());
        assertEquals(1, b.counters().bodyCommands());
    }

    @Test
    void lowerPriorityNumberIsAskedFirst() throws IOException {
        EmbeddedNntpServer backup = server();
        EmbeddedNntpServer primary = server();
        PostedFile file = postEverywhere(backup, primary);
        MultiProviderFetcher fetcher = fetcher(backup.provider("backup", 2, 5), primary.provider("primary", 2, 0));
        for (int i = 0; i < file.segments().size(); i++) assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
        assertEquals(file.segments().size(), primary.counters().bodyCommands());
        assertEquals(0, backup.counters().accepted());
    }

    @Test
    void equalPrioritiesShareTheLoad() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 0));
        for (int i = 0; i < 10; i++) fetcher.fetch(segment(file, i % 3), Priority.FOREGROUND, new byte[0]);
        assertEquals(5, a.counters().bodyCommands());
        assertEquals(5, b.counters().bodyCommands());
    }

    @Test
    void resetMidArticleIsRetriedOnAFreshConnection() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]);
        a.faults().inject(file.segments().get(1).messageId(), ArticleFault.resetAfter(4000), 1);
        assertPart(file, 1, fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
        assertEquals(2, a.counters().accepted(), "the reset connection is replaced by a new one");
        assertEquals(List.of(Duration.ofMillis(1)), pauses);
        assertEquals(1, pools.get(0).open());
    }

    @Test
    void defaultBackoffIsHalfASecondThenOneAndAHalfThenThree() {
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ofSeconds(3)),
                FetchSettings.defaults().retryBackoff());
    }

    @Test
    void stallLongerThanTheReadTimeoutIsRetriedThenUnavailable() throws IOException {
        readTimeout = Duration.ofMillis(100);
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().inject(Faults.ALL, ArticleFault.stallUntilReleased());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        ArticleUnavailableException e = assertThrows(ArticleUnavailableException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertFalse(e.permanent());
        assertInstanceOf(java.net.SocketTimeoutException.class, e.getCause());
        assertEquals(4, a.counters().bodyCommands(), "the first try and three retries");
        assertEquals(4, a.counters().accepted(), "each retry on a fresh connection");
        assertEquals(BACKOFF, pauses);
        a.faults().releaseStalls();
    }

    @Test
    void serviceErrorIsRetriedAndThenServed() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().inject(Faults.ALL, ArticleFault.serviceError(), 2);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        assertPart(file, 2, fetcher.fetch(segment(file, 2), Priority.FOREGROUND, new byte[0]));
        assertEquals(List.of(Duration.ofMillis(1), Duration.ofMillis(2)), pauses);
    }

    @Test
    void unavailableGreetingIsTransient() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().unavailableAtGreeting(true);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        assertThrows(ArticleUnavailableException.class, () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertEquals(4, a.counters().accepted());
        assertFalse(pools.get(0).isCoolingDown());
    }

    @Test
    void refusedConnectionIsRetriedWhileAnotherProviderServes() throws IOException {
        int deadPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            deadPort = s.getLocalPort();
        }
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(b);
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        Provider dead = new Provider("dead", "127.0.0.1", deadPort, false, null, null, 2, 0);
        MultiProviderFetcher fetcher = fetcher(dead, b.provider("b", 2, 1));
        ArticleUnavailableException e = assertThrows(ArticleUnavailableException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertInstanceOf(java.net.ConnectException.class, e.getCause());
        assertEquals(1, b.counters().bodyCommands(), "missing is final; only the unreachable provider is retried");
        assertEquals(BACKOFF, pauses);
    }

    @Test
    void corruptArticleFallsThroughToTheNextProvider() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().inject(Faults.ALL, ArticleFault.corruptData());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertEquals(1, a.counters().bodyCommands());
        assertEquals(1, pools.get(0).idle(), "a corrupt body read to its end leaves a reusable connection");
        assertTrue(pauses.isEmpty());
    }

    @Test
    void corruptOnEveryProviderThatHasItIsCorrupt() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().inject(Faults.ALL, ArticleFault.corruptData());
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        ArticleCorruptException e = assertThrows(ArticleCorruptException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertTrue(e.permanent());
        assertInstanceOf(CorruptBodyException.class, e.getCause());
        assertInstanceOf(YencException.CrcMismatch.class, e.getCause().getCause());
    }

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
            poolA.release(held);
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
    void noUsableProviderIsProvidersUnavailable() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().rejectCredentials(true);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        ProvidersUnavailableException e = assertThrows(ProvidersUnavailableException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertFalse(e.sourceFault());
        assertThrows(ProvidersUnavailableException.class, () -> fetcher.exists(segment(file, 0), Priority.FOREGROUND));
        assertEquals(1, a.counters().accepted());
    }

    @Test
    void missingOnEveryProviderThatCouldBeAskedIsMissing() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().rejectCredentials(true);
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        assertThrows(ArticleMissingException.class, () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
    }

    @Test
    void backgroundWorkSkipsASingleConnectionProvider() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 1, 0), b.provider("b", 4, 1));
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.BACKGROUND, new byte[0]));
        assertEquals(0, a.counters().accepted());
        assertEquals(1, b.counters().bodyCommands());
        MultiProviderFetcher onlySingle = fetcher(a.provider("a1", 1, 0));
        assertThrows(ProvidersUnavailableException.class, () -> onlySingle.fetch(segment(file, 0), Priority.BACKGROUND, new byte[0]));
    }

    @Test
    void interruptedFetchDoesNotReturnItsConnection() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]);
        assertEquals(1, pools.get(0).idle());
        a.faults().inject(Faults.ALL, ArticleFault.stallUntilReleased());
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicReference<Boolean> interruptedAfter = new AtomicReference<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]);
            } catch (Throwable t) {
                failure.set(t);
            }
            interruptedAfter.set(Thread.currentThread().isInterrupted());
        });
        long deadline = System.nanoTime() + 5 * SECOND;
        while (a.counters().bodyCommands() < 2 && System.nanoTime() < deadline) Thread.sleep(1);
        reader.interrupt();
        reader.join(5000);
        assertInstanceOf(ReadCancelledException.class, failure.get());
        assertEquals(Boolean.TRUE, interruptedAfter.get());
        assertEquals(0, pools.get(0).open(), "the interrupted connection is closed, not pooled");
        assertTrue(pauses.isEmpty(), "a cancelled read is not retried");
        a.faults().releaseStalls();
    }

    @Test
    void interruptDuringTheBackoffPauseCancels() throws Exception {
        sleeper = Sleeper.SYSTEM;
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().inject(Faults.ALL, ArticleFault.serviceError());
        ConnectionPool pool = pool(a.provider("a", 2, 0));
        MultiProviderFetcher fetcher = new MultiProviderFetcher(List.of(pool),
                new FetchSettings(List.of(Duration.ofSeconds(30)), PoolSettings.defaults()), new YencArticleDecoder(), sleeper);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        long deadline = System.nanoTime() + 5 * SECOND;
        while (a.counters().bodyCommands() < 1 && System.nanoTime() < deadline) Thread.sleep(1);
        Thread.sleep(20);
        long start = System.nanoTime();
        reader.interrupt();
        reader.join(5000);
        assertTrue(System.nanoTime() - start < 5 * SECOND);
        assertInstanceOf(ReadCancelledException.class, failure.get());
    }

    @Test
    void tlsProviderWithLoginServesArticles() throws Exception {
        TestTls tls = TestTls.shared("dns:localhost,ip:127.0.0.1");
        EmbeddedNntpServer secure = EmbeddedNntpServer.builder().tls(tls.server()).credentials("u", "p").start();
        servers.add(secure);
        PostedFile file = postEverywhere(secure);
        Provider provider = secure.provider("tls", 2, 0);
        assertTrue(provider.tls());
        PoolSettings settings = PoolSettings.defaults();
        ConnectionPool pool = new ConnectionPool(provider, NntpEndpoint.of(provider, settings.connectTimeout(), settings.readTimeout())
                .withSslFactory(tls.client().getSocketFactory()), settings, now::get);
        pools.add(pool);
        MultiProviderFetcher fetcher = new MultiProviderFetcher(List.of(pool), new FetchSettings(BACKOFF, settings), new YencArticleDecoder(), sleeper);
        for (int i = 0; i < file.segments().size(); i++) assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
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
        assertTrue(a.counters().maxConcurrent() <= 2, "server saw " + a.counters().maxConcurrent());
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
