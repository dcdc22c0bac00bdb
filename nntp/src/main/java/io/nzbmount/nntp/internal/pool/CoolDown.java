package io.nzbmount.nntp.internal.pool;

/**
 * The cool-down series of one provider: each refusal in a row skips the provider twice as long
 * as the one before, from a first period up to a maximum; a successful login starts the series
 * afresh. Times are nanoseconds of the pool's clock. Not thread-safe: the pool guards it.
 */
final class CoolDown {

    private final long firstNanos;
    private final long maxNanos;
    private long nextNanos;
    private boolean active;
    private long endsAt;
    private CoolDownReason reason;
    private long started;

    CoolDown(long firstNanos, long maxNanos) {
        this.firstNanos = firstNanos;
        this.maxNanos = maxNanos;
        this.nextNanos = firstNanos;
    }

    /**
     * Starts a cool-down, unless one is in force: refusals met at once by several connections
     * (opened ahead, or by borrowers side by side) are one refusal, not a series.
     *
     * @return whether a cool-down started
     */
    boolean start(CoolDownReason why, long now) {
        if (activeAt(now)) return false;
        active = true;
        started++;
        reason = why;
        endsAt = now + nextNanos;
        nextNanos = Math.min(nextNanos * 2, maxNanos);
        return true;
    }

    /** True while the provider is skipped; ends the cool-down once its time is up. */
    boolean activeAt(long now) {
        if (active && now - endsAt >= 0) active = false;
        return active;
    }

    /** The reason of the cool-down now in force, or null. */
    CoolDownReason reasonAt(long now) {
        return activeAt(now) ? reason : null;
    }

    long millisLeftAt(long now) {
        return activeAt(now) ? (endsAt - now) / 1_000_000 : 0;
    }

    /** How many cool-downs have started since this series was made. */
    long started() {
        return started;
    }

    void loginSucceeded() {
        nextNanos = firstNanos;
    }
}
