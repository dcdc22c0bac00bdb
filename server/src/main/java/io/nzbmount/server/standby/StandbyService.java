package io.nzbmount.server.standby;

import io.nzbmount.config.FallbackSettings;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares and proves the standby pools of items, in the background.
 *
 * <p>When: an item's pool is prepared once it has been live (see {@link PlaybackLiveness}) for the
 * submit delay, with a seen-live latch: an item whose stream opened but has served nothing yet is
 * still waiting, not stopped; an item that stops after having been live, before the delay, gets no
 * pool this time. A standby added by hand is proved at once, whether anything plays or not. An
 * inconclusive proof is tried again after 1, 5, 15, then every 60 minutes; a mismatch or a dead
 * candidate never again.
 *
 * <p>All decisions happen in {@link #tick()}, which reads the injected clock: {@link #start()}
 * runs it every second; tests call it themselves at literal times. The work it starts (searches,
 * downloads, sweeps) runs on virtual threads, at most {@code concurrency} proofs at once.
 * Thread-safe. Progress is stored as it goes; a proof cut short by a restart starts again.
 */
public final class StandbyService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StandbyService.class);
    private static final List<Duration> RETRY_WAITS =
            List.of(Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(15), Duration.ofMinutes(60));

    /**
     * The pace of a proof in service (the {@link StandbyProver}'s pause): one sample (at most one
     * article per side) every 200 ms, so two proofs at once add at most ~20 background fetches a
     * second next to a live stream.
     */
    public static final Duration SAMPLE_PAUSE = Duration.ofMillis(200);

    private final Database db;
    private final PlaybackLiveness liveness;
    private final PoolPreparer preparer;
    private final ProofRunner runner;
    private final Clock clock;
    private final SourceLifecycle lifecycle;
    private volatile Duration submitDelay;
    private volatile int maxStandby;
    private final Semaphore proofs;
    private final ExecutorService workers = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("nzbmount-standby-", 0).factory());
    private final Set<Long> inFlight = ConcurrentHashMap.newKeySet();
    /** Per item: the start of the live run whose pool was prepared (or whose skip was recorded). */
    private final Map<Long, Instant> handledRuns = new ConcurrentHashMap<>();
    // java.util.concurrent locks, not monitors: a virtual thread waiting on a monitor pins its carrier on JDK 21.
    /** Guards {@link #running}; {@link #idle} is signalled when it falls. */
    private final ReentrantLock work = new ReentrantLock();

    private final Condition idle = work.newCondition();
    private int running;
    /** Orders {@link #start} and {@link #close}. */
    private final ReentrantLock startStop = new ReentrantLock();

    private ScheduledExecutorService ticker;

    /**
     * @param parts       what the service works with
     * @param submitDelay how long an item must have been live before its pool is prepared
     * @param maxStandby  the pool size, 0..{@value FallbackSettings#MAX_STANDBY}; 0 turns pools off
     * @param concurrency how many standbys are proved at once
     */
    public StandbyService(Parts parts, Duration submitDelay, int maxStandby, int concurrency) {
        if (maxStandby < 0 || maxStandby > FallbackSettings.MAX_STANDBY) {
            throw new IllegalArgumentException("maxStandby must be 0.." + FallbackSettings.MAX_STANDBY);
        }
        if (concurrency < 1) throw new IllegalArgumentException("concurrency must be >= 1");
        this.db = parts.db();
        this.liveness = parts.liveness();
        this.clock = parts.clock();
        this.lifecycle = new SourceLifecycle(parts.db(), parts.clock());
        this.submitDelay = submitDelay;
        this.maxStandby = maxStandby;
        this.proofs = new Semaphore(concurrency);
        this.preparer = new PoolPreparer(
                parts.db(),
                parts.catalog(),
                parts.importer(),
                parts.indexers(),
                parts.events(),
                parts.clock(),
                () -> this.maxStandby);
        this.runner = new ProofRunner(parts.db(), parts.prover()::prove, parts.events(), parts.clock());
    }

    /**
     * Changes the pool size and the submit delay from the next pass on (saved settings applied
     * without a restart). Pools are not shrunk: a smaller size only stops new standbys; 0 stops
     * pool preparation and proofs. Thread-safe.
     */
    public void setPool(int maxStandby, Duration submitDelay) {
        if (maxStandby < 0 || maxStandby > FallbackSettings.MAX_STANDBY) {
            throw new IllegalArgumentException("maxStandby must be 0.." + FallbackSettings.MAX_STANDBY);
        }
        this.submitDelay = submitDelay;
        this.maxStandby = maxStandby;
    }

    /**
     * The collaborators.
     *
     * @param importer adds standbys; should size files at background priority
     * @param prover   runs the proofs; the server's one, which its cutovers' sweeps share
     * @param indexers empty when no indexer is configured (then only hand-added standbys exist)
     */
    public record Parts(
            Database db,
            ItemCatalog catalog,
            LibraryImporter importer,
            StandbyProver prover,
            Optional<IndexerAccess> indexers,
            EventLog events,
            Clock clock,
            PlaybackLiveness liveness) {}

    /** Runs {@link #tick()} every second until closed; a proof cut short by a restart is made pending again. */
    public void start() throws StoreException {
        startStop.lock();
        try {
            startLocked();
        } finally {
            startStop.unlock();
        }
    }

    private void startLocked() throws StoreException {
        runner.resetInterrupted();
        ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("nzbmount-standby-tick").factory());
        ticker.scheduleWithFixedDelay(
                () -> {
                    try {
                        tick();
                    } catch (StoreException | RuntimeException e) {
                        LOG.warn("standby pass failed; trying again in a second", e);
                    }
                },
                1,
                1,
                TimeUnit.SECONDS);
    }

    /** One pass: starts due proofs and prepares the pools of items live for the submit delay. */
    public void tick() throws StoreException {
        if (maxStandby == 0) return;
        Instant now = clock.instant();
        lifecycle.restoreDue(-1);
        for (long sourceId : db.transaction(StandbyTables::standbysWithoutProgress)) {
            runner.adopt(sourceId);
            prove(sourceId);
        }
        for (StandbyProgress p : db.transaction(
                c -> StandbyTables.progressIn(c, EnumSet.of(StandbyState.PENDING, StandbyState.INCONCLUSIVE)))) {
            if (p.state() == StandbyState.PENDING
                    || p.retryAt().map(t -> !t.isAfter(now)).orElse(true)) {
                prove(p.sourceId());
            }
        }
        for (long itemId : liveness.items()) {
            watch(itemId, now);
        }
    }

    private void watch(long itemId, Instant now) throws StoreException {
        PlaybackLiveness.State state = liveness.state(itemId);
        if (state.runStart().isEmpty()) return;
        Instant run = state.runStart().get();
        if (run.equals(handledRuns.get(itemId))) {
            if (!state.live()) liveness.forgetIfIdle(itemId);
            return;
        }
        if (!state.live()) {
            handledRuns.put(itemId, run);
            runner.event(
                    itemId,
                    EventKind.STANDBY_POOL_SKIPPED,
                    Map.of("reason", "playback stopped before it had been live for " + submitDelay.toSeconds() + " s"));
            liveness.forgetIfIdle(itemId);
        } else if (!now.isBefore(run.plus(submitDelay))) {
            handledRuns.put(itemId, run);
            submit(() -> {
                for (long sourceId : preparer.prepare(itemId)) prove(sourceId);
            });
        }
    }

    /**
     * Fills the item's pool again now, whatever its playback (the user asked): searches as when it
     * had played for the submit delay and proves what it adds. Runs in the background.
     *
     * @return false when pools are turned off (nothing is started)
     */
    public boolean searchAgain(long itemId) {
        if (maxStandby == 0) return false;
        submit(() -> {
            for (long sourceId : preparer.prepare(itemId)) prove(sourceId);
        });
        return true;
    }

    /** Drops what is kept about a deleted item (the live run whose pool was prepared). */
    public void forget(long itemId) {
        handledRuns.remove(itemId);
    }

    /** Starts proving a standby unless it is being proved already. */
    private void prove(long sourceId) {
        if (!inFlight.add(sourceId)) return;
        submit(() -> {
            try {
                proofs.acquire();
                try {
                    runner.run(sourceId, RETRY_WAITS);
                } finally {
                    proofs.release();
                }
            } finally {
                inFlight.remove(sourceId);
            }
        });
    }

    private interface Job {
        void run() throws Exception;
    }

    private void submit(Job job) {
        work.lock();
        try {
            running++;
        } finally {
            work.unlock();
        }
        try {
            workers.execute(() -> {
                try {
                    job.run();
                } catch (InterruptedException | ReadCancelledException e) {
                    Thread.currentThread().interrupt();
                } catch (Exception e) {
                    LOG.warn("standby work failed", e);
                } finally {
                    oneFewer();
                }
            });
        } catch (RuntimeException e) {
            oneFewer();
            throw e;
        }
    }

    private void oneFewer() {
        work.lock();
        try {
            running--;
            idle.signalAll();
        } finally {
            work.unlock();
        }
    }

    /** Waits until no background work runs (for tests and orderly shutdown). */
    public void awaitIdle(Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        work.lock();
        try {
            while (running > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) throw new TimeoutException(running + " standby jobs still running");
                idle.awaitNanos(left);
            }
        } finally {
            work.unlock();
        }
    }

    /** Stops the ticker and interrupts running work; a proof cut short stays pending for the next start. */
    @Override
    public void close() {
        startStop.lock();
        try {
            if (ticker != null) ticker.shutdownNow();
            workers.shutdownNow();
            if (!workers.awaitTermination(10, TimeUnit.SECONDS)) LOG.warn("standby work did not stop in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            startStop.unlock();
        }
    }
}
