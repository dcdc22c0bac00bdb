package io.nzbmount.server.observe;

import io.nzbmount.nntp.NzbReader;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The streams being served now and the server-wide counters: cutovers, bytes served, proofs
 * running. Every open GET registers itself with {@link #open} and closes its {@link LiveStream}
 * when the response ends.
 *
 * <p>Thread-safe. Per-read updates go to the stream's own volatile fields and to a
 * {@link LongAdder}; nothing on the read path takes a lock.
 */
public final class StreamRegistry {

    private final Clock clock;
    private final ConcurrentHashMap<String, LiveStream> streams = new ConcurrentHashMap<>();
    private final AtomicLong nextId = new AtomicLong();
    private final LongAdder bytesServed = new LongAdder();
    private final LongAdder cutovers = new LongAdder();
    private final LongAdder opened = new LongAdder();
    private final AtomicInteger proofsRunning = new AtomicInteger();

    public StreamRegistry(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Registers a stream that starts now.
     *
     * @param readerStats the reader's counters ({@code reader::stats}), or null when not known
     */
    public LiveStream open(StreamStart start, Supplier<NzbReader.Stats> readerStats) {
        String id = "s" + nextId.incrementAndGet();
        LiveStream stream = new LiveStream(id, start, clock.millis(), this, readerStats);
        streams.put(id, stream);
        opened.increment();
        return stream;
    }

    /**
     * Counts one standby proof as running until the returned handle is closed.
     * Closing the handle twice counts it down once.
     */
    public RunningProof proving() {
        proofsRunning.incrementAndGet();
        return new RunningProof();
    }

    /** The streams now, oldest first. */
    public List<StreamView> streams() {
        List<StreamView> views = new ArrayList<>();
        for (LiveStream s : streams.values()) views.add(s.view());
        views.sort(Comparator.comparing(StreamView::started).thenComparing(v -> Long.parseLong(v.id().substring(1))));
        return views;
    }

    /** The counters now. */
    public Counters counters() {
        int active = 0;
        int retrying = 0;
        int standby = 0;
        for (LiveStream s : streams.values()) {
            active++;
            if (s.isRetrying()) retrying++;
            if (s.isOnStandby()) standby++;
        }
        return new Counters(
                active, retrying, proofsRunning.get(), standby, cutovers.sum(), bytesServed.sum(), opened.sum());
    }

    long millis() {
        return clock.millis();
    }

    void addBytes(long n) {
        bytesServed.add(n);
    }

    void countCutover() {
        cutovers.increment();
    }

    void remove(LiveStream stream) {
        streams.remove(stream.id(), stream);
    }

    /**
     * Server-wide counts at one moment.
     *
     * @param activeStreams  streams being served
     * @param retrying       streams waiting to read again after a failure
     * @param proofsRunning  standby proofs running
     * @param standbyActive  streams served from a standby source after a cutover
     * @param cutoversTotal  cutovers since start
     * @param bytesServed    bytes sent to clients by streams since start
     * @param streamsOpened  streams opened since start
     */
    public record Counters(
            int activeStreams,
            int retrying,
            int proofsRunning,
            int standbyActive,
            long cutoversTotal,
            long bytesServed,
            long streamsOpened) {}

    /** A running proof; close it when the proof ends, however it ends. */
    public final class RunningProof implements AutoCloseable {
        private final java.util.concurrent.atomic.AtomicBoolean open =
                new java.util.concurrent.atomic.AtomicBoolean(true);

        private RunningProof() {}

        @Override
        public void close() {
            if (open.compareAndSet(true, false)) proofsRunning.decrementAndGet();
        }
    }
}
