package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@code item_problems} table on a caller's connection: at most one problem per item, kept
 * with the item's primary when it was set. A problem stands while the item keeps that primary and
 * no source was added since; {@link #current} deletes one that no longer does. Stateless.
 */
public final class ItemProblems {

    private ItemProblems() {}

    /**
     * One stored problem.
     *
     * @param message what the user is told
     * @param reason  why, in words for the user
     * @param since   when it was set
     * @param kind    the word of its typed kind
     */
    public record Row(String message, String reason, Instant since, String kind) {
        public Row {
            Objects.requireNonNull(message, "message");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(since, "since");
            Objects.requireNonNull(kind, "kind");
        }
    }

    /** Sets the item's problem, replacing any earlier one, with the item's primary now; nothing for no such item. */
    public static void put(Connection c, long itemId, Row problem) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT OR REPLACE INTO item_problems (item_id, message, reason, since, source_id, kind)
                SELECT id, ?, ?, ?, COALESCE(primary_source, -1), ? FROM items WHERE id = ?""")) {
            s.setString(1, problem.message());
            s.setString(2, problem.reason());
            s.setLong(3, problem.since().toEpochMilli());
            s.setString(4, problem.kind());
            s.setLong(5, itemId);
            s.executeUpdate();
        }
    }

    /** The item's problem if it still stands; one that no longer does is deleted. */
    public static Optional<Row> current(Connection c, long itemId) throws SQLException {
        Row found = null;
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
                    found = new Row(
                            rs.getString(1), rs.getString(3), Instant.ofEpochMilli(rs.getLong(2)), rs.getString(5));
                    stands = rs.getInt(4) == 1;
                }
            }
        }
        if (found == null) return Optional.empty();
        if (!stands) {
            clear(c, itemId);
            return Optional.empty();
        }
        return Optional.of(found);
    }

    /** Forgets the item's problem; true when there was one. */
    public static boolean clear(Connection c, long itemId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM item_problems WHERE item_id = ?")) {
            s.setLong(1, itemId);
            return s.executeUpdate() > 0;
        }
    }
}
