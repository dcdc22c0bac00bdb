package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code health_checks} table on a caller's connection: when each source's articles were last
 * asked about, all of them and a sample. Stateless.
 */
public final class HealthChecks {

    private HealthChecks() {}

    /**
     * A source the health check looks after, with when it was last checked.
     *
     * @param sourceId the source
     * @param itemId   its item
     * @param added    when it was stored
     * @param fullAt   when all its articles were last checked; empty: never (its check after import is due)
     * @param sampleAt when a sample (or all) of its articles was last checked; empty: never
     */
    public record Row(
            long sourceId, long itemId, Instant added, Optional<Instant> fullAt, Optional<Instant> sampleAt) {}

    /** Every source that is not dead, the oldest first. */
    public static List<Row> sources(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                SELECT s.id, s.item_id, s.added_at, h.full_at, h.sample_at FROM sources s
                LEFT JOIN health_checks h ON h.source_id = s.id
                WHERE s.state <> 'dead' ORDER BY s.id""");
                ResultSet rs = s.executeQuery()) {
            List<Row> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new Row(
                        rs.getLong(1),
                        rs.getLong(2),
                        Instant.ofEpochMilli(rs.getLong(3)),
                        instant(rs, 4),
                        instant(rs, 5)));
            }
            return rows;
        }
    }

    /** All of the source's articles were checked at {@code at} (which is a sample too). */
    public static void fullDone(Connection c, long sourceId, Instant at) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO health_checks (source_id, full_at, sample_at)
                SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM sources WHERE id = ?)
                ON CONFLICT (source_id) DO UPDATE SET full_at = excluded.full_at, sample_at = excluded.sample_at""")) {
            s.setLong(1, sourceId);
            s.setLong(2, at.toEpochMilli());
            s.setLong(3, at.toEpochMilli());
            s.setLong(4, sourceId);
            s.executeUpdate();
        }
    }

    /** A sample of the source's articles was checked at {@code at}; nothing for a source never fully checked. */
    public static void sampleDone(Connection c, long sourceId, Instant at) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("UPDATE health_checks SET sample_at = ? WHERE source_id = ?")) {
            s.setLong(1, at.toEpochMilli());
            s.setLong(2, sourceId);
            s.executeUpdate();
        }
    }

    private static Optional<Instant> instant(ResultSet rs, int column) throws SQLException {
        long millis = rs.getLong(column);
        return rs.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
    }
}
