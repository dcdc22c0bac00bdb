package io.nzbmount.server.health;

import io.nzbmount.config.HealthSettings;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.HealthChecks;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When each source's articles are checked: every source that is not dead is checked whole once
 * after import (as soon as it is seen, never held back, when it was imported within
 * {@link #FRESH}; an older source never checked, as after an upgrade, waits its turn like a
 * re-check), then a sample of it every
 * {@code sampleEvery} and all of it every {@code fullEvery}, those re-checks paced by
 * {@link RecheckPace}. When a check ran is stored ({@link HealthChecks}), so the schedule survives
 * a restart; a check cut short by a shutdown is not stored and runs again.
 *
 * <p>All decisions happen in {@link #tick()}, which reads the injected clock: {@link #start()}
 * runs it every few seconds; tests call it at literal times. The checks a tick takes run one after
 * another on the worker given; a tick while they run takes nothing. Thread-safe.
 */
public final class HealthScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HealthScheduler.class);
    /** How often {@link #start()} ticks. */
    public static final Duration TICK = Duration.ofSeconds(5);
    /** A source stored this long ago or less gets its first check at once. */
    static final Duration FRESH = Duration.ofDays(1);

    private final Database db;
    private final SourceCheck check;
    private final Clock clock;
    private final Executor worker;
    private final Duration sampleEvery;
    private final Duration fullEvery;
    private final int sampleArticles;
    private final RecheckPace pace;
    private final AtomicBoolean busy = new AtomicBoolean();
    private ScheduledExecutorService ticker;
    private ExecutorService owned;

    /** A check due now. */
    record Due(long sourceId, CheckKind kind) {}

    /** @param worker runs the checks a tick takes (a direct executor in tests) */
    HealthScheduler(Database db, SourceCheck check, HealthSettings settings, Clock clock, Executor worker) {
        this.db = db;
        this.check = check;
        this.clock = clock;
        this.worker = worker;
        this.sampleEvery = Duration.ofHours(settings.sampleEveryHours());
        this.fullEvery = Duration.ofHours(settings.fullEveryHours());
        this.sampleArticles = settings.sampleArticles();
        this.pace = new RecheckPace(settings.recheckArticlesPerSecond());
    }

    /** A scheduler whose checks run on a virtual thread of its own. */
    public static HealthScheduler of(Database db, HealthCheck check, HealthSettings settings, Clock clock) {
        ExecutorService own = Executors.newSingleThreadExecutor(
                Thread.ofVirtual().name("nzbmount-health").factory());
        HealthScheduler s = new HealthScheduler(db, check, settings, clock, own);
        s.owned = own;
        return s;
    }

    /** Runs {@link #tick()} every {@link #TICK} until closed. */
    public synchronized void start() {
        ticker = Executors.newSingleThreadScheduledExecutor(
                Thread.ofPlatform().daemon().name("nzbmount-health-tick").factory());
        ticker.scheduleWithFixedDelay(
                () -> {
                    try {
                        tick();
                    } catch (StoreException | RuntimeException e) {
                        LOG.warn("health check pass failed; trying again at the next", e);
                    }
                },
                1,
                TICK.toSeconds(),
                TimeUnit.SECONDS);
    }

    /**
     * One pass: takes every check after import that is due, and one re-check when the pace
     * allows, and runs them on the worker; nothing while the checks of an earlier pass run.
     *
     * @return the checks taken
     */
    public List<Due> tick() throws StoreException {
        if (!busy.compareAndSet(false, true)) return List.of();
        List<Due> due;
        try {
            due = due(clock.instant());
        } catch (StoreException | RuntimeException e) {
            busy.set(false);
            throw e;
        }
        if (due.isEmpty()) {
            busy.set(false);
            return due;
        }
        try {
            worker.execute(() -> {
                try {
                    for (Due d : due) run(d);
                } finally {
                    busy.set(false);
                }
            });
        } catch (RuntimeException e) {
            busy.set(false);
            throw e;
        }
        return due;
    }

    private List<Due> due(Instant now) throws StoreException {
        List<Due> due = new ArrayList<>();
        Due recheck = null;
        for (HealthChecks.Row r : db.transaction(HealthChecks::sources)) {
            if (r.fullAt().isEmpty() && now.isBefore(r.added().plus(FRESH))) {
                due.add(new Due(r.sourceId(), CheckKind.AFTER_IMPORT));
            } else if (recheck == null) {
                recheck = recheck(r, now);
            }
        }
        if (recheck != null && pace.mayStart(now)) due.add(recheck);
        return due;
    }

    /** The re-check of {@code r} due at {@code now}, or null. */
    private Due recheck(HealthChecks.Row r, Instant now) {
        if (r.fullAt().isEmpty() || !now.isBefore(r.fullAt().get().plus(fullEvery))) {
            return new Due(r.sourceId(), CheckKind.FULL);
        }
        if (!now.isBefore(r.sampleAt().orElse(Instant.EPOCH).plus(sampleEvery)))
            return new Due(r.sourceId(), CheckKind.SAMPLE);
        return null;
    }

    private void run(Due d) {
        Instant started = clock.instant();
        boolean sample = d.kind() == CheckKind.SAMPLE;
        try {
            CheckResult r = check.run(
                    d.sourceId(),
                    d.kind(),
                    sample ? sampleArticles : 0,
                    d.sourceId() * 31 + started.getEpochSecond() / 86_400);
            if (d.kind() != CheckKind.AFTER_IMPORT) pace.spent(started, r.checked());
            done(d, started);
        } catch (ReadCancelledException e) {
            // Shutting down: not done, so it runs again after the restart.
            Thread.currentThread().interrupt();
        } catch (StoreException | RuntimeException e) {
            LOG.warn("health check of source {} failed; it is due again at its next turn", d.sourceId(), e);
            try {
                done(d, started);
            } catch (StoreException again) {
                LOG.warn("could not store the health check of source {}", d.sourceId(), again);
            }
        }
    }

    private void done(Due d, Instant at) throws StoreException {
        db.transaction(c -> {
            if (d.kind() == CheckKind.SAMPLE) HealthChecks.sampleDone(c, d.sourceId(), at);
            else HealthChecks.fullDone(c, d.sourceId(), at);
            return null;
        });
    }

    /** Stops ticking and interrupts a running check (it runs again after the restart). */
    @Override
    public synchronized void close() {
        if (ticker != null) ticker.shutdownNow();
        if (owned != null) owned.shutdownNow();
    }
}
