package io.nzbmount.server.observe;

import io.nzbmount.nntp.NzbReader;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The live counters of one stream (one GET being served), registered in a {@link StreamRegistry}.
 *
 * <p>Threading: one thread, the stream's serve loop, calls the update methods ({@link #sent},
 * {@link #retrying}, {@link #cutover}, {@link #reader}); every field is volatile and written by
 * that thread alone, so an update is a few plain writes with no lock. {@link #view} and
 * {@link #close} may be called from any thread.
 */
@SuppressWarnings("NonAtomicVolatileUpdate") // one thread writes (see Threading above)
public final class LiveStream implements AutoCloseable {

    private final String id;
    private final StreamStart start;
    private final long startedMillis;
    private final StreamRegistry registry;
    private final Throughput throughput = new Throughput();

    private volatile long offset;
    private volatile long bytesSent;
    private volatile String source;
    private volatile boolean onStandby;
    private volatile int retries;
    private volatile long stalledSince = -1;
    private volatile long stallMillisDone;
    private volatile int cutovers;
    private volatile Supplier<NzbReader.Stats> readerStats;

    LiveStream(
            String id,
            StreamStart start,
            long startedMillis,
            StreamRegistry registry,
            Supplier<NzbReader.Stats> readerStats) {
        this.id = id;
        this.start = start;
        this.startedMillis = startedMillis;
        this.registry = registry;
        this.offset = start.offset();
        this.source = start.sourceId();
        this.readerStats = readerStats;
    }

    /** The stream's id, for timeline events. */
    public String id() {
        return id;
    }

    /** {@code n} more bytes were written to the client. Ends a stall. */
    public void sent(int n) {
        if (n <= 0) return;
        long now = registry.millis();
        offset += n;
        bytesSent += n;
        throughput.add(n, now);
        registry.addBytes(n);
        long since = stalledSince;
        if (since >= 0) {
            stallMillisDone += now - since;
            stalledSince = -1;
        }
    }

    /** A read failed and will be retried (the failure policy said RETRY). Starts a stall if none is running. */
    public void retrying() {
        retries++;
        if (stalledSince < 0) stalledSince = registry.millis();
    }

    /**
     * The stream now reads from another source.
     *
     * @param sourceId    the new source
     * @param standby     true when it is one of the item's standbys (not the user's primary)
     * @param readerStats the new reader's counters, or null when not known
     */
    public void cutover(String sourceId, boolean standby, Supplier<NzbReader.Stats> readerStats) {
        source = Objects.requireNonNull(sourceId);
        onStandby = standby;
        this.readerStats = readerStats;
        cutovers++;
        registry.countCutover();
    }

    /**
     * The stream went back to the user's chosen release after bytes it lacks: another source,
     * but no cutover (nothing failed that the user would need to know of).
     */
    public void backToPrimary(String sourceId, Supplier<NzbReader.Stats> readerStats) {
        source = Objects.requireNonNull(sourceId);
        onStandby = false;
        this.readerStats = readerStats;
    }

    /** The reader whose read-ahead is shown (after the stream reopens its reader), or null. */
    public void reader(Supplier<NzbReader.Stats> readerStats) {
        this.readerStats = readerStats;
    }

    boolean isRetrying() {
        return stalledSince >= 0;
    }

    boolean isOnStandby() {
        return onStandby;
    }

    /** The stream now. */
    public StreamView view() {
        long now = registry.millis();
        long since = stalledSince;
        long stalled = since >= 0 ? Math.max(0, now - since) : 0;
        long sentNow = bytesSent;
        Supplier<NzbReader.Stats> stats = readerStats;
        StreamView.ReadAhead readAhead = null;
        if (stats != null) {
            NzbReader.Stats s = stats.get();
            if (s != null) readAhead = new StreamView.ReadAhead(s.window(), s.fetching(), s.ready());
        }
        return new StreamView(
                id,
                start,
                Instant.ofEpochMilli(startedMillis),
                offset,
                sentNow,
                throughput.perSecond(now, startedMillis, sentNow),
                readAhead,
                source,
                onStandby,
                retries,
                since >= 0,
                stalled,
                stallMillisDone + stalled,
                cutovers);
    }

    /** Removes the stream from its registry. Idempotent; any thread. */
    @Override
    public void close() {
        registry.remove(this);
    }
}
