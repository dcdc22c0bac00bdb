package io.nzbmount.server.observe;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Bytes per second over the last few whole seconds, counted in one-second buckets.
 *
 * <p>One thread adds ({@link #add}); any thread may read ({@link #perSecond}). Adding is two or
 * three plain array writes, no lock. A reader racing a bucket's turnover may see that second a
 * little off: the figure is for status pages, not accounting.
 */
final class Throughput {

    /** Whole seconds averaged over. */
    static final int WINDOW_SECONDS = 5;

    private static final int BUCKETS = 8;

    private final AtomicLongArray seconds = new AtomicLongArray(BUCKETS);
    private final AtomicLongArray bytes = new AtomicLongArray(BUCKETS);

    Throughput() {
        for (int i = 0; i < BUCKETS; i++) seconds.set(i, -1);
    }

    void add(long n, long nowMillis) {
        long second = nowMillis / 1000;
        int i = (int) (second % BUCKETS);
        if (seconds.get(i) == second) {
            bytes.set(i, bytes.get(i) + n);
        } else {
            bytes.set(i, n);
            seconds.set(i, second);
        }
    }

    /**
     * The average over the {@value #WINDOW_SECONDS} whole seconds before the current one; for a
     * stream younger than that, its bytes so far over its age.
     */
    long perSecond(long nowMillis, long startedMillis, long totalBytes) {
        long age = nowMillis - startedMillis;
        if (age < WINDOW_SECONDS * 1000L) return age <= 0 ? 0 : totalBytes * 1000 / age;
        long current = nowMillis / 1000;
        long sum = 0;
        for (long s = current - WINDOW_SECONDS; s < current; s++) {
            int i = (int) (s % BUCKETS);
            if (seconds.get(i) == s) sum += bytes.get(i);
        }
        return sum / WINDOW_SECONDS;
    }
}
