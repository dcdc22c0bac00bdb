package io.nzbmount.nntp.internal.fetch;

import java.time.Duration;
import java.util.Objects;

/**
 * When an article fetch is late enough to be asked again in parallel (a hedged read). Pure:
 * every time is passed in. Immutable.
 *
 * <p>A fetch is late:
 * <ul>
 * <li>while it waits for a place on a connection, after {@code floor};</li>
 * <li>once its command is on a connection and no byte of its reply has come, when that
 *     connection has waited for a byte longer than {@code factor} times the provider's running
 *     first-byte estimate (and at least {@code silence}): a reply queued behind others on a
 *     connection that keeps receiving is never late, however long the queue, since asking again
 *     elsewhere would add load, not speed;</li>
 * <li>once bytes flow, when it has been receiving for at least {@code trickleAfter} at less than
 *     {@code trickleFraction} of the provider's running throughput.</li>
 * </ul>
 * Without an estimate (fewer than {@code minSamples} articles served) a fetch is never late: the
 * read deadlines still apply.
 *
 * @param enabled         off: no fetch is ever asked twice
 * @param factor          how many times the usual first-byte latency counts as late
 * @param floor           how long a fetch may wait for a place on a connection before it is late
 * @param silence         never late for a connection's silence shorter than this, however fast
 *                        the provider usually is
 * @param trickleAfter    how long a body must have been arriving before its rate is judged
 * @param trickleFraction a body arriving slower than this share of the usual rate trickles
 * @param minSamples      articles a provider must have served before its estimate counts
 */
public record HedgeRule(
        boolean enabled,
        double factor,
        Duration floor,
        Duration silence,
        Duration trickleAfter,
        double trickleFraction,
        int minSamples) {

    /**
     * Late after 1 s without a place, or when the connection has been silent for four times the
     * usual first byte and at least 500 ms; a body judged after 500 ms, late below a quarter of
     * the usual rate; an estimate after 3 articles. See docs/configuration.md.
     */
    public static final HedgeRule DEFAULT =
            new HedgeRule(true, 4.0, Duration.ofSeconds(1), Duration.ofMillis(500), Duration.ofMillis(500), 0.25, 3);

    public HedgeRule {
        Objects.requireNonNull(floor, "floor");
        Objects.requireNonNull(silence, "silence");
        Objects.requireNonNull(trickleAfter, "trickleAfter");
        if (factor < 1) throw new IllegalArgumentException("factor must be >= 1: " + factor);
        if (trickleFraction <= 0 || trickleFraction >= 1) {
            throw new IllegalArgumentException("trickleFraction must be between 0 and 1: " + trickleFraction);
        }
        if (minSamples < 1) throw new IllegalArgumentException("minSamples must be >= 1: " + minSamples);
    }

    /**
     * Whether a fetch that waits for a place on a connection since {@code startNanos} is late at
     * {@code nowNanos}.
     */
    public boolean lateForAPlace(long startNanos, long nowNanos, LatencyEstimate.Snapshot estimate) {
        return counts(estimate) && nowNanos - startNanos > floor.toNanos();
    }

    /**
     * Whether a fetch whose command is on a connection, and of whose reply no byte has come, is
     * late: that connection has waited {@code waitedNanos} for a byte (of this reply, or of the
     * one before it there).
     */
    public boolean lateWaiting(long waitedNanos, LatencyEstimate.Snapshot estimate) {
        return counts(estimate)
                && waitedNanos > Math.max(silence.toNanos(), (long) (factor * estimate.firstByteNanos()));
    }

    /**
     * Whether a body that began to arrive at {@code firstByteNanos} and has brought {@code bytes}
     * so far trickles at {@code nowNanos}.
     */
    public boolean trickles(long firstByteNanos, long nowNanos, long bytes, LatencyEstimate.Snapshot estimate) {
        if (!counts(estimate)) return false;
        long flowing = nowNanos - firstByteNanos;
        if (flowing < trickleAfter.toNanos()) return false;
        double rate = bytes * 1e9 / flowing;
        return rate < trickleFraction * estimate.bytesPerSecond();
    }

    private boolean counts(LatencyEstimate.Snapshot estimate) {
        return enabled && estimate.samples() >= minSamples;
    }
}
