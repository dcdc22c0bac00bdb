package io.nzbmount.nntp.internal.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A lease that sends several STATs at once: one connection, one place per command, each reply to its own STAT. */
class StatBatchTest extends PoolTestBase {

    private static final Duration BUDGET = Duration.ofSeconds(10);

    @Test
    void aBatchOfStatsIsInFlightOnOneConnectionWithAPlaceEach() throws Exception {
        ConnectionPool pool = pool(4, 2);
        List<String> ids = new ArrayList<>(file.messageIds());
        ids.add("gone@test");
        // The first STAT is held by the server: every command of the batch is sent before any reply comes.
        server.faults().inject(ids.get(0), new ArticleFault.Stall(-1), 1);
        Lease lease = pool.borrow(Priority.BACKGROUND);
        CompletableFuture<List<NntpReply>> replies = CompletableFuture.supplyAsync(() -> {
            try {
                return lease.stat(ids, BUDGET);
            } catch (java.io.IOException e) {
                throw new RuntimeException(e);
            }
        });
        await(() -> server.counters().statCommands() >= 1);
        assertEquals(ids.size(), pool.stats().places(), "each STAT of the batch holds a place");
        assertEquals(1, pool.open());
        // A foreground borrower is not queued behind a batch as deep as the pool's depth: it gets a connection of its
        // own.
        Lease foreground = pool.borrow(Priority.FOREGROUND);
        assertNotSame(lease.connection(), foreground.connection());
        foreground.release();

        server.faults().releaseStalls();
        List<Integer> codes =
                replies.get(10, TimeUnit.SECONDS).stream().map(NntpReply::code).toList();
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < file.messageIds().size(); i++) expected.add(223);
        expected.add(430);
        assertEquals(expected, codes);
        lease.release();
        assertEquals(0, pool.stats().places());
        assertEquals(ids.size(), server.counters().statCommands());
    }

    @Test
    void aBatchGivenBackUnansweredFreesEveryPlaceOnceItsRepliesAreRead() throws Exception {
        ConnectionPool pool = pool(2, 2);
        List<String> ids = file.messageIds();
        server.faults().inject(Faults.ALL, new ArticleFault.Stall(-1), 1);
        Lease lease = pool.borrow(Priority.BACKGROUND);
        CompletableFuture<Boolean> timedOut = CompletableFuture.supplyAsync(() -> {
            try {
                lease.stat(ids, Duration.ofMillis(50));
                return false;
            } catch (java.io.IOException e) {
                return e instanceof java.net.SocketTimeoutException;
            }
        });
        assertEquals(true, timedOut.get(10, TimeUnit.SECONDS));
        lease.release();
        server.faults().releaseStalls();
        // Freed as each dropped reply is read (or the connection closed when the drain ran out of time).
        await(() -> pool.stats().places() == 0);
        assertFalse(pool.leased() > 0);
    }
}
