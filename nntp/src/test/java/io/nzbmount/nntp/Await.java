package io.nzbmount.nntp;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a condition that other threads bring about. A fixed sleep is either too short on a
 * busy machine or wastes time on an idle one; this polls until the condition holds and fails at a
 * deadline generous enough that only a real failure reaches it.
 */
public final class Await {
    private static final long POLL_MILLIS = 10;

    private Await() {}

    /** Returns once {@code condition} holds; fails naming {@code whatWasExpected} at the deadline. */
    public static void until(Duration timeout, BooleanSupplier condition, Supplier<String> whatWasExpected)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeout.toSeconds() + " s: " + whatWasExpected.get());
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
