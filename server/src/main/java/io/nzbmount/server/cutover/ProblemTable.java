package io.nzbmount.server.cutover;

import io.nzbmount.server.policy.CloseCause;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StoreException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.Optional;

/**
 * The persisted problems of items (table {@code item_problems}, with their typed {@code kind}), so
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
        db.transaction(c -> {
            try (PreparedStatement s = c.prepareStatement("""
                    INSERT OR REPLACE INTO item_problems (item_id, message, reason, since, source_id, kind)
                    SELECT id, ?, ?, ?, COALESCE(primary_source, -1), ? FROM items WHERE id = ?""")) {
                s.setString(1, problem.message());
                s.setString(2, problem.reason());
                s.setLong(3, problem.since().toEpochMilli());
                s.setString(4, problem.kind().word());
                s.setLong(5, itemId);
                s.executeUpdate();
            }
            return null;
        });
    }

    /** The item's problem if it still stands; one that no longer does is deleted. */
    Optional<Problem> current(long itemId) throws StoreException {
        return db.transaction(c -> {
            Problem found = null;
            boolean stands = false;
            try (PreparedStatement s = c.prepareStatement("""
                    SELECT p.message, p.since, p.reason,
                           i.primary_source IS p.source_id
                           AND NOT EXISTS (SELECT 1 FROM sources s WHERE s.item_id = p.item_id AND s.added_at > p.since),
                           p.kind
                    FROM item_problems p JOIN items i ON i.id = p.item_id WHERE p.item_id = ?""")) {
                s.setLong(1, itemId);
                try (ResultSet rs = s.executeQuery()) {
                    if (rs.next()) {
                        found = new Problem(rs.getString(1), Instant.ofEpochMilli(rs.getLong(2)), rs.getString(3),
                                CloseCause.ofWord(rs.getString(5)));
                        stands = rs.getInt(4) == 1;
                    }
                }
            }
            if (found == null) return Optional.<Problem>empty();
            if (!stands) {
                delete(c, itemId);
                return Optional.<Problem>empty();
            }
            return Optional.of(found);
        });
    }

    /** Forgets the item's problem; true when there was one. */
    boolean clear(long itemId) throws StoreException {
        return db.transaction(c -> delete(c, itemId));
    }

    private static boolean delete(java.sql.Connection c, long itemId) throws java.sql.SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM item_problems WHERE item_id = ?")) {
            s.setLong(1, itemId);
            return s.executeUpdate() > 0;
        }
    }
}
