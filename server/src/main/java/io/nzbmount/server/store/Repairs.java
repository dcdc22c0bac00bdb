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
 * The {@code repairs} and {@code repaired_articles} tables on a caller's connection: the PAR2
 * repair of each source that needed one, and the articles it rebuilt. Stateless.
 */
public final class Repairs {

    private Repairs() {}

    /**
     * A source's repair as stored.
     *
     * @param state         queued, running, done, impossible or failed
     * @param reason        why it is impossible or failed; empty otherwise
     * @param slicesMissing input slices to rebuild
     * @param slicesTotal   input slices of the recovery set
     * @param slicesRead    input slices read so far
     * @param bytesRead     bytes read from the providers for it so far
     */
    public record Row(
            long sourceId,
            String state,
            String reason,
            int slicesMissing,
            int slicesTotal,
            int slicesRead,
            long bytesRead,
            Instant updated) {}

    /**
     * One rebuilt article: bytes {@code [begin, begin + length)} of posted file {@code fileIndex},
     * found in the stored slices {@code sliceKeys}, the first starting at {@code firstSlice}.
     */
    public record Article(
            String messageId,
            long sourceId,
            int fileIndex,
            int part,
            int total,
            long fileSize,
            long begin,
            int length,
            long firstSlice,
            int sliceSize,
            List<String> sliceKeys) {
        public Article {
            sliceKeys = List.copyOf(sliceKeys);
        }
    }

    /** Writes the repair of {@code r.sourceId()}, replacing what was stored. Nothing for a source that is gone. */
    public static void put(Connection c, Row r) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT INTO repairs (source_id, state, reason, slices_missing, slices_total, slices_read, bytes_read,
                updated_at) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM sources WHERE id = ?)
                ON CONFLICT (source_id) DO UPDATE SET state = excluded.state, reason = excluded.reason,
                slices_missing = excluded.slices_missing, slices_total = excluded.slices_total,
                slices_read = excluded.slices_read, bytes_read = excluded.bytes_read, updated_at = excluded.updated_at""")) {
            s.setLong(1, r.sourceId());
            s.setString(2, r.state());
            s.setString(3, r.reason());
            s.setInt(4, r.slicesMissing());
            s.setInt(5, r.slicesTotal());
            s.setInt(6, r.slicesRead());
            s.setLong(7, r.bytesRead());
            s.setLong(8, r.updated().toEpochMilli());
            s.setLong(9, r.sourceId());
            s.executeUpdate();
        }
    }

    public static Optional<Row> of(Connection c, long sourceId) throws SQLException {
        List<Row> rows = rows(c, "SELECT " + COLUMNS + " FROM repairs WHERE source_id = ?", sourceId);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
    }

    /** The repairs of every source of {@code itemId}. */
    public static List<Row> ofItem(Connection c, long itemId) throws SQLException {
        return rows(
                c,
                "SELECT " + prefixed() + " FROM repairs r JOIN sources s ON s.id = r.source_id WHERE s.item_id = ?",
                itemId);
    }

    /** Repairs in {@code state}. */
    public static List<Row> inState(Connection c, String state) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + COLUMNS + " FROM repairs WHERE state = ?")) {
            s.setString(1, state);
            return read(s);
        }
    }

    /** Stores rebuilt articles (an article already stored for the source is replaced). */
    public static void addArticles(Connection c, List<Article> articles) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("""
                INSERT OR REPLACE INTO repaired_articles (message_id, source_id, file_idx, part, total, file_size,
                begin_offset, length, first_slice, slice_size, slice_keys) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""")) {
            for (Article a : articles) {
                s.setString(1, a.messageId());
                s.setLong(2, a.sourceId());
                s.setInt(3, a.fileIndex());
                s.setInt(4, a.part());
                s.setInt(5, a.total());
                s.setLong(6, a.fileSize());
                s.setLong(7, a.begin());
                s.setInt(8, a.length());
                s.setLong(9, a.firstSlice());
                s.setInt(10, a.sliceSize());
                s.setString(11, String.join(",", a.sliceKeys()));
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    private static final String ARTICLE_COLUMNS = "message_id, source_id, file_idx, part, total, file_size,"
            + " begin_offset, length, first_slice, slice_size, slice_keys";

    /** Every rebuilt article of every source still stored. */
    public static List<Article> articles(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT " + ARTICLE_COLUMNS + " FROM repaired_articles")) {
            return articleRows(s);
        }
    }

    /** The rebuilt articles of one source still stored: reading them asks no provider. */
    public static List<Article> articlesOf(Connection c, long sourceId) throws SQLException {
        try (PreparedStatement s =
                c.prepareStatement("SELECT " + ARTICLE_COLUMNS + " FROM repaired_articles WHERE source_id = ?")) {
            s.setLong(1, sourceId);
            return articleRows(s);
        }
    }

    private static List<Article> articleRows(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            List<Article> all = new ArrayList<>();
            while (rs.next()) {
                all.add(new Article(
                        rs.getString(1),
                        rs.getLong(2),
                        rs.getInt(3),
                        rs.getInt(4),
                        rs.getInt(5),
                        rs.getLong(6),
                        rs.getLong(7),
                        rs.getInt(8),
                        rs.getLong(9),
                        rs.getInt(10),
                        List.of(rs.getString(11).split(","))));
            }
            return all;
        }
    }

    /**
     * Forgets the rebuilt articles of {@code sourceId} and marks its known holes not rebuilt again
     * (its rebuilt bytes are gone from the repair store); returns how many articles were forgotten.
     */
    public static int dropRebuilt(Connection c, long sourceId) throws SQLException {
        int n;
        try (PreparedStatement s = c.prepareStatement("DELETE FROM repaired_articles WHERE source_id = ?")) {
            s.setLong(1, sourceId);
            n = s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE source_holes SET repaired_at = NULL WHERE source_id = ? AND repaired_at IS NOT NULL")) {
            s.setLong(1, sourceId);
            s.executeUpdate();
        }
        return n;
    }

    /** Marks the known holes of {@code sourceId} in {@code fileIndexes} as rebuilt; returns how many. */
    public static int holesRepaired(Connection c, long sourceId, List<Integer> fileIndexes, Instant at)
            throws SQLException {
        int n = 0;
        try (PreparedStatement s = c.prepareStatement(
                "UPDATE source_holes SET repaired_at = ? WHERE source_id = ? AND file_idx = ? AND repaired_at IS NULL")) {
            for (int f : fileIndexes) {
                s.setLong(1, at.toEpochMilli());
                s.setLong(2, sourceId);
                s.setInt(3, f);
                n += s.executeUpdate();
            }
        }
        return n;
    }

    private static final String COLUMNS =
            "source_id, state, reason, slices_missing, slices_total, slices_read, bytes_read, updated_at";

    private static String prefixed() {
        return "r." + COLUMNS.replace(", ", ", r.");
    }

    private static List<Row> rows(Connection c, String sql, long id) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, id);
            return read(s);
        }
    }

    private static List<Row> read(PreparedStatement s) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            List<Row> rows = new ArrayList<>();
            while (rs.next()) {
                rows.add(new Row(
                        rs.getLong(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getInt(4),
                        rs.getInt(5),
                        rs.getInt(6),
                        rs.getLong(7),
                        Instant.ofEpochMilli(rs.getLong(8))));
            }
            return rows;
        }
    }
}
