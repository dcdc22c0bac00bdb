package io.nzbmount.server;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * Waits for a condition that the server's own threads bring about. A fixed sleep is either too
 * short on a busy machine or wastes time on an idle one; this polls until the condition holds and
 * fails at a deadline generous enough that only a real failure reaches it.
 */
public final class Await {
    private static final long POLL_MILLIS = 20;

    private Await() {}

    /** A look at the state waited for; may ask the server over HTTP, so it may throw. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** A look that finds the thing waited for, or null while it is not there yet. */
    @FunctionalInterface
    public interface Probe<T> {
        T find() throws Exception;
    }

    /** Returns once {@code condition} holds; fails naming {@code whatWasExpected} at the deadline. */
    public static void until(Duration timeout, Condition condition, Supplier<String> whatWasExpected) throws Exception {
        value(timeout, () -> condition.holds() ? Boolean.TRUE : null, whatWasExpected);
    }

    /** The first non-null answer of {@code probe}; fails naming {@code whatWasExpected} at the deadline. */
    public static <T> T value(Duration timeout, Probe<T> probe, Supplier<String> whatWasExpected) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            T found = probe.find();
            if (found != null) return found;
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("not within " + timeout.toSeconds() + " s: " + whatWasExpected.get());
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
