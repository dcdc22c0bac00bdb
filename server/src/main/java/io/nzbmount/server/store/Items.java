package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The items table. Plain JDBC on a connection the caller got from {@link Database#transaction},
 * so several repositories can take part in one transaction. Stateless.
 */
public final class Items {

    private static final String COLUMNS = "id, name, created_at, primary_source, primary_by_user";

    private Items() {}

    /** Stores a new item without a primary source yet and returns its id. */
    public static long insert(Connection c, String name, Instant created) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO items(name, created_at) VALUES (?, ?)", Statement.RETURN_GENERATED_KEYS)) {
            p.setString(1, name);
            p.setLong(2, created.toEpochMilli());
            p.executeUpdate();
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    /** Makes {@code sourceId} the item's primary; {@code byUser} records that the user chose it. */
    static void setPrimary(Connection c, long itemId, long sourceId, boolean byUser) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE items SET primary_source = ?, primary_by_user = ? WHERE id = ?")) {
            p.setLong(1, sourceId);
            p.setInt(2, byUser ? 1 : 0);
            p.setLong(3, itemId);
            p.executeUpdate();
        }
    }

    public static Optional<ItemRecord> byId(Connection c, long id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM items WHERE id = ?")) {
            p.setLong(1, id);
            return one(p);
        }
    }

    /** The item with this name, ignoring ASCII case (as the unique constraint does). */
    public static Optional<ItemRecord> byName(Connection c, String name) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM items WHERE name = ?")) {
            p.setString(1, name);
            return one(p);
        }
    }

    /** All items, ordered by name ignoring case. */
    public static List<ItemRecord> all(Connection c) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM items ORDER BY name, id");
                ResultSet rs = p.executeQuery()) {
            List<ItemRecord> items = new ArrayList<>();
            while (rs.next()) items.add(read(rs));
            return items;
        }
    }

    /** Deletes the item with its sources, files and events; false when there was none. */
    public static boolean delete(Connection c, long id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("DELETE FROM items WHERE id = ?")) {
            p.setLong(1, id);
            return p.executeUpdate() > 0;
        }
    }

    private static Optional<ItemRecord> one(PreparedStatement p) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            return rs.next() ? Optional.of(read(rs)) : Optional.empty();
        }
    }

    private static ItemRecord read(ResultSet rs) throws SQLException {
        long primary = rs.getLong(4);
        OptionalLong primarySource = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(primary);
        return new ItemRecord(
                rs.getLong(1), rs.getString(2), Instant.ofEpochMilli(rs.getLong(3)), primarySource, rs.getInt(5) != 0);
    }
}
