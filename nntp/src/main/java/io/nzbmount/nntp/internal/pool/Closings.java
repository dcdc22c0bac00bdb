package io.nzbmount.nntp.internal.pool;

import java.util.ArrayDeque;

/**
 * Connections the pool closed lately, which still count against the provider's limit for
 * {@value #GRACE_MILLIS} ms: the provider learns of a close only when it arrives, and a
 * connection opened at once in its place could meet a provider that still counts the old one
 * (and answers "too many connections", which cools the provider down). Times are
 * {@code System.nanoTime()}. Not thread-safe: the pool's lock guards it.
 */
final class Closings {

    /** How long a closed connection still counts: a round trip to a far provider, with room. */
    static final long GRACE_MILLIS = 200;

    private final ArrayDeque<Long> closedAt = new ArrayDeque<>();

    /** {@code count} connections were closed at {@code now}. */
    void closed(int count, long now) {
        for (int i = 0; i < count; i++) closedAt.addLast(now);
    }

    /** Connections closed less than {@value #GRACE_MILLIS} ms before {@code now}. */
    int countAt(long now) {
        while (!closedAt.isEmpty() && now - closedAt.peekFirst() >= GRACE_MILLIS * 1_000_000L) closedAt.pollFirst();
        return closedAt.size();
    }

    /** Nanoseconds until the oldest of them stops counting; 0 when none counts. */
    long nanosToNextAt(long now) {
        if (countAt(now) == 0) return 0;
        return Math.max(1, closedAt.peekFirst() + GRACE_MILLIS * 1_000_000L - now);
    }
}
