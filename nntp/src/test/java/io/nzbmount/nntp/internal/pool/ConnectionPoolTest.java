package io.nzbmount.nntp.internal.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ConnectionPoolTest extends PoolTestBase {

    @Test
    void poolNeverOpensMoreThanItsLimitUnderLoad() throws Exception {
        ConnectionPool pool = pool(3);
        AtomicInteger mostOpen = new AtomicInteger();
        borrowersAtOnce(24, 10, (thread, i) -> {
            Lease c = pool.borrow(thread % 3 == 0 ? Priority.BACKGROUND : Priority.FOREGROUND);
            mostOpen.accumulateAndGet(pool.open(), Math::max);
            try {
                assertServes(
                        c, file.segments().get((thread + i) % file.segments().size()));
            } finally {
                c.release();
            }
        });
        assertTrue(
                server.counters().maxConcurrent() <= 3,
                "server saw " + server.counters().maxConcurrent());
        assertTrue(mostOpen.get() <= 3, "pool had " + mostOpen.get() + " open");
        assertEquals(240, server.counters().bodyCommands());
        assertEquals(3, server.counters().accepted(), "connections are reused, not reopened");
    }

    @Test
    void releasedConnectionIsReusedAndABrokenOneIsNot() throws IOException {
        ConnectionPool pool = pool(2);
        Lease first = pool.borrow(Priority.FOREGROUND);
        first.release();
        Lease again = pool.borrow(Priority.FOREGROUND);
        assertSame(first.connection(), again.connection());
        again.connection().close();
        again.release();
        assertEquals(0, pool.open());
        Lease fresh = pool.borrow(Priority.FOREGROUND);
        assertNotSame(first.connection(), fresh.connection());
        assertServes(fresh, file.segments().get(0));
        fresh.release();
        assertEquals(2, server.counters().accepted());
        assertThrows(IllegalStateException.class, () -> fresh.release());
    }

    @Test
    void idleConnectionsAreClosedOnCleanupAfterTheIdleTimeout() throws Exception {
        ConnectionPool pool = pool(4);
        Lease a = pool.borrow(Priority.FOREGROUND);
        Lease b = pool.borrow(Priority.FOREGROUND);
        a.release();
        now.addAndGet(30 * SECOND);
        b.release();
        now.addAndGet(30 * SECOND);
        assertEquals(0, pool.evictIdle(), "60 s idle is not over the timeout yet");
        now.addAndGet(1);
        assertEquals(1, pool.evictIdle(), "only the one idle for over 60 s goes");
        assertEquals(1, pool.idle());
        now.addAndGet(30 * SECOND);
        assertEquals(1, pool.evictIdle());
        assertEquals(0, pool.open());
        await(() -> server.counters().openNow() == 0);
    }

    @Test
    void staleIdleConnectionIsNeverLentOut() throws IOException {
        ConnectionPool pool = pool(2);
        Lease a = pool.borrow(Priority.FOREGROUND);
        a.release();
        now.addAndGet(61 * SECOND);
        Lease b = pool.borrow(Priority.FOREGROUND);
        assertNotSame(a.connection(), b.connection());
        assertFalse(a.connection().isOpen());
        b.release();
        assertEquals(1, pool.open());
    }

    @Test
    void backgroundNeverTakesTheLastConnection() throws Exception {
        ConnectionPool pool = pool(4);
        assertEquals(3, pool.capacity(Priority.BACKGROUND));
        List<Lease> background = new ArrayList<>();
        for (int i = 0; i < 3; i++) background.add(pool.borrow(Priority.BACKGROUND));
        AtomicReference<Throwable> waiterFailure = new AtomicReference<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                pool.borrow(Priority.BACKGROUND).release();
            } catch (Throwable t) {
                waiterFailure.set(t);
            }
        });
        await(() -> pool.waiting(Priority.BACKGROUND) == 1);
        Lease foreground = pool.borrow(Priority.FOREGROUND);
        assertServes(foreground, file.segments().get(1));
        assertEquals(4, pool.open());
        waiter.interrupt();
        waiter.join(5000);
        assertInstanceOf(ReadCancelledException.class, waiterFailure.get());
        foreground.release();
        for (Lease c : background) c.release();
    }

    @Test
    void singleConnectionProviderServesNoBackgroundWork() {
        ConnectionPool pool = pool(1);
        assertEquals(0, pool.capacity(Priority.BACKGROUND));
        ProviderRefusedException e =
                assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.BACKGROUND));
        assertEquals(null, e.reason());
        assertEquals(0, server.counters().accepted());
    }

    @Test
    void foregroundWaitersAreServedBeforeBackgroundWaiters() throws Exception {
        ConnectionPool pool = pool(4);
        List<Lease> held = new ArrayList<>();
        for (int i = 0; i < 4; i++) held.add(pool.borrow(Priority.FOREGROUND));
        List<String> served = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Lease> got = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread bg = Thread.ofPlatform().start(() -> borrowInto(pool, Priority.BACKGROUND, "background", served, got));
        await(() -> pool.waiting(Priority.BACKGROUND) == 1);
        Thread fg = Thread.ofPlatform().start(() -> borrowInto(pool, Priority.FOREGROUND, "foreground", served, got));
        await(() -> pool.waiting(Priority.FOREGROUND) == 1);
        held.remove(0).release();
        fg.join(5000);
        assertEquals(List.of("foreground"), served);
        // 4 in use again: the background waiter needs two free (one is the foreground reserve).
        held.remove(0).release();
        Thread.sleep(50);
        assertEquals(List.of("foreground"), served, "background may not take the reserved connection");
        held.remove(0).release();
        bg.join(5000);
        assertEquals(List.of("foreground", "background"), served);
        for (Lease c : held) c.release();
        for (Lease c : got) c.release();
    }

    private static void borrowInto(
            ConnectionPool pool, Priority p, String label, List<String> served, List<Lease> got) {
        try {
            got.add(pool.borrow(p));
            served.add(label);
        } catch (IOException e) {
            served.add(label + " failed: " + e);
        }
    }

    @Test
    void waitingForAConnectionIsInterruptible() throws Exception {
        ConnectionPool pool = pool(1);
        Lease only = pool.borrow(Priority.FOREGROUND);
        CompletableFuture<Boolean> interruptedAfter = new CompletableFuture<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread waiter = Thread.ofPlatform().start(() -> {
            try {
                pool.borrow(Priority.FOREGROUND);
            } catch (Throwable t) {
                failure.set(t);
            }
            interruptedAfter.complete(Thread.currentThread().isInterrupted());
        });
        await(() -> pool.waiting(Priority.FOREGROUND) == 1);
        waiter.interrupt();
        assertTrue(interruptedAfter.get(5, TimeUnit.SECONDS));
        assertInstanceOf(ReadCancelledException.class, failure.get());
        assertEquals(0, pool.waiting(Priority.FOREGROUND));
        only.release();
    }

    @Test
    void waitingBorrowerGetsAConnectionWhenOneIsDiscarded() throws Exception {
        ConnectionPool pool = pool(1);
        Lease only = pool.borrow(Priority.FOREGROUND);
        CompletableFuture<Lease> waiter = borrowLater(pool);
        await(() -> pool.waiting(Priority.FOREGROUND) == 1);
        only.retire();
        Lease next = waiter.get(5, TimeUnit.SECONDS);
        assertServes(next, file.segments().get(0));
        next.release();
        assertEquals(1, pool.open());
    }

    @Test
    void aConnectionThePoolClosedCountsAgainstTheLimitForAMoment() throws Exception {
        ConnectionPool pool = pool(1);
        Lease only = pool.borrow(Priority.FOREGROUND);
        assertServes(only, file.segments().get(0));
        only.retire();
        assertEquals(0, pool.open());
        long start = System.nanoTime();
        Lease next = pool.borrow(Priority.FOREGROUND);
        long waitedMillis = (System.nanoTime() - start) / 1_000_000;
        assertTrue(waitedMillis >= Closings.GRACE_MILLIS - 20, "the new connection waited " + waitedMillis + " ms");
        assertServes(next, file.segments().get(1));
        next.release();
        assertEquals(1, server.counters().maxConcurrent(), "the server never saw two at once");
    }

    @Test
    void connectionsOpenedAheadAreTheOnesBorrowersGet() throws Exception {
        ConnectionPool pool = pool(4);
        assertEquals(3, pool.openAhead(3));
        await(() -> pool.idle() == 3);
        assertEquals(3, server.counters().accepted(), "opened in the background, each logged in");
        List<Lease> got = new ArrayList<>();
        for (int i = 0; i < 3; i++) got.add(pool.borrow(Priority.FOREGROUND));
        assertServes(got.get(2), file.segments().get(1));
        assertEquals(3, server.counters().accepted(), "no borrower connected on its own");
        for (Lease c : got) c.release();
    }

    @Test
    void openingAheadNeverGoesPastTheLimitCountingConnectionsInUse() throws Exception {
        ConnectionPool pool = pool(3);
        Lease inUse = pool.borrow(Priority.FOREGROUND);
        assertEquals(2, pool.openAhead(10));
        await(() -> pool.idle() == 2);
        assertEquals(0, pool.openAhead(3), "three exist already");
        assertEquals(3, pool.open());
        inUse.release();
        assertEquals(3, server.counters().accepted());
    }

    @Test
    void aBorrowerArrivingWhileConnectionsOpenAheadWaitsForOneOfThem() throws Exception {
        ConnectionPool pool = pool(2);
        pool.openAhead(2);
        Lease c = pool.borrow(Priority.FOREGROUND);
        assertServes(c, file.segments().get(0));
        c.release();
        await(() -> pool.idle() == 2);
        assertEquals(2, server.counters().accepted(), "the borrower opened no third connection");
    }

    @Test
    void aClosedPoolOpensNothingAhead() {
        ConnectionPool pool = pool(2);
        pool.close();
        assertEquals(0, pool.openAhead(2));
        assertEquals(0, server.counters().accepted());
    }
}
