package io.nzbmount.server.cutover;

import io.nzbmount.server.policy.CloseCause;
import java.time.Instant;
import java.util.Objects;

/**
 * Why an item cannot be played now: its last stream was ended by the failure policy (a player
 * that left is no problem). Lasts until a later read of the item delivers bytes.
 *
 * @param message what the UI shows: {@link CloseCause#message()}, so
 *                {@link io.nzbmount.server.policy.FailurePolicy#NO_STABLE_SOURCE} only when no
 *                source could serve the bytes
 * @param since   when the stream ended
 * @param reason  why, in the words of the timeline's {@code stream-closed} event
 * @param kind    why, as a type
 */
public record Problem(String message, Instant since, String reason, CloseCause kind) {
    public Problem {
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(kind, "kind");
    }

    /** The problem a close of this kind leaves, now. */
    public static Problem of(CloseCause kind, Instant since, String reason) {
        return new Problem(kind.message(), since, reason, kind);
    }
}
