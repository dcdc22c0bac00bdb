package io.nzbmount.nntp.internal.fetch;

/**
 * A provider's running first-byte latency and throughput: exponentially weighted means of the
 * articles it served, each new article weighing {@value #WEIGHT}. Thread-safe.
 */
final class LatencyEstimate {

    static final double WEIGHT = 0.2;

    /** The estimate at one moment. */
    record Snapshot(int samples, double firstByteNanos, double bytesPerSecond) { }

    private int samples;
    private double firstByteNanos;
    private double bytesPerSecond;

    /**
     * One article served: its first byte came {@code firstByteNanos} after the command, and
     * {@code bytes} arrived over {@code bodyNanos} after that.
     */
    synchronized void observe(long firstByteNanos, long bytes, long bodyNanos) {
        double rate = bodyNanos > 0 ? bytes * 1e9 / bodyNanos : bytesPerSecond;
        if (samples == 0) {
            this.firstByteNanos = firstByteNanos;
            this.bytesPerSecond = rate;
        } else {
            this.firstByteNanos += WEIGHT * (firstByteNanos - this.firstByteNanos);
            this.bytesPerSecond += WEIGHT * (rate - this.bytesPerSecond);
        }
        if (samples < Integer.MAX_VALUE) samples++;
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(samples, firstByteNanos, bytesPerSecond);
    }
}
