package io.nzbmount.nntp.internal.pool;

import java.time.Duration;
import java.util.Objects;

/**
 * Connection and pool timings of one provider. Immutable.
 *
 * @param connectTimeout the longest a TCP connect may take
 * @param readTimeout    the longest a read may go without a byte before it is a timeout
 * @param idleTimeout    an idle connection older than this is closed (providers drop idle
 *                       connections themselves, and a dead one costs a failed fetch)
 * @param coolDownFirst  how long a provider is skipped after it rejected the login or refused
 *                       more connections
 * @param coolDownMax    the cool-down doubles with each rejection in a row, up to this
 */
public record PoolSettings(Duration connectTimeout, Duration readTimeout, Duration idleTimeout,
                           Duration coolDownFirst, Duration coolDownMax) {
    public PoolSettings {
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
        Objects.requireNonNull(coolDownFirst, "coolDownFirst");
        Objects.requireNonNull(coolDownMax, "coolDownMax");
        if (coolDownMax.compareTo(coolDownFirst) < 0) throw new IllegalArgumentException("coolDownMax < coolDownFirst");
    }

    /** Connect 10 s, read 20 s, idle 60 s, cool-down 30 s doubling up to 5 min. */
    public static PoolSettings defaults() {
        return new PoolSettings(Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(60),
                Duration.ofSeconds(30), Duration.ofMinutes(5));
    }

    public PoolSettings withReadTimeout(Duration d) {
        return new PoolSettings(connectTimeout, d, idleTimeout, coolDownFirst, coolDownMax);
    }
}
