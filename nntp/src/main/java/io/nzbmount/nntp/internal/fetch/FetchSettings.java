package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How article fetches retry. Immutable.
 *
 * @param retryBackoff the pauses before the 1st, 2nd, ... retry of providers that failed
 *                     transiently (timeout, reset, refused, service error); after the last one
 *                     the fetch fails as unavailable. Each retry uses a fresh connection.
 * @param pool         the connection timings of every provider
 */
public record FetchSettings(List<Duration> retryBackoff, PoolSettings pool) {
    public FetchSettings {
        retryBackoff = List.copyOf(retryBackoff);
        Objects.requireNonNull(pool, "pool");
        for (Duration d : retryBackoff) {
            if (d.isNegative()) throw new IllegalArgumentException("negative backoff: " + d);
        }
    }

    /** Retries after 500 ms, 1.5 s and 3 s; {@link PoolSettings#defaults()}. */
    public static FetchSettings defaults() {
        return new FetchSettings(List.of(Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ofSeconds(3)),
                PoolSettings.defaults());
    }
}
