package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;

/**
 * The articles of a source that the STAT sample at import found missing on every provider (table
 * {@code source_missing_articles}), so that later work avoids them up front. Stateless; every call
 * works inside the caller's transaction.
 */
public final class MissingArticles {
    private MissingArticles() {}

    /** Records {@code messageIds} as missing in {@code sourceId}. */
    public static void insertAll(Connection c, long sourceId, Set<String> messageIds) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "INSERT OR IGNORE INTO source_missing_articles (source_id, message_id) VALUES (?, ?)")) {
            for (String id : messageIds) {
                s.setLong(1, sourceId);
                s.setString(2, id);
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** The message ids recorded as missing in {@code sourceId}. */
    public static Set<String> of(Connection c, long sourceId) throws SQLException {
        Set<String> ids = new HashSet<>();
        try (PreparedStatement s =
                c.prepareStatement("SELECT message_id FROM source_missing_articles WHERE source_id = ?")) {
            s.setLong(1, sourceId);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) ids.add(rs.getString(1));
            }
        }
        return ids;
    }
}
