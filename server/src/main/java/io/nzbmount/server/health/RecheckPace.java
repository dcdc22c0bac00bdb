package io.nzbmount.server.health;

import java.time.Duration;
import java.time.Instant;

/**
 * The rate limit of re-checks: a re-check of N articles that started at {@code t} lets the next
 * one start at {@code t + N / rate} seconds, so re-checks over all releases ask at most
 * {@code rate} articles a second on average, however many releases there are. Pure: the times
 * are given. Not thread-safe (the scheduler's one thread).
 */
final class RecheckPace {
    private final int articlesPerSecond;
    private Instant next = Instant.MIN;

    RecheckPace(int articlesPerSecond) {
        if (articlesPerSecond < 1) throw new IllegalArgumentException("articlesPerSecond must be >= 1");
        this.articlesPerSecond = articlesPerSecond;
    }

    /** Whether a re-check may start at {@code now}. */
    boolean mayStart(Instant now) {
        return !now.isBefore(next);
    }

    /** A re-check that started at {@code started} asked about {@code articles}. */
    void spent(Instant started, int articles) {
        long millis = Math.ceilDiv(articles * 1000L, articlesPerSecond);
        Instant after = started.plus(Duration.ofMillis(millis));
        if (after.isAfter(next)) next = after;
    }

    /** When the next re-check may start. */
    Instant next() {
        return next;
    }
}
