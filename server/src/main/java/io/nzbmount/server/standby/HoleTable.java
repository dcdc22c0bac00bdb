package io.nzbmount.server.standby;

import io.nzbmount.server.fallback.Hole;
import io.nzbmount.server.fallback.SourceHoles;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StoreException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The persisted known holes of sources (table {@code source_holes}): written when a permanent
 * failure of a stream's read proves a source lacks a range, read back when an item's {@link SourceHoles} is first built after a start and before
 * every sweep, which places no sample there. A hole already known at the same start is widened,
 * never duplicated. Thread-safe (the database serialises).
 */
public final class HoleTable {
    private final Database db;
    private final Clock clock;

    public HoleTable(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Remembers that {@code sourceId} lacks {@code hole}; {@code reason} says how that was found. */
    public void add(long sourceId, Hole hole, String reason) throws StoreException {
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
    public SourceHoles ofItem(long itemId) throws StoreException {
        return db.transaction(c -> {
            SourceHoles holes = new SourceHoles();
            try (PreparedStatement s = c.prepareStatement("""
                    SELECT h.source_id, h.file_idx, h.start_offset, h.end_offset FROM source_holes h
                    JOIN sources s ON s.id = h.source_id WHERE s.item_id = ?""")) {
                s.setLong(1, itemId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        holes.add(rs.getLong(1), new Hole(rs.getInt(2), rs.getLong(3), rs.getLong(4)));
                    }
                }
            }
            return holes;
        });
    }

    /** The known holes of one source, ordered by file and start. */
    public static List<Hole> ofSource(Database db, long sourceId) throws StoreException {
        return db.transaction(c -> {
            List<Hole> holes = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("""
                    SELECT file_idx, start_offset, end_offset FROM source_holes WHERE source_id = ?
                    ORDER BY file_idx, start_offset""")) {
                s.setLong(1, sourceId);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) holes.add(new Hole(rs.getInt(1), rs.getLong(2), rs.getLong(3)));
                }
            }
            return holes;
        });
    }
}
