package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the {@code source_holes} table (written by the cutover machinery) on a caller's
 * connection: the byte ranges each source of an item is known to lack. Stateless.
 */
public final class KnownHoles {

    private KnownHoles() {
    }

    /**
     * One known hole.
     *
     * @param sourceId  the source that lacks the bytes
     * @param fileIndex the file's position in that source's NZB
     * @param start     the first missing byte
     * @param end       the byte after the last missing one
     */
    public record Row(long sourceId, int fileIndex, long start, long end) {}

    /** Every known hole of every source of {@code itemId}, by source, file and start. */
    public static List<Row> ofItem(Connection c, long itemId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                SELECT h.source_id, h.file_idx, h.start_offset, h.end_offset FROM source_holes h
                JOIN sources s ON s.id = h.source_id WHERE s.item_id = ?
                ORDER BY h.source_id, h.file_idx, h.start_offset""")) {
            s.setLong(1, itemId);
            try (ResultSet rs = s.executeQuery()) {
                List<Row> rows = new ArrayList<>();
                while (rs.next()) rows.add(new Row(rs.getLong(1), rs.getInt(2), rs.getLong(3), rs.getLong(4)));
                return rows;
            }
        }
    }
}
