package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * Key/value settings changed at run time (by the UI), on a caller's connection (see
 * {@link Items}). The configuration file stays the source of start-up settings. Stateless.
 */
public final class SettingsTable {

    private SettingsTable() {}

    public static Optional<String> get(Connection c, String key) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT value FROM settings WHERE key = ?")) {
            p.setString(1, key);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /** Sets {@code key} to {@code value}, replacing any earlier value. */
    public static void put(Connection c, String key, String value) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO settings(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")) {
            p.setString(1, key);
            p.setString(2, value);
            p.executeUpdate();
        }
    }

    /** Removes {@code key}; false when it was not set. */
    public static boolean remove(Connection c, String key) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("DELETE FROM settings WHERE key = ?")) {
            p.setString(1, key);
            return p.executeUpdate() > 0;
        }
    }
}
