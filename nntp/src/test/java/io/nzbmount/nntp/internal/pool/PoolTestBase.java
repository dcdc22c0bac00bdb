package io.nzbmount.nntp.internal.pool;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.embedded.PostedSegment;
import io.nzbmount.nntp.internal.protocol.BodyCollector;
import io.nzbmount.nntp.internal.yenc.YencEncoder;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The embedded server, pools on a literal clock, and the check that every borrowed connection went back. */
abstract class PoolTestBase {

    static final long SECOND = 1_000_000_000L;
    final AtomicLong now = new AtomicLong(1_000 * SECOND);
    final List<ConnectionPool> pools = new ArrayList<>();
    EmbeddedNntpServer server;
    byte[] data;
    PostedFile file;

    @BeforeEach
    void start() throws IOException {
        server = EmbeddedNntpServer.builder().credentials("user", "pass").start();
        data = new byte[60_000];
        new Random(5).nextBytes(data);
        file = server.post("pool.bin", data, 20_000);
    }

    @AfterEach
    void everyBorrowedConnectionWentBack() throws InterruptedException {
        for (ConnectionPool p : pools) {
            // A command given up is drained on its connection, which comes back within the drain's time.
            Await.until(
                    Duration.ofSeconds(10),
                    () -> p.leased() == 0,
                    () -> "no leased connections left in " + p.provider().name() + ", not " + p.leased());
            assertEquals(p.idle(), p.open(), "open connections that are neither idle nor leased");
            p.close();
        }
        server.close();
    }

    ConnectionPool pool(int connections, String password) {
        Provider p = new Provider("test", server.host(), server.port(), false, "user", password, connections, 0);
        // One command per connection: these tests are about connections; PipeliningTest is about depth.
        ConnectionPool pool = new ConnectionPool(p, PoolSettings.defaults().withPipelineDepth(1), now::get);
        pools.add(pool);
        return pool;
    }

    ConnectionPool pool(int connections) {
        return pool(connections, "pass");
    }

    /** A pool whose connections carry up to {@code depth} commands each. */
    ConnectionPool pool(int connections, int depth) {
        Provider p = new Provider("test", server.host(), server.port(), false, "user", "pass", connections, 0);
        ConnectionPool pool = new ConnectionPool(p, PoolSettings.defaults().withPipelineDepth(depth), now::get);
        pools.add(pool);
        return pool;
    }

    /** A foreground borrow of {@code pool} on another thread, which may wait for its turn. */
    static CompletableFuture<Lease> borrowLater(ConnectionPool pool) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return pool.borrow(Priority.FOREGROUND);
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
    }

    /** One borrow by borrower {@code thread}, its {@code i}th: borrows, uses and gives back a place. */
    @FunctionalInterface
    interface Borrow {
        void run(int thread, int i) throws IOException;
    }

    /** {@code threads} borrowers at once, each running {@code times} borrows; fails after 60 s. */
    static void borrowersAtOnce(int threads, int times, Borrow borrow) throws Exception {
        List<CompletableFuture<Void>> borrowers = new ArrayList<>();
        try (var executor = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int t = 0; t < threads; t++) {
                int thread = t;
                borrowers.add(CompletableFuture.runAsync(
                        () -> {
                            try {
                                for (int i = 0; i < times; i++) borrow.run(thread, i);
                            } catch (IOException e) {
                                throw new RuntimeException(e);
                            }
                        },
                        executor));
            }
            CompletableFuture.allOf(borrowers.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        }
    }

    static void await(BooleanSupplier condition) throws InterruptedException {
        Await.until(Duration.ofSeconds(10), condition, () -> "the pool state the test waits for");
    }

    void assertServes(Lease c, PostedSegment s) throws IOException {
        BodyCollector sink = new BodyCollector();
        assertEquals(
                222,
                c.body(s.messageId(), sink, java.time.Duration.ofSeconds(5)).code());
        assertArrayEquals(
                new YencEncoder()
                        .encodePart(
                                data,
                                (int) s.begin(),
                                s.length(),
                                file.fileName(),
                                s.number(),
                                file.segments().size(),
                                data.length,
                                s.begin()),
                sink.toByteArray());
    }
}
