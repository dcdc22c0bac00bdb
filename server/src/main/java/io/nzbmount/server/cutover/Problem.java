package io.nzbmount.server.cutover;

import java.time.Instant;
import java.util.Objects;

/**
 * Why an item cannot be played now: its last stream ended because no source could serve the
 * bytes. Lasts until a later read of the item delivers bytes.
 *
 * @param message what the UI shows, {@link io.nzbmount.server.fallback.FailurePolicy#NO_STABLE_SOURCE}
 * @param since   when the stream ended
 * @param reason  why, in the words of the timeline's {@code stream-closed} event
 */
public record Problem(String message, Instant since, String reason) {
    public Problem {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(reason, "reason");
    }
}
