package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The refusals table, on a caller's connection (see {@link Items}). Stateless. */
public final class Refusals {

    private Refusals() {}

    /** Stores what a source holds that cannot be served, in the given order. */
    public static void insertAll(Connection c, long sourceId, List<RefusalRecord> refusals) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO refusals(source_id, position, name, reason, message) VALUES (?, ?, ?, ?, ?)")) {
            for (int i = 0; i < refusals.size(); i++) {
                RefusalRecord r = refusals.get(i);
                p.setLong(1, sourceId);
                p.setInt(2, i);
                p.setString(3, r.name());
                p.setString(4, r.reason());
                p.setString(5, r.message());
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** One more refusal of a source, after those it has. */
    public static void add(Connection c, long sourceId, RefusalRecord refusal) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("INSERT INTO refusals(source_id, position, name, reason, message)"
                + " SELECT ?, COALESCE(MAX(position) + 1, 0), ?, ?, ? FROM refusals WHERE source_id = ?")) {
            p.setLong(1, sourceId);
            p.setString(2, refusal.name());
            p.setString(3, refusal.reason());
            p.setString(4, refusal.message());
            p.setLong(5, sourceId);
            p.executeUpdate();
        }
    }

    /** The refusals of a source in the order they were stored. */
    public static List<RefusalRecord> ofSource(Connection c, long sourceId) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "SELECT name, reason, message FROM refusals WHERE source_id = ? ORDER BY position")) {
            p.setLong(1, sourceId);
            try (ResultSet rs = p.executeQuery()) {
                List<RefusalRecord> out = new ArrayList<>();
                while (rs.next()) out.add(new RefusalRecord(rs.getString(1), rs.getString(2), rs.getString(3)));
                return out;
            }
        }
    }
}
