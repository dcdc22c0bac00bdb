package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code source_holes} table on a caller's connection: the byte ranges each source is known
 * to lack, written when a permanent failure of a stream's read proves a source lacks a range. A
 * hole already known at the same start is widened, never duplicated. Stateless.
 */
public final class KnownHoles {

    private KnownHoles() {}

    /**
     * One known hole.
     *
     * @param sourceId  the source that lacks the bytes
     * @param fileIndex the file's position in that source's NZB
     * @param start     the first missing byte
     * @param end       the byte after the last missing one
     */
    public record Row(long sourceId, int fileIndex, long start, long end) {}

    /**
     * Remembers that {@code sourceId} lacks the bytes {@code start} (inclusive) to {@code end}
     * (exclusive) of its file {@code fileIndex}; {@code reason} says how that was found. Nothing is
     * stored for a source that does not exist.
     */
    public static void add(
            Connection c, long sourceId, int fileIndex, long start, long end, Instant found, String reason)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO source_holes (source_id, file_idx, start_offset, end_offset, found_at, reason)
                SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM sources WHERE id = ?)
                ON CONFLICT (source_id, file_idx, start_offset)
                DO UPDATE SET end_offset = MAX(end_offset, excluded.end_offset),
                repaired_at = CASE WHEN excluded.end_offset > end_offset THEN NULL ELSE repaired_at END""")) {
            s.setLong(1, sourceId);
            s.setInt(2, fileIndex);
            s.setLong(3, start);
            s.setLong(4, end);
            s.setLong(5, found.toEpochMilli());
            s.setString(6, reason);
            s.setLong(7, sourceId);
            s.executeUpdate();
        }
    }

    /** The known holes of one source that no repair has rebuilt, by file and start. */
    public static List<Row> ofSource(Connection c, long sourceId) throws SQLException {
        return ofSource(c, sourceId, false);
    }

    /** The known holes of one source that a repair rebuilt (served from the repair store now), by file and start. */
    public static List<Row> repairedOfSource(Connection c, long sourceId) throws SQLException {
        return ofSource(c, sourceId, true);
    }

    private static List<Row> ofSource(Connection c, long sourceId, boolean repaired) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("""
                SELECT source_id, file_idx, start_offset, end_offset FROM source_holes WHERE source_id = ?
                AND repaired_at\s""" + (repaired ? "IS NOT NULL" : "IS NULL") + " ORDER BY file_idx, start_offset")) {
            s.setLong(1, sourceId);
            return rows(s);
        }
    }

    /** Every known hole of every source of {@code itemId} that no repair has rebuilt, by source, file and start. */
    public static List<Row> ofItem(Connection c, long itemId) throws SQLException {
        return ofItem(c, itemId, false);
    }

    /** The known holes of every source of {@code itemId} that a repair rebuilt, by source, file and start. */
    public static List<Row> repairedOfItem(Connection c, long itemId) throws SQLException {
        return ofItem(c, itemId, true);
    }

    private static List<Row> ofItem(Connection c, long itemId, boolean repaired) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                """
                SELECT h.source_id, h.file_idx, h.start_offset, h.end_offset FROM source_holes h
                JOIN sources s ON s.id = h.source_id WHERE s.item_id = ? AND h.repaired_at\s""" + (repaired ? "IS NOT NULL" : "IS NULL") + " ORDER BY h.source_id, h.file_idx, h.start_offset")) {
            s.setLong(1, itemId);
            return rows(s);
        }
    }

    private static List<Row> rows(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            List<Row> rows = new ArrayList<>();
            while (rs.next()) rows.add(new Row(rs.getLong(1), rs.getInt(2), rs.getLong(3), rs.getLong(4)));
            return rows;
        }
    }
}
