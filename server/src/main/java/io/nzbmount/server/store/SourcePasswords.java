package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Optional;

/**
 * The source_passwords table, on a caller's connection (see {@link Items}): the password that
 * opened a source's encrypted archives. Stateless.
 */
public final class SourcePasswords {

    private SourcePasswords() {}

    /**
     * A stored password and where it came from. A secret: {@link #toString()} does not show it.
     *
     * @param password the password
     * @param origin   where it was given: {@code api}, {@code name} or {@code meta}
     */
    public record Stored(String password, String origin) {
        public Stored {
            Objects.requireNonNull(password, "password");
            Objects.requireNonNull(origin, "origin");
        }

        @Override
        public String toString() {
            return "Stored[password=(hidden), origin=" + origin + "]";
        }
    }

    public static void insert(Connection c, long sourceId, Stored stored) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("INSERT INTO source_passwords(source_id, password, origin) VALUES (?, ?, ?)")) {
            p.setLong(1, sourceId);
            p.setString(2, stored.password());
            p.setString(3, stored.origin());
            p.executeUpdate();
        }
    }

    public static Optional<Stored> ofSource(Connection c, long sourceId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("SELECT password, origin FROM source_passwords WHERE source_id = ?")) {
            p.setLong(1, sourceId);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(new Stored(rs.getString(1), rs.getString(2))) : Optional.empty();
            }
        }
    }
}
