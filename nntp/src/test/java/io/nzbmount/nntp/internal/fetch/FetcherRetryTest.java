package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Which failures a fetch retries and how: a reset, a stall past the read timeout, a service
 * error and a refused connection are retried with the backoff pauses; an interrupt cancels at
 * once, whether it comes during a read or during a pause.
 */
class FetcherRetryTest extends FetcherTestBase {

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
        assertEquals(
                List.of(Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ofSeconds(3)),
                FetchSettings.defaults().retryBackoff());
    }

    @Test
    void stallLongerThanTheReadTimeoutIsRetriedThenUnavailable() throws IOException {
        readTimeout = Duration.ofMillis(100);
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().inject(Faults.ALL, ArticleFault.stallUntilReleased());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        ArticleUnavailableException e = assertThrows(
                ArticleUnavailableException.class,
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
        assertThrows(
                ArticleUnavailableException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
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
        ArticleUnavailableException e = assertThrows(
                ArticleUnavailableException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertInstanceOf(java.net.ConnectException.class, e.getCause());
        assertEquals(1, b.counters().bodyCommands(), "missing is final; only the unreachable provider is retried");
        assertEquals(BACKOFF, pauses);
    }

    @Test
    void aCommandLostWithTheConnectionItWaitedOnIsAskedAgainAtOnce() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        // One connection: the second fetch's command queues behind the first's, whose reply is cut.
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 1, 0));
        a.faults().replyDelay(Duration.ofMillis(200));
        a.faults().inject(segment(file, 0).messageId(), ArticleFault.resetAfter(2000), 1);
        var executor = Executors.newVirtualThreadPerTaskExecutor();
        try {
            var first = executor.submit(() -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
            Await.until(Duration.ofSeconds(10), () -> a.counters().bodyCommands() >= 1, () -> "the first BODY sent");
            var second = executor.submit(() -> fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
            assertPart(file, 1, second.get(10, TimeUnit.SECONDS));
            assertPart(file, 0, first.get(10, TimeUnit.SECONDS));
        } finally {
            executor.shutdownNow();
        }
        assertEquals(1, pauses.size(), "only the cut article waited to be asked again: " + pauses);
        assertEquals(
                1,
                fetcher.health(Instant.EPOCH).getFirst().failures(),
                "the lost command is no failure of the provider");
    }

    @Test
    void anInterruptedFetchLeavesItsConnectionToCarryTheNextCommand() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]);
        assertEquals(1, pools.get(0).idle());
        // The article comes at 40 KB/s: about half a second, so the interrupt lands mid-body.
        a.faults().inject(segment(file, 1).messageId(), new ArticleFault.Trickle(40_000), 1);
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]);
            } catch (ReadFailure | ReadCancelledException ignored) {
                // Only the interrupt matters here.
            }
        });
        Await.until(Duration.ofSeconds(10), () -> a.counters().bodyCommands() >= 2, () -> "the trickled BODY sent");
        Thread.sleep(100);
        reader.interrupt();
        reader.join(5000);
        Await.until(
                Duration.ofSeconds(10),
                () -> pools.get(0).idle() >= 1,
                () -> "the rest of the reply read and dropped, the connection idle");
        assertEquals(1, pools.get(0).idle(), "the rest of the reply was read and dropped");
        assertPart(file, 2, fetcher.fetch(segment(file, 2), Priority.FOREGROUND, new byte[0]));
        assertEquals(1, a.counters().accepted(), "the same connection served the next article");
        assertTrue(pauses.isEmpty(), "a cancelled read is not retried");
    }

    @Test
    void anInterruptedFetchWhoseReplyNeverComesClosesItsConnection() throws Exception {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]);
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
        Await.until(Duration.ofSeconds(10), () -> a.counters().bodyCommands() >= 2, () -> "the stalled BODY sent");
        long interrupted = System.nanoTime();
        reader.interrupt();
        reader.join(5000);
        assertTrue((System.nanoTime() - interrupted) / 1_000_000 < 500, "the fetch ends at once");
        assertInstanceOf(ReadCancelledException.class, failure.get());
        assertEquals(true, interruptedAfter.get());
        Await.until(
                Duration.ofSeconds(10),
                () -> pools.get(0).open() == 0,
                () -> "a reply that does not come within the drain time closes the connection");
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
        MultiProviderFetcher fetcher = new MultiProviderFetcher(
                List.of(pool),
                new FetchSettings(
                        List.of(Duration.ofSeconds(30)),
                        Duration.ofMinutes(2),
                        FetchSettings.DEFAULT_STALL_DEMOTION,
                        PoolSettings.defaults()),
                new YencArticleDecoder(),
                sleeper);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = Thread.ofPlatform().start(() -> {
            try {
                fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]);
            } catch (Throwable t) {
                failure.set(t);
            }
        });
        Await.until(Duration.ofSeconds(10), () -> a.counters().bodyCommands() >= 1, () -> "the failing BODY sent");
        Thread.sleep(20);
        long start = System.nanoTime();
        reader.interrupt();
        reader.join(5000);
        assertTrue(System.nanoTime() - start < 5 * SECOND);
        assertInstanceOf(ReadCancelledException.class, failure.get());
    }
}
