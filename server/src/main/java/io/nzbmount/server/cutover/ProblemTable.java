package io.nzbmount.server.cutover;

import io.nzbmount.server.policy.CloseCause;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.ItemProblems;
import io.nzbmount.server.store.StoreException;
import java.util.Optional;

/**
 * The persisted problems of items ({@link ItemProblems}, with their typed {@code kind}), so
 * "No stable source is available right now." (or another cause) survives a restart until playback of the item recovers or the user acts. A problem
 * stands while the item keeps the primary it had when the problem was set and no source was
 * added since: a primary the user chose, or a release a new search (or the user) added, is a new
 * chance, so the problem then goes. Thread-safe (the database serialises).
 */
final class ProblemTable {
    private final Database db;

    ProblemTable(Database db) {
        this.db = db;
    }

    /** Sets the item's problem, replacing any earlier one; remembers the item's primary now. */
    void put(long itemId, Problem problem) throws StoreException {
        ItemProblems.Row row = new ItemProblems.Row(
                problem.message(),
                problem.reason(),
                problem.since(),
                problem.kind().word());
        db.transaction(c -> {
            ItemProblems.put(c, itemId, row);
            return null;
        });
    }

    /** The item's problem if it still stands; one that no longer does is deleted. */
    Optional<Problem> current(long itemId) throws StoreException {
        return db.transaction(c -> ItemProblems.current(c, itemId))
                .map(r -> new Problem(r.message(), r.since(), r.reason(), CloseCause.ofWord(r.kind())));
    }

    /** Forgets the item's problem; true when there was one. */
    boolean clear(long itemId) throws StoreException {
        return db.transaction(c -> ItemProblems.clear(c, itemId));
    }
}
