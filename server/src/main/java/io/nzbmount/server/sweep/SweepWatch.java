package io.nzbmount.server.sweep;

import io.nzbmount.nntp.NzbReader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Holds a fingerprint sweep run during a cutover to its deadline: the sweep stops before its next
 * sample once the deadline has passed, and a read still waiting then (a slow or stalled provider)
 * is ended by closing the sweep's readers, so the player never waits longer than the budget. The
 * readers are also listed with the stream ({@link Readers}), so a client going away ends the sweep.
 *
 * <p>One sweep, one serving thread; the deadline is enforced by a virtual thread that
 * {@link #close} stops. Thread-safe.
 */
public final class SweepWatch implements SweepGuard, AutoCloseable {

    /** Where the stream lists the readers it must close when its client goes away. */
    public interface Readers {
        void add(NzbReader reader);

        void remove(NzbReader reader);
    }

    private final long deadlineNanos;
    private final Readers stream;
    private final LongSupplier nanoTime;
    private final Set<NzbReader> readers = ConcurrentHashMap.newKeySet();
    private final Thread timer;
    private volatile boolean expired;

    /** @param deadlineNanos in {@code nanoTime} terms, the monotonic clock the deadline is read from */
    public SweepWatch(long deadlineNanos, Readers stream, LongSupplier nanoTime) {
        this.deadlineNanos = deadlineNanos;
        this.stream = stream;
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
        stream.add(reader);
        if (expired) reader.close();
    }

    /** Whether the deadline has passed. */
    public boolean expired() {
        return expired || nanoTime.getAsLong() - deadlineNanos >= 0;
    }

    @Override
    public void close() {
        timer.interrupt();
        for (NzbReader r : readers) stream.remove(r);
    }
}
