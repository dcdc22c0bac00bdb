package io.nzbmount.server.cutover;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.server.standby.SweepGuard;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Holds a fingerprint sweep run during a cutover to its deadline: the sweep stops before its next
 * sample once the deadline has passed, and a read still waiting then (a slow or stalled provider)
 * is ended by closing the sweep's readers, so the player never waits longer than the budget. The
 * readers are also listed in the stream's {@link Probes}, so a client going away ends the sweep.
 *
 * <p>One sweep, one serving thread; the deadline is enforced by a virtual thread that
 * {@link #close} stops. Thread-safe.
 */
final class SweepWatch implements SweepGuard, AutoCloseable {
    private final long deadlineNanos;
    private final Probes probes;
    private final LongSupplier nanoTime;
    private final Set<NzbReader> readers = ConcurrentHashMap.newKeySet();
    private final Thread timer;
    private volatile boolean expired;

    /** @param deadlineNanos in {@code nanoTime} terms, the monotonic clock the deadline is read from */
    SweepWatch(long deadlineNanos, Probes probes, LongSupplier nanoTime) {
        this.deadlineNanos = deadlineNanos;
        this.probes = probes;
        this.nanoTime = nanoTime;
        this.timer = Thread.ofVirtual().name("cutover-sweep-deadline").start(this::expireAtDeadline);
    }

    private void expireAtDeadline() {
        try {
            long wait = deadlineNanos - nanoTime.getAsLong();
            if (wait > 0) TimeUnit.NANOSECONDS.sleep(wait);
        } catch (InterruptedException e) {
            return;
        }
        expired = true;
        for (NzbReader r : readers) r.close();
    }

    @Override
    public boolean stop() {
        return expired();
    }

    @Override
    public void opened(NzbReader reader) {
        readers.add(reader);
        probes.add(reader);
        if (expired) reader.close();
    }

    /** Whether the deadline has passed. */
    boolean expired() {
        return expired || nanoTime.getAsLong() - deadlineNanos >= 0;
    }

    @Override
    public void close() {
        timer.interrupt();
        for (NzbReader r : readers) probes.remove(r);
    }
}
