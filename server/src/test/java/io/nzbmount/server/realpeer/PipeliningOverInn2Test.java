package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.fetch.ArticleDecoder;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import io.nzbmount.nntp.internal.fetch.FetchSettings;
import io.nzbmount.nntp.internal.fetch.MultiProviderFetcher;
import io.nzbmount.nntp.internal.fetch.YencArticleDecoder;
import io.nzbmount.nntp.internal.pool.ConnectionPool;
import io.nzbmount.nntp.internal.pool.Lease;
import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * NNTP pipelining (RFC 3977 section 3.5) against a real server: inn2 answers BODY commands sent
 * before the replies to earlier ones were read, each reply to its own command; and a body given
 * up halfway is read to its end on its connection, which then serves the next article exactly.
 */
@Tag("realpeer")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class PipeliningOverInn2Test {

    @BeforeEach
    void realPeersAreThere() {
        RealPeer.requireOrSkip();
    }

    @Test
    void everyArticleFetchedEightDeepOnTwoConnectionsEqualsItsPartOfTheOriginal() throws Exception {
        RealPeer.Posted posted = Releases.medium();
        NzbFile file = Releases.onlyFile(posted.nzb());
        Provider inn2 = new Provider("inn2", RealPeer.HOST, RealPeer.PORT, false, null, null, 2, 0);
        FetchSettings settings = new FetchSettings(
                List.of(Duration.ofMillis(500)), PoolSettings.defaults().withPipelineDepth(8));
        AtomicInteger mostPlaces = new AtomicInteger();
        AtomicInteger mostOpen = new AtomicInteger();
        try (MultiProviderFetcher fetcher = MultiProviderFetcher.create(List.of(inn2), settings);
                ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
            ConnectionPool pool = fetcher.pools().getFirst();
            AtomicBoolean done = new AtomicBoolean();
            Thread sampler = Thread.ofVirtual().start(() -> {
                while (!done.get()) {
                    var s = pool.stats();
                    mostPlaces.accumulateAndGet(s.places(), Math::max);
                    mostOpen.accumulateAndGet(s.open(), Math::max);
                    Thread.onSpinWait();
                }
            });
            List<Future<DecodedArticle>> fetches = new ArrayList<>();
            for (NzbSegment segment : file.segments()) {
                fetches.add(executor.submit(() -> fetcher.fetch(segment, Priority.FOREGROUND, new byte[0])));
            }
            for (int i = 0; i < fetches.size(); i++) {
                DecodedArticle a = fetches.get(i).get(60, TimeUnit.SECONDS);
                assertEquals(i + 1, a.part(), "the reply to the command for part " + (i + 1));
                Originals.assertSameBytes(
                        posted.file(), a.begin(), Arrays.copyOf(a.data(), a.length()), "part " + (i + 1));
            }
            done.set(true);
            sampler.join();
            assertEquals(0, pool.leased(), "every place went back");
        }
        assertTrue(mostOpen.get() <= 2, "never more than the two connections: " + mostOpen.get());
        assertTrue(mostPlaces.get() > 2, "the connections carried several commands at once: " + mostPlaces.get());
    }

    @Test
    void aBodyGivenUpHalfwayLeavesItsConnectionToServeTheNextArticleExactly() throws Exception {
        RealPeer.Posted posted = Releases.medium();
        NzbFile file = Releases.onlyFile(posted.nzb());
        // 2 MB/s per connection: an article of about 740 KB takes some 370 ms, so the give-up at
        // 100 ms lands inside it even on a busy machine, and its drain stays well within 1 s.
        try (DelayingForwarder far =
                new DelayingForwarder(RealPeer.HOST, RealPeer.PORT, Duration.ofMillis(20), 2_000_000)) {
            Provider inn2 = new Provider("inn2", "127.0.0.1", far.port(), false, null, null, 1, 0);
            ConnectionPool pool =
                    new ConnectionPool(inn2, PoolSettings.defaults().withPipelineDepth(2), System::nanoTime);
            try {
                ArticleDecoder decoder = new YencArticleDecoder();
                for (int round = 0; round < 3; round++) {
                    NzbSegment given = file.segments().get(2 * round);
                    NzbSegment next = file.segments().get(2 * round + 1);
                    Lease first = pool.borrow(Priority.FOREGROUND);
                    Lease second = pool.borrow(Priority.FOREGROUND);
                    assertSame(first.connection(), second.connection(), "both commands on the one connection");
                    AtomicReference<IOException> firstFailure = new AtomicReference<>();
                    Thread giver = Thread.ofVirtual().start(() -> {
                        try {
                            first.body(
                                    given.messageId(),
                                    decoder.start(new byte[RealPeer.PART_SIZE]),
                                    Duration.ofSeconds(10));
                        } catch (IOException e) {
                            firstFailure.set(e);
                        } finally {
                            first.release();
                        }
                    });
                    ArticleDecoder.Decoding decoding = decoder.start(new byte[RealPeer.PART_SIZE]);
                    Future<Integer> reply;
                    try (ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor()) {
                        reply = executor.submit(() -> second.body(next.messageId(), decoding, Duration.ofSeconds(10))
                                .code());
                        Thread.sleep(100);
                        giver.interrupt();
                        giver.join(5000);
                        assertEquals(222, reply.get(10, TimeUnit.SECONDS));
                    } finally {
                        second.release();
                    }
                    assertInstanceOf(ReadCancelledException.class, firstFailure.get(), "round " + round);
                    DecodedArticle a = decoding.finish();
                    Originals.assertSameBytes(
                            posted.file(),
                            a.begin(),
                            Arrays.copyOf(a.data(), a.length()),
                            "round " + round + ", part " + a.part());
                    assertEquals(2 * round + 2, a.part());
                }
                assertEquals(1, far.accepted(), "the given-up bodies were read to their end, the connection kept");
            } finally {
                pool.close();
            }
        }
    }
}
