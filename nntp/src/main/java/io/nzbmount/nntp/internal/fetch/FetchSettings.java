package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.internal.pool.PoolSettings;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How article fetches retry and how long they may take. Immutable.
 *
 * @param retryBackoff  the pauses before the 1st, 2nd, ... retry of providers that failed
 *                      transiently (timeout, reset, refused, service error); after the last one
 *                      the fetch fails as unavailable. Each retry uses a fresh connection.
 * @param budget        the most time one fetch may take before it fails as unavailable: no retry
 *                      starts that could not see a first byte within it, and every read ends
 *                      when it is spent. Every provider is still asked once.
 * @param stallDemotion after a read of a provider timed out, that provider is asked after all
 *                      the others for this long
 * @param pool          the connection timings of every provider
 * @param hedge         when a foreground article fetch is late enough to be asked again in parallel
 */
public record FetchSettings(
        List<Duration> retryBackoff, Duration budget, Duration stallDemotion, PoolSettings pool, HedgeRule hedge) {
    public FetchSettings {
        Objects.requireNonNull(hedge, "hedge");
        retryBackoff = List.copyOf(retryBackoff);
        Objects.requireNonNull(pool, "pool");
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(stallDemotion, "stallDemotion");
        for (Duration d : retryBackoff) {
            if (d.isNegative()) throw new IllegalArgumentException("negative backoff: " + d);
        }
        if (budget.isNegative() || budget.isZero())
            throw new IllegalArgumentException("budget must be positive: " + budget);
        if (stallDemotion.isNegative()) throw new IllegalArgumentException("negative stallDemotion: " + stallDemotion);
    }

    /** With the default hedged reads. */
    public FetchSettings(List<Duration> retryBackoff, Duration budget, Duration stallDemotion, PoolSettings pool) {
        this(retryBackoff, budget, stallDemotion, pool, HedgeRule.DEFAULT);
    }

    /** These settings with another hedge rule. */
    public FetchSettings withHedge(HedgeRule rule) {
        return new FetchSettings(retryBackoff, budget, stallDemotion, pool, rule);
    }

    /** With the default budget (5 s), stall demotion (30 s) and hedged reads. */
    public FetchSettings(List<Duration> retryBackoff, PoolSettings pool) {
        this(retryBackoff, DEFAULT_BUDGET, DEFAULT_STALL_DEMOTION, pool);
    }

    /** The default {@link #budget()}: a stall becomes a transient failure the cutover policy can act on within 5 s. */
    public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(5);
    /** The default {@link #stallDemotion()}. */
    public static final Duration DEFAULT_STALL_DEMOTION = Duration.ofSeconds(30);

    /** Retries after 500 ms, 1.5 s and 3 s within 5 s; {@link PoolSettings#defaults()}. */
    public static FetchSettings defaults() {
        return new FetchSettings(
                List.of(Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ofSeconds(3)),
                PoolSettings.defaults());
    }
}
