package io.nzbmount.nntp.internal.fetch;

import java.time.Duration;

/** Waits between retries; injectable so tests do not wait for real backoff. */
@FunctionalInterface
public interface Sleeper {

    Sleeper SYSTEM = d -> Thread.sleep(d.toMillis(), (int) (d.toNanos() % 1_000_000));

    /** Waits {@code duration}; interruptible. */
    void sleep(Duration duration) throws InterruptedException;
}
