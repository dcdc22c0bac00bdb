package io.nzbmount.config;

import java.time.Duration;

/**
 * Automatic cutover to standby releases.
 *
 * @param enabled            whether a failing stream may switch to a standby release
 * @param maxStandby         how many standby releases to prepare per item, 0..{@value #MAX_STANDBY}
 * @param submitDelaySeconds how long an item must have been playing before standbys are prepared
 */
public record FallbackSettings(boolean enabled, int maxStandby, int submitDelaySeconds) {
    /** The hard ceiling of the standby pool; more is refused, not clamped. */
    public static final int MAX_STANDBY = 5;

    public static final int DEFAULT_SUBMIT_DELAY_SECONDS = 120;

    public static FallbackSettings defaults() {
        return new FallbackSettings(true, MAX_STANDBY, DEFAULT_SUBMIT_DELAY_SECONDS);
    }

    public Duration submitDelay() {
        return Duration.ofSeconds(submitDelaySeconds);
    }
}
