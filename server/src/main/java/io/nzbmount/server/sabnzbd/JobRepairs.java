package io.nzbmount.server.sabnzbd;

import java.util.Optional;

/**
 * The PAR2 repair of the release a completed job made, as the history shows it: {@code Repairing}
 * while it runs, {@code Failed} with the reason when it cannot finish. Implementations are
 * thread-safe and cheap (a database read).
 */
@FunctionalInterface
public interface JobRepairs {
    /** No repairs: every completed job stays {@code Completed}. */
    JobRepairs NONE = itemId -> Optional.empty();

    /** The repair of the item's primary source; empty when it has none (or it is done). */
    Optional<Repair> of(long itemId);

    /**
     * @param running true while it is queued or running
     * @param failure why it cannot finish (e.g. "needs 4 recovery slices, 3 can be read"); empty otherwise
     */
    record Repair(boolean running, Optional<String> failure) {}
}
