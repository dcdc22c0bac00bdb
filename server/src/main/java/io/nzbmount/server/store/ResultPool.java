package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The result_pool table: the indexer results kept with an item, on a caller's connection. Stateless. */
public final class ResultPool {

    private ResultPool() {}

    /** Adds results to their items' pools; a result already pooled (same item and key) is kept as it was. */
    public static void insertAll(Connection c, List<PooledResult> results) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR IGNORE INTO result_pool(item_id, indexer, guid,"
                + " title, link, link_key, size, posted_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (PooledResult r : results) {
                s.setLong(1, r.itemId());
                s.setString(2, r.indexer());
                s.setString(3, r.guid());
                s.setString(4, r.title());
                s.setString(5, r.link());
                s.setString(6, r.linkKey());
                s.setLong(7, r.size());
                s.setLong(8, r.postedAt());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** An item's pool, in the order it was stored. */
    public static List<PooledResult> ofItem(Connection c, long itemId) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT item_id, indexer, guid, title, link, link_key, size,"
                + " posted_at FROM result_pool WHERE item_id = ? ORDER BY rowid")) {
            s.setLong(1, itemId);
            try (ResultSet rs = s.executeQuery()) {
                List<PooledResult> list = new ArrayList<>();
                while (rs.next()) {
                    list.add(new PooledResult(
                            rs.getLong(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getLong(7),
                            rs.getLong(8)));
                }
                return list;
            }
        }
    }
}
