package io.nzbmount.server.policy;

import java.util.Objects;
import java.util.Optional;

/**
 * What the serve loop does after a read failure.
 *
 * @param action     retry the read, cut over to another source, or end the response
 * @param kind       what the failure was
 * @param reason     a plain sentence for the timeline and the UI
 * @param waitMillis for {@link Action#RETRY}: how long to wait before reading again; 0 otherwise
 * @param cause      for {@link Action#CLOSE}: why, as a type; empty otherwise
 */
public record Decision(Action action, FailureKind kind, String reason, long waitMillis, Optional<CloseCause> cause) {

    /** The three answers of {@link FailurePolicy}. */
    public enum Action {
        /** Wait {@link Decision#waitMillis()} and read the same offset from the same source again. */
        RETRY,
        /** Cut over: find an eligible source that proves the current range, then report it with {@link FailurePolicy#onCutover}. */
        SWITCH,
        /** End the response cleanly (short of its length, never padded). */
        CLOSE
    }

    public Decision {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(reason, "reason");
        if (waitMillis < 0 || (action != Action.RETRY && waitMillis != 0)) {
            throw new IllegalArgumentException("only a retry waits, and never a negative time: " + waitMillis);
        }
        Objects.requireNonNull(cause, "cause");
        if (cause.isPresent() != (action == Action.CLOSE)) {
            throw new IllegalArgumentException("a close, and only a close, has a cause: " + action);
        }
    }

    static Decision retry(FailureKind kind, String reason, long waitMillis) {
        return new Decision(Action.RETRY, kind, reason, waitMillis, Optional.empty());
    }

    static Decision cutOver(FailureKind kind, String reason) {
        return new Decision(Action.SWITCH, kind, reason, 0, Optional.empty());
    }

    static Decision close(FailureKind kind, CloseCause cause, String reason) {
        return new Decision(Action.CLOSE, kind, reason, 0, Optional.of(cause));
    }
}
