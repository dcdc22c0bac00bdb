package io.nzbmount.nntp.embedded;

/**
 * Holds bytes back to a rate: each call says how many bytes are about to go out and sleeps until
 * the rate allows them. No credit builds up while nothing is sent, so a connection that was idle
 * does not burst. Used by the embedded server for its per-connection rate cap; tests that shape
 * other links (a forwarder in front of a real server) may use it too.
 *
 * <p>Not thread-safe: one instance per connection and direction, used by the thread that writes.
 */
public final class Pacer {

    private long nextNanos = System.nanoTime();

    /**
     * Waits until {@code bytes} more bytes may be sent at {@code bytesPerSecond}; returns at once
     * when the rate is 0 or less (no cap).
     */
    public void pace(int bytes, long bytesPerSecond) throws InterruptedException {
        long now = System.nanoTime();
        if (bytesPerSecond <= 0) {
            nextNanos = now;
            return;
        }
        if (nextNanos < now) nextNanos = now;
        long waitNanos = nextNanos - now;
        nextNanos += bytes * 1_000_000_000L / bytesPerSecond;
        if (waitNanos > 0) Thread.sleep(waitNanos / 1_000_000, (int) (waitNanos % 1_000_000));
    }

    /**
     * The piece size to send between two {@link #pace} calls at this rate: about 1/100 s of data,
     * so the rate holds at a fine grain, between 512 bytes and {@code max}.
     */
    public static int chunk(long bytesPerSecond, int max) {
        if (bytesPerSecond <= 0) return max;
        return Math.clamp(bytesPerSecond / 100, 512, max);
    }
}
