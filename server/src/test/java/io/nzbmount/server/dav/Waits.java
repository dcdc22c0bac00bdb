package io.nzbmount.server.dav;

import java.util.function.BooleanSupplier;

/** Polls a condition the server reaches on its own threads. */
final class Waits {
    private Waits() {}

    static void until(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(10);
        }
    }
}
