package io.nzbmount.nntp.internal.fetch;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the fetcher knows about one provider's behaviour: articles served, transient failures,
 * stalls and articles asked again elsewhere because this provider was late.
 *
 * <p>A stall is a read that timed out (no first byte, or no byte for too long inside a reply).
 * After a stall the provider is asked last, behind every other provider, until
 * {@code demotion} has passed; it is still asked when the others do not have an article, so a
 * provider that stalls is never taken for one that lacks articles. A stall is the provider's
 * fault, never the release's.
 *
 * <p>Thread-safe; times are nanoseconds of the fetcher's clock.
 */
final class ProviderMeter {

    private final long demotionNanos;
    private final AtomicLong demotedUntil = new AtomicLong(Long.MIN_VALUE);
    private final LongAdder stalls = new LongAdder();
    private final LongAdder transientFailures = new LongAdder();
    private final LongAdder fetched = new LongAdder();
    private final LongAdder hedged = new LongAdder();
    private final LatencyEstimate estimate = new LatencyEstimate();
    private final java.util.concurrent.atomic.AtomicInteger hedgesLostInARow =
            new java.util.concurrent.atomic.AtomicInteger();

    ProviderMeter(long demotionNanos) {
        this.demotionNanos = demotionNanos;
    }

    /** A read of this provider timed out at {@code now}. */
    void stalled(long now) {
        stalls.increment();
        demotedUntil.accumulateAndGet(now + demotionNanos, Math::max);
    }

    /** An attempt failed for a reason that may pass (timeouts included). */
    void failedTransiently() {
        transientFailures.increment();
    }

    /**
     * This provider served an article: its first byte came {@code firstByteNanos} after the
     * command, then {@code bytes} over {@code bodyNanos}.
     */
    void served(long firstByteNanos, long bytes, long bodyNanos) {
        fetched.increment();
        estimate.observe(firstByteNanos, bytes, bodyNanos);
    }

    /** This provider served an article it was not timed on (STAT). */
    void served() {
        fetched.increment();
    }

    LatencyEstimate.Snapshot estimate() {
        return estimate.snapshot();
    }

    /** This provider was late and the article asked again elsewhere came first; repeated, a stall. */
    void lostHedge(long now) {
        if (hedgesLostInARow.incrementAndGet() >= HedgedAttempt.LOST_IN_A_ROW) {
            hedgesLostInARow.set(0);
            stalled(now);
        }
    }

    /** This provider was late but still came first. */
    void wonHedge() {
        hedgesLostInARow.set(0);
    }

    /** An article this provider was late with was asked again elsewhere. */
    void hedged() {
        hedged.increment();
    }

    /** True while the provider is asked last. */
    boolean demotedAt(long now) {
        long until = demotedUntil.get();
        return until != Long.MIN_VALUE && now - until < 0;
    }

    /** Nanoseconds left of the demotion, 0 when there is none. */
    long nanosLeftAt(long now) {
        return demotedAt(now) ? demotedUntil.get() - now : 0;
    }

    long stalls() {
        return stalls.sum();
    }

    long transientFailures() {
        return transientFailures.sum();
    }

    long fetched() {
        return fetched.sum();
    }

    long hedgedCount() {
        return hedged.sum();
    }
}
