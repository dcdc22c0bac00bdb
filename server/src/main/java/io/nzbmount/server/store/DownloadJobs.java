package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The {@code download_jobs} table of the SABnzbd download client, on a caller's connection (see
 * {@link Items}). Stateless.
 */
public final class DownloadJobs {

    private static final String COLUMNS = "nzo_id, nzb_sha256, name, category, priority, item_id, made_item, status,"
            + " storage, fail_message, bytes, added_at, download_seconds";

    private DownloadJobs() {}

    public static void insert(Connection c, DownloadJob j) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO download_jobs (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            p.setString(1, j.nzoId());
            p.setString(2, j.nzbSha256());
            p.setString(3, j.name());
            p.setString(4, j.category());
            p.setInt(5, j.priority());
            if (j.itemId().isPresent()) p.setLong(6, j.itemId().getAsLong());
            else p.setNull(6, Types.INTEGER);
            p.setInt(7, j.madeItem() ? 1 : 0);
            p.setString(8, j.status().name());
            p.setString(9, j.storage().orElse(null));
            p.setString(10, j.failMessage().orElse(null));
            p.setLong(11, j.bytes());
            p.setLong(12, j.addedAt().toEpochMilli());
            p.setLong(13, j.downloadSeconds());
            p.executeUpdate();
        }
    }

    public static Optional<DownloadJob> byNzoId(Connection c, String nzoId) throws SQLException {
        return one(c, "SELECT " + COLUMNS + " FROM download_jobs WHERE nzo_id = ?", nzoId);
    }

    public static Optional<DownloadJob> bySha256(Connection c, String sha256) throws SQLException {
        return one(c, "SELECT " + COLUMNS + " FROM download_jobs WHERE nzb_sha256 = ?", sha256);
    }

    /** Every job, newest first (as SABnzbd's history lists them). */
    public static List<DownloadJob> all(Connection c) throws SQLException {
        List<DownloadJob> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM download_jobs ORDER BY id DESC");
                ResultSet rs = p.executeQuery()) {
            while (rs.next()) out.add(read(rs));
        }
        return out;
    }

    /** Every job of an item (one item can be the end of several jobs). */
    public static List<DownloadJob> ofItem(Connection c, long itemId) throws SQLException {
        List<DownloadJob> out = new ArrayList<>();
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM download_jobs WHERE item_id = ?")) {
            p.setLong(1, itemId);
            try (ResultSet rs = p.executeQuery()) {
                while (rs.next()) out.add(read(rs));
            }
        }
        return out;
    }

    public static boolean delete(Connection c, String nzoId) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("DELETE FROM download_jobs WHERE nzo_id = ?")) {
            p.setString(1, nzoId);
            return p.executeUpdate() > 0;
        }
    }

    private static Optional<DownloadJob> one(Connection c, String sql, String key) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            p.setString(1, key);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
        }
    }

    private static DownloadJob read(ResultSet rs) throws SQLException {
        long item = rs.getLong("item_id");
        OptionalLong itemId = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(item);
        return new DownloadJob(
                rs.getString("nzo_id"),
                rs.getString("nzb_sha256"),
                rs.getString("name"),
                rs.getString("category"),
                rs.getInt("priority"),
                itemId,
                rs.getInt("made_item") == 1,
                DownloadJob.Status.valueOf(rs.getString("status")),
                Optional.ofNullable(rs.getString("storage")),
                Optional.ofNullable(rs.getString("fail_message")),
                rs.getLong("bytes"),
                Instant.ofEpochMilli(rs.getLong("added_at")),
                rs.getLong("download_seconds"));
    }
}
