package io.nzbmount.nntp.internal.pool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.protocol.BodyCollector;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Several commands on one connection: each reply to its own command, and a given-up one costing no connection. */
class PipeliningTest extends PoolTestBase {

    private static final Duration BUDGET = Duration.ofSeconds(10);

    private PostedFile many;
    private byte[] manyData;

    private PostedFile many() {
        if (many == null) {
            manyData = new byte[400_000];
            new Random(9).nextBytes(manyData);
            many = server.post("many.bin", manyData, 25_000);
        }
        return many;
    }

    private byte[] expected(PostedSegment s) {
        return new YencEncoder()
                .encodePart(
                        manyData,
                        (int) s.begin(),
                        s.length(),
                        many.fileName(),
                        s.number(),
                        many.segments().size(),
                        manyData.length,
                        s.begin());
    }

    /** BODY of {@code s} on {@code lease} on a thread of its own; the body's bytes, or the failure. */
    private CompletableFuture<byte[]> body(Lease lease, PostedSegment s) {
        return CompletableFuture.supplyAsync(
                () -> {
                    BodyCollector sink = new BodyCollector();
                    try {
                        assertEquals(
                                222, lease.body(s.messageId(), sink, BUDGET).code());
                        return sink.toByteArray();
                    } catch (IOException e) {
                        throw new RuntimeException(e);
                    } finally {
                        lease.release();
                    }
                },
                Executors.newVirtualThreadPerTaskExecutor());
    }

    @Test
    void commandsOnOneConnectionEachGetTheirOwnReplyAndTheirDelaysOverlap() throws Exception {
        PostedFile file = many();
        ConnectionPool pool = pool(1, 4);
        server.faults().replyDelay(Duration.ofMillis(500));
        List<Lease> leases = new ArrayList<>();
        for (int i = 0; i < 4; i++) leases.add(pool.borrow(Priority.FOREGROUND));
        for (Lease l : leases)
            assertSame(leases.getFirst().connection(), l.connection(), "all four on the one connection");
        long t0 = System.nanoTime();
        List<CompletableFuture<byte[]>> bodies = new ArrayList<>();
        for (int i = 0; i < 4; i++)
            bodies.add(body(leases.get(i), file.segments().get(i)));
        for (int i = 0; i < 4; i++)
            assertArrayEquals(expected(file.segments().get(i)), bodies.get(i).get(10, TimeUnit.SECONDS));
        long took = (System.nanoTime() - t0) / 1_000_000;
        // One after another they would take 2 s; together about 0.5 s, with room for a busy machine.
        assertTrue(took < 1500, "four replies of 500 ms each came in " + took + " ms: the commands went out together");
        assertEquals(1, server.counters().accepted());
        assertEquals(4, server.counters().bodyCommands());
        assertEquals(0, pool.stats().places(), "no place is left over");
    }

    @Test
    void aCommandGivenUpAtAnyMomentLeavesTheNextReplyExact() throws Exception {
        PostedFile file = many();
        ConnectionPool pool = pool(1, 2);
        // 250 KB/s in pieces of 2.5 KB: a body of 25 KB takes 100 ms, cut wherever the give-up lands.
        server.faults().rateCap(250_000);
        SplittableRandom random = new SplittableRandom(3);
        for (int round = 0; round < 12; round++) {
            PostedSegment first = file.segments().get(round % 8);
            PostedSegment second = file.segments().get(8 + round % 8);
            Lease a = pool.borrow(Priority.FOREGROUND);
            Lease b = pool.borrow(Priority.FOREGROUND);
            assertSame(a.connection(), b.connection());
            AtomicReference<Throwable> aFailure = new AtomicReference<>();
            Thread giver = Thread.ofVirtual().start(() -> {
                try {
                    a.body(first.messageId(), new BodyCollector(), BUDGET);
                } catch (IOException e) {
                    aFailure.set(e);
                } finally {
                    a.release();
                }
            });
            int sent = 2 * round + 1;
            await(() -> server.counters().bodyCommands() == sent);
            CompletableFuture<byte[]> next = body(b, second);
            Thread.sleep(random.nextInt(140));
            giver.interrupt();
            giver.join(5000);
            assertArrayEquals(expected(second), next.get(10, TimeUnit.SECONDS), "round " + round);
            await(() -> pool.leased() == 0);
        }
        assertEquals(1, server.counters().accepted(), "the given-up replies were drained, the connection kept");
    }

    @Test
    void aConnectionThatBreaksFailsTheCommandsQueuedBehindItsReplyAsLost() throws Exception {
        PostedFile file = many();
        ConnectionPool pool = pool(1, 3);
        // The first command is in before the second, and its reply (cut short by a reset) waits 200 ms.
        server.faults().replyDelay(Duration.ofMillis(200));
        server.faults().inject(file.segments().get(0).messageId(), ArticleFault.resetAfter(3000), 1);
        Lease a = pool.borrow(Priority.FOREGROUND);
        Lease b = pool.borrow(Priority.FOREGROUND);
        CompletableFuture<byte[]> first = body(a, file.segments().get(0));
        await(() -> server.counters().bodyCommands() == 1);
        CompletableFuture<byte[]> second = body(b, file.segments().get(1));
        Throwable firstFailure = assertThrows(Exception.class, () -> first.get(10, TimeUnit.SECONDS))
                .getCause()
                .getCause();
        Throwable secondFailure = assertThrows(Exception.class, () -> second.get(10, TimeUnit.SECONDS))
                .getCause()
                .getCause();
        assertInstanceOf(IOException.class, firstFailure);
        assertInstanceOf(ConnectionLostException.class, secondFailure);
        await(() -> pool.open() == 0);
        server.faults().replyDelay(Duration.ZERO);
        Lease fresh = pool.borrow(Priority.FOREGROUND);
        assertServes(fresh, this.file.segments().get(0));
        fresh.release();
    }

    @Test
    void aConnectionWaitingLongForABytesIsGivenNoFurtherCommand() throws Exception {
        PostedFile file = many();
        ConnectionPool pool = pool(1, 3);
        server.faults().inject(file.segments().get(0).messageId(), ArticleFault.stallUntilReleased(), 1);
        Lease a = pool.borrow(Priority.FOREGROUND);
        CompletableFuture<byte[]> stalled = body(a, file.segments().get(0));
        await(() -> server.counters().bodyCommands() == 1);
        Thread.sleep(ConnectionPool.QUIET_MILLIS + 200);
        CompletableFuture<Lease> waiter = borrowLater(pool);
        await(() -> pool.waiting(Priority.FOREGROUND) == 1);
        server.faults().releaseStalls();
        assertArrayEquals(expected(file.segments().get(0)), stalled.get(10, TimeUnit.SECONDS));
        Lease next = waiter.get(10, TimeUnit.SECONDS);
        assertServes(next, this.file.segments().get(1));
        next.release();
    }

    @Test
    void aBorrowerNeverQueuesBehindTheConnectionItAvoids() throws Exception {
        ConnectionPool pool = pool(2, 3);
        Lease a = pool.borrow(Priority.FOREGROUND);
        Lease b = pool.borrow(Priority.FOREGROUND);
        assertNotSame(a.connection(), b.connection());
        for (int i = 0; i < 3; i++) {
            Lease c = pool.borrow(Priority.FOREGROUND, a.connection(), () -> {});
            assertSame(b.connection(), c.connection(), "queued behind the other connection");
            c.release();
        }
        a.release();
        b.release();
    }

    @Test
    void aBorrowersPlaceIsSettledBeforeItsNewConnectionIsOpened() throws Exception {
        ConnectionPool pool = pool(2, 3);
        // The greeting and each login reply wait 300 ms: opening a connection takes about 900 ms.
        server.faults().replyDelay(Duration.ofMillis(300));
        long[] settledAt = {0};
        long start = System.nanoTime();
        Lease lease = pool.borrow(Priority.FOREGROUND, null, () -> settledAt[0] = System.nanoTime());
        long returned = System.nanoTime();
        assertTrue(settledAt[0] > 0 && (settledAt[0] - start) / 1_000_000 < 250, "settled before connecting");
        assertTrue((returned - settledAt[0]) / 1_000_000 >= 250, "the connection was opened after");
        lease.release();
    }

    @Test
    void backgroundWorkIsNeverQueuedBehindAnotherCommand() throws Exception {
        ConnectionPool pool = pool(2, 3);
        assertEquals(1, pool.capacity(Priority.BACKGROUND));
        Lease background = pool.borrow(Priority.BACKGROUND);
        Lease foreground = pool.borrow(Priority.FOREGROUND);
        Lease queued = pool.borrow(Priority.FOREGROUND);
        assertSame(
                true, queued.connection() == background.connection() || queued.connection() == foreground.connection());
        AtomicReference<Lease> second = new AtomicReference<>();
        Thread waiter = Thread.ofVirtual().start(() -> {
            try {
                second.set(pool.borrow(Priority.BACKGROUND));
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        await(() -> pool.waiting(Priority.BACKGROUND) == 1);
        queued.release();
        foreground.release();
        background.release();
        waiter.join(5000);
        second.get().release();
        assertEquals(2, server.counters().accepted());
    }

    @Test
    void theConnectionLimitHoldsWhileEveryConnectionCarriesSeveralCommands() throws Exception {
        PostedFile file = many();
        ConnectionPool pool = pool(3, 3);
        AtomicInteger mostPlaces = new AtomicInteger();
        borrowersAtOnce(24, 10, (thread, i) -> {
            PostedSegment s = file.segments().get((thread + i) % file.segments().size());
            Lease c = pool.borrow(Priority.FOREGROUND);
            mostPlaces.accumulateAndGet(pool.stats().places(), Math::max);
            try {
                BodyCollector sink = new BodyCollector();
                assertEquals(222, c.body(s.messageId(), sink, BUDGET).code());
                assertArrayEquals(expected(s), sink.toByteArray());
            } finally {
                c.release();
            }
        });
        assertTrue(
                server.counters().maxConcurrent() <= 3,
                "server saw " + server.counters().maxConcurrent());
        assertTrue(mostPlaces.get() <= 9, "at most three commands on each of three connections: " + mostPlaces.get());
        assertTrue(mostPlaces.get() > 3, "the connections did carry several commands: " + mostPlaces.get());
        assertEquals(240, server.counters().bodyCommands());
    }

    @Test
    void connectionsBreakingUnderCommandsGivenUpWhileOthersBorrowNeverWedgeThePool() throws Exception {
        PostedFile file = many();
        ConnectionPool pool = pool(3, 3);
        // A quarter of the articles reset their connection part way, so replies queued behind them
        // are lost, among them replies given up and being drained; bodies take about 10 ms each.
        server.faults().rateCap(2_500_000);
        for (int i = 0; i < file.segments().size(); i += 4) {
            server.faults().inject(file.segments().get(i).messageId(), ArticleFault.resetAfter(2000));
        }
        AtomicInteger served = new AtomicInteger();
        AtomicInteger ended = new AtomicInteger();
        AtomicInteger mostOpen = new AtomicInteger();
        List<CompletableFuture<Void>> borrowers = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < 24; t++) {
                SplittableRandom random = new SplittableRandom(t);
                borrowers.add(CompletableFuture.runAsync(
                        () -> {
                            for (int i = 0; i < 15; i++) {
                                PostedSegment s = file.segments()
                                        .get(random.nextInt(file.segments().size()));
                                if (bodyOrGiveUp(pool, s, random.nextInt(3) == 0 ? random.nextInt(15) : -1))
                                    served.incrementAndGet();
                                mostOpen.accumulateAndGet(pool.open(), Math::max);
                                ended.incrementAndGet();
                            }
                        },
                        executor));
            }
            CompletableFuture.allOf(borrowers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        }
        assertEquals(24 * 15, ended.get());
        assertTrue(served.get() > 0, "served " + served);
        // The server may count a reset connection a moment after the pool has replaced it.
        assertTrue(mostOpen.get() <= 3, "the pool had " + mostOpen + " open");
    }

    /**
     * BODY of {@code s} on a place of {@code pool}, given up after {@code giveUpMillis} (never
     * when negative); true when the body came whole and exact.
     */
    private boolean bodyOrGiveUp(ConnectionPool pool, PostedSegment s, int giveUpMillis) {
        AtomicReference<Boolean> exact = new AtomicReference<>(false);
        Thread reader = Thread.ofVirtual().start(() -> {
            Lease c;
            try {
                c = pool.borrow(Priority.FOREGROUND);
            } catch (IOException e) {
                return;
            }
            boolean broken = false;
            try {
                BodyCollector sink = new BodyCollector();
                c.body(s.messageId(), sink, BUDGET);
                assertArrayEquals(expected(s), sink.toByteArray());
                exact.set(true);
            } catch (ReadCancelledException e) {
                // Given up: the connection drains the rest.
            } catch (IOException e) {
                broken = true;
            } finally {
                if (broken) c.retire();
                else c.release();
            }
        });
        try {
            if (giveUpMillis >= 0) {
                Thread.sleep(giveUpMillis);
                reader.interrupt();
            }
            reader.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        return exact.get();
    }

    @Test
    void thePoolAsksWhetherAConnectionIsOpenWithoutWaitingForItsLock() throws Exception {
        ConnectionPool pool = pool(1, 3);
        Lease a = pool.borrow(Priority.FOREGROUND);
        PipelinedConnection connection = a.connection();
        CountDownLatch held = new CountDownLatch(1);
        // The connection's own threads hold its lock while they fail what it carried, and tell
        // the pool from there; the pool must never wait for that lock under its own.
        Thread holder = Thread.ofVirtual().start(() -> {
            synchronized (connection) {
                held.countDown();
                try {
                    Thread.sleep(3000);
                } catch (InterruptedException e) {
                    // Let go at once.
                }
            }
        });
        held.await();
        long start = System.nanoTime();
        Lease b = pool.borrow(Priority.FOREGROUND);
        assertTrue((System.nanoTime() - start) / 1_000_000 < 1000, "the borrow did not wait for the connection's lock");
        assertSame(connection, b.connection());
        holder.interrupt();
        holder.join();
        b.release();
        a.release();
    }

    @Test
    void aConnectionRetiredAsTheReplyItGaveUpEndsClosesAndCountsNoLonger() throws Exception {
        PostedFile file = many();
        // Room for the connections closed lately, which count against the limit for a while.
        ConnectionPool pool = pool(4, 2);
        server.faults().replyDelay(Duration.ofMillis(20));
        // Each budget runs out close to when its reply comes, on either side: the reply's end races
        // the borrower that gives up and retires the connection.
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 40; round++) {
            Lease lease = pool.borrow(Priority.FOREGROUND);
            PipelinedConnection connection = lease.connection();
            try {
                lease.body(
                        file.segments().get(round % 16).messageId(),
                        new BodyCollector(),
                        Duration.ofNanos(17_000_000 + random.nextLong(6_000_000)));
                lease.release();
            } catch (java.net.SocketTimeoutException e) {
                lease.retire();
                await(() -> !connection.isOpen());
            }
            await(() -> pool.leased() == 0);
        }
        assertEquals(0, pool.stats().places(), "no place is left over");
    }

    @Test
    void aFailureGivingBackAPlaceFailsTheCommandsQueuedBehindWithTheConnection() throws Exception {
        PostedFile file = many();
        server.faults().replyDelay(Duration.ofMillis(100));
        NntpConnection raw = new NntpConnection(new NntpEndpoint(
                server.host(), server.port(), false, null, Duration.ofSeconds(5), Duration.ofSeconds(5)));
        raw.connect();
        assertEquals(281, raw.authenticate("user", "pass").code());
        PipelinedConnection connection = new PipelinedConnection(raw, "failing-give-back", c -> {
            throw new IllegalStateException("the pool's bookkeeping failed");
        });
        try {
            Command given = connection.submit(
                    "BODY " + NntpConnection.bracketed(file.segments().get(0).messageId()), new BodyCollector());
            Command behind = connection.submit(
                    "BODY " + NntpConnection.bracketed(file.segments().get(1).messageId()), new BodyCollector());
            given.cancel();
            assertFalse(given.release(), "its reply is still to come");
            long t0 = System.nanoTime();
            IOException failure = assertThrows(IOException.class, () -> behind.await(System.nanoTime() + 5 * SECOND));
            assertFalse(
                    failure instanceof java.net.SocketTimeoutException,
                    "failed with its connection, not left to time out");
            assertTrue(System.nanoTime() - t0 < 2 * SECOND);
            assertFalse(connection.isOpen());
        } finally {
            connection.close();
        }
    }

    @Test
    void aPlaceGivenUpComesBackOnlyOnceItsReplyWasRead() throws Exception {
        PostedFile file = many();
        ConnectionPool pool = pool(1, 2);
        server.faults().inject(file.segments().get(0).messageId(), new ArticleFault.Trickle(50_000), 1);
        Lease a = pool.borrow(Priority.FOREGROUND);
        Thread giver = Thread.ofVirtual().start(() -> {
            try {
                a.body(file.segments().get(0).messageId(), new BodyCollector(), BUDGET);
            } catch (IOException e) {
                assertInstanceOf(ReadCancelledException.class, e);
            } finally {
                a.release();
            }
        });
        Thread.sleep(100);
        giver.interrupt();
        giver.join(5000);
        assertEquals(1, pool.stats().places(), "the reply is still being read");
        assertEquals(1, pool.leased());
        await(() -> pool.leased() == 0);
        assertEquals(1, pool.idle());
    }
}
