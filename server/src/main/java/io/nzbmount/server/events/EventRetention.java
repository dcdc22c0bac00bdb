package io.nzbmount.server.events;

import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Events;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes timeline events older than the retention, now and then. Whatever the retention is set
 * to, the last {@link #MINIMUM} are always kept (diagnostics export them). Thread-safe.
 */
public final class EventRetention implements AutoCloseable {

    /** The least that is kept, whatever is configured. */
    public static final Duration MINIMUM = Duration.ofMinutes(10);
    /** Kept by default. */
    public static final Duration DEFAULT = Duration.ofDays(7);
    /** How often the default schedule runs. */
    public static final Duration DEFAULT_PERIOD = Duration.ofHours(1);

    private static final Logger LOG = LoggerFactory.getLogger(EventRetention.class);

    private final Database db;
    private final Clock clock;
    private final Duration keep;
    private ScheduledFuture<?> task;

    /** @param retention how long events are kept; raised to {@link #MINIMUM} when shorter */
    public EventRetention(Database db, Clock clock, Duration retention) {
        this.db = Objects.requireNonNull(db);
        this.clock = Objects.requireNonNull(clock);
        this.keep = retention.compareTo(MINIMUM) < 0 ? MINIMUM : retention;
    }

    /** How long events are kept. */
    public Duration keep() {
        return keep;
    }

    /** Deletes what is older than the retention now; returns how many events went. */
    public int runOnce() throws StoreException {
        Instant before = clock.instant().minus(keep);
        return db.transaction(c -> Events.deleteOlderThan(c, before));
    }

    /**
     * Runs {@link #runOnce} on {@code scheduler} now and then every {@code period}, until
     * {@link #close}. A failed run is logged and the next one tries again. The scheduler stays
     * the caller's.
     */
    public synchronized void start(ScheduledExecutorService scheduler, Duration period) {
        if (task != null) throw new IllegalStateException("already started");
        task = scheduler.scheduleWithFixedDelay(this::runLogged, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops the schedule (a run in progress finishes). Idempotent. */
    @Override
    public synchronized void close() {
        if (task != null) task.cancel(false);
    }

    private void runLogged() {
        // An exception escaping a scheduled task would cancel every later run.
        try {
            int gone = runOnce();
            if (gone > 0) LOG.info("deleted {} events older than {}", gone, keep);
        } catch (StoreException | RuntimeException e) {
            LOG.warn("deleting old events failed; trying again at the next run", e);
        }
    }
}
