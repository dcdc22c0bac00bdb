package io.nzbmount.nntp.internal.fetch;

/**
 * A provider's running first-byte latency and throughput: exponentially weighted means of the
 * articles it served, each new article weighing {@value #WEIGHT}. An article whose reply waited
 * for another one's on its connection (pipelining) says nothing of the first byte: it counts for
 * the throughput only. Thread-safe.
 */
final class LatencyEstimate {

    static final double WEIGHT = 0.2;

    /** The estimate at one moment. */
    record Snapshot(int samples, double firstByteNanos, double bytesPerSecond) {}

    private int samples;
    private int firstByteSamples;
    private double firstByteNanos;
    private double bytesPerSecond;

    /**
     * One article served: its first byte came {@code firstByteNanos} after the command (negative:
     * not known), and {@code bytes} arrived over {@code bodyNanos} after that.
     */
    synchronized void observe(long firstByteNanos, long bytes, long bodyNanos) {
        double rate = bodyNanos > 0 ? bytes * 1e9 / bodyNanos : bytesPerSecond;
        this.bytesPerSecond = samples == 0 ? rate : this.bytesPerSecond + WEIGHT * (rate - this.bytesPerSecond);
        if (samples < Integer.MAX_VALUE) samples++;
        if (firstByteNanos < 0) return;
        this.firstByteNanos = firstByteSamples == 0
                ? firstByteNanos
                : this.firstByteNanos + WEIGHT * (firstByteNanos - this.firstByteNanos);
        if (firstByteSamples < Integer.MAX_VALUE) firstByteSamples++;
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(samples, firstByteNanos, bytesPerSecond);
    }
}
