package io.nzbmount.server.cutover;

import io.nzbmount.server.fallback.Hole;
import io.nzbmount.server.fallback.SourceHoles;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StoreException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;

/**
 * The persisted known holes of sources (table {@code source_holes}): written when a permanent
 * failure proves a source lacks a range, read back when an item's {@link SourceHoles} is first
 * built after a start. A hole already known at the same start is widened, never duplicated.
 * Thread-safe (the database serialises).
 */
final class HoleTable {
    private final Database db;
    private final Clock clock;

    HoleTable(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Remembers that {@code sourceId} lacks {@code hole}; {@code reason} says how that was found. */
    void add(long sourceId, Hole hole, String reason) throws StoreException {
        db.transaction(c -> {
            try (PreparedStatement s = c.prepareStatement("""
                    INSERT INTO source_holes (source_id, file_idx, start_offset, end_offset, found_at, reason)
                    SELECT ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM sources WHERE id = ?)
                    ON CONFLICT (source_id, file_idx, start_offset)
                    DO UPDATE SET end_offset = MAX(end_offset, excluded.end_offset)""")) {
                s.setLong(1, sourceId);
                s.setInt(2, hole.fileIndex());
                s.setLong(3, hole.start());
                s.setLong(4, hole.end());
                s.setLong(5, clock.millis());
                s.setString(6, reason);
                s.setLong(7, sourceId);
                s.executeUpdate();
            }
            return null;
        });
    }

    /** The known holes of every source of {@code itemId}, keyed by source id as text. */
    SourceHoles ofItem(long itemId) throws StoreException {
        return db.transaction(c -> {
            SourceHoles holes = new SourceHoles();
            try (PreparedStatement s = c.prepareStatement("""
                    SELECT h.source_id, h.file_idx, h.start_offset, h.end_offset FROM source_holes h
                    JOIN sources s ON s.id = h.source_id WHERE s.item_id = ?""")) {
                s.setLong(1, itemId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        holes.add(String.valueOf(rs.getLong(1)), new Hole(rs.getInt(2), rs.getLong(3), rs.getLong(4)));
                    }
                }
            }
            return holes;
        });
    }
}
