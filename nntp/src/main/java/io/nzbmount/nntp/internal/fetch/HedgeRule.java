package io.nzbmount.nntp.internal.fetch;

import java.time.Duration;
import java.util.Objects;

/**
 * When an article fetch is late enough to be asked again in parallel (a hedged read). Pure:
 * every time is passed in. Immutable.
 *
 * <p>A fetch is late when its first byte has not come after {@code factor} times the
 * provider's running first-byte estimate (and at least {@code floor}), or when, once bytes
 * flow, it has been receiving for at least {@code trickleAfter} at less than
 * {@code trickleFraction} of the provider's running throughput. Without an estimate (fewer than
 * {@code minSamples} articles served) a fetch is never late: the read deadlines still apply.
 *
 * @param enabled         off: no fetch is ever asked twice
 * @param factor          how many times the usual first-byte latency counts as late
 * @param floor           never late before this, however fast the provider usually is
 * @param trickleAfter    how long a body must have been arriving before its rate is judged
 * @param trickleFraction a body arriving slower than this share of the usual rate trickles
 * @param minSamples      articles a provider must have served before its estimate counts
 */
public record HedgeRule(boolean enabled, double factor, Duration floor, Duration trickleAfter, double trickleFraction,
                        int minSamples) {

    /**
     * Four times the usual first byte and at least 1 s; a body judged after 500 ms, late below a
     * quarter of the usual rate; an estimate after 3 articles. See docs/configuration.md.
     */
    public static final HedgeRule DEFAULT = new HedgeRule(true, 4.0, Duration.ofSeconds(1), Duration.ofMillis(500),
            0.25, 3);

    public HedgeRule {
        Objects.requireNonNull(floor, "floor");
        Objects.requireNonNull(trickleAfter, "trickleAfter");
        if (factor < 1) throw new IllegalArgumentException("factor must be >= 1: " + factor);
        if (trickleFraction <= 0 || trickleFraction >= 1) {
            throw new IllegalArgumentException("trickleFraction must be between 0 and 1: " + trickleFraction);
        }
        if (minSamples < 1) throw new IllegalArgumentException("minSamples must be >= 1: " + minSamples);
    }

    /**
     * Whether a fetch is late now.
     *
     * @param startNanos     from when its first byte could come: when its reply became the next
     *                       due on its connection, or when the attempt began while it still waits
     *                       for a place on a connection
     * @param nowNanos       now
     * @param firstByteNanos when its first body byte came, or -1 when none has yet
     * @param bytes          body bytes received so far
     * @param estimate       the provider's running estimate
     */
    public boolean late(long startNanos, long nowNanos, long firstByteNanos, long bytes, LatencyEstimate.Snapshot estimate) {
        if (!enabled || estimate.samples() < minSamples) return false;
        if (firstByteNanos < 0) return nowNanos - startNanos > firstByteWait(estimate);
        long flowing = nowNanos - firstByteNanos;
        if (flowing < trickleAfter.toNanos()) return false;
        double rate = bytes * 1e9 / flowing;
        return rate < trickleFraction * estimate.bytesPerSecond();
    }

    /**
     * Whether a command queued behind other replies on its connection is late now: only when
     * that connection has waited {@code waitedNanos} for a byte, longer than a first byte may
     * take. A connection that keeps receiving makes no command behind it late, however long the
     * queue: asking again elsewhere would add load, not speed.
     */
    public boolean lateWhileQueued(long waitedNanos, LatencyEstimate.Snapshot estimate) {
        if (!enabled || estimate.samples() < minSamples) return false;
        return waitedNanos > firstByteWait(estimate);
    }

    private long firstByteWait(LatencyEstimate.Snapshot estimate) {
        return Math.max(floor.toNanos(), (long) (factor * estimate.firstByteNanos()));
    }
}
