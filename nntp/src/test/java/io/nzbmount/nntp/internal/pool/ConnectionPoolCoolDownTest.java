package io.nzbmount.nntp.internal.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Priority;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ConnectionPoolCoolDownTest extends PoolTestBase {

    @Test
    void authRejectionCoolsTheProviderDownDoublingUpToFiveMinutes() throws IOException {
        ConnectionPool pool = pool(2, "wrong");
        ProviderRefusedException first =
                assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
        assertEquals(CoolDownReason.AUTH_REJECTED, first.reason());
        assertTrue(pool.isCoolingDown());
        long[] expectedSeconds = {30, 60, 120, 240, 300, 300};
        for (int i = 0; i < expectedSeconds.length; i++) {
            long accepted = server.counters().accepted();
            now.addAndGet(expectedSeconds[i] * SECOND - 1);
            assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
            assertEquals(accepted, server.counters().accepted(), "no connection while cooling down, round " + i);
            now.addAndGet(1);
            assertFalse(pool.isCoolingDown(), "cool-down " + i + " lasts " + expectedSeconds[i] + " s");
            assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
            assertEquals(accepted + 1, server.counters().accepted());
        }
        assertEquals(0, pool.open());
    }

    @Test
    void successfulLoginRestartsTheCoolDownSeries() throws IOException {
        ConnectionPool pool = pool(2);
        server.faults().rejectCredentials(true);
        assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
        now.addAndGet(10 * SECOND);
        assertEquals(new PoolStats("test", 0, 0, 0, 0, 0, 0, CoolDownReason.AUTH_REJECTED, 20_000), pool.stats());
        now.addAndGet(20 * SECOND);
        assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
        now.addAndGet(60 * SECOND);
        server.faults().rejectCredentials(false);
        Lease ok = pool.borrow(Priority.FOREGROUND);
        assertServes(ok, file.segments().get(2));
        ok.release();
        server.faults().rejectCredentials(true);
        now.addAndGet(61 * SECOND);
        assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
        now.addAndGet(30 * SECOND);
        assertFalse(pool.isCoolingDown(), "back to 30 s after a good login");
    }

    @Test
    void tooManyConnectionsAtGreetingOrLoginCoolsDown() throws Exception {
        ConnectionPool pool = pool(3);
        server.faults().connectionLimit(1, false);
        Lease one = pool.borrow(Priority.FOREGROUND);
        ProviderRefusedException atGreeting =
                assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
        assertEquals(CoolDownReason.TOO_MANY_CONNECTIONS, atGreeting.reason());
        one.release();
        now.addAndGet(30 * SECOND);
        server.faults().connectionLimit(1, true);
        Lease again = pool.borrow(Priority.FOREGROUND);
        assertSame(one.connection(), again.connection());
        ProviderRefusedException atLogin =
                assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
        assertEquals(CoolDownReason.TOO_MANY_CONNECTIONS, atLogin.reason());
        assertTrue(pool.isCoolingDown());
        again.release();
    }

    @Test
    void serviceUnavailableAtGreetingIsNoCoolDown() {
        ConnectionPool pool = pool(2);
        server.faults().unavailableAtGreeting(true);
        ServiceUnavailableException e =
                assertThrows(ServiceUnavailableException.class, () -> pool.borrow(Priority.FOREGROUND));
        assertEquals(400, e.reply().code());
        assertFalse(pool.isCoolingDown());
        assertEquals(0, pool.open());
    }

    @Test
    void coolDownWakesWaitersAndRefusesThem() throws Exception {
        ConnectionPool pool = pool(1);
        Lease only = pool.borrow(Priority.FOREGROUND);
        CompletableFuture<Throwable> waiter = CompletableFuture.supplyAsync(() -> {
            try {
                pool.borrow(Priority.FOREGROUND).release();
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        await(() -> pool.waiting(Priority.FOREGROUND) == 1);
        pool.coolDown(CoolDownReason.TOO_MANY_CONNECTIONS);
        try {
            assertInstanceOf(ProviderRefusedException.class, waiter.get(5, TimeUnit.SECONDS));
        } catch (ExecutionException e) {
            throw new AssertionError(e);
        }
        only.release();
    }

    @Test
    void aRefusedLoginWhileOpeningAheadCoolsDownAndLeavesNothingBehind() throws Exception {
        ConnectionPool pool = pool(2);
        server.faults().rejectCredentials(true);
        assertEquals(2, pool.openAhead(2));
        await(() -> pool.open() == 0);
        assertTrue(pool.isCoolingDown(), "the refusal counts as any login's would");
        assertEquals(1, pool.coolDownsStarted(), "two refusals at once are one cool-down, not a series");
        assertEquals(30_000, pool.stats().coolDownLeftMillis(), "the first length, not doubled");
        assertEquals(0, pool.openAhead(2), "nothing is opened while cooling down");
        ProviderRefusedException e =
                assertThrows(ProviderRefusedException.class, () -> pool.borrow(Priority.FOREGROUND));
        assertEquals(CoolDownReason.AUTH_REJECTED, e.reason());
    }
}
