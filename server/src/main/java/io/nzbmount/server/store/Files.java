package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The files table, on a caller's connection (see {@link Items}). Stateless. */
public final class Files {

    private static final String COLUMNS = "source_id, idx, name, size, layout, media, volumes";

    private Files() {}

    /** Stores the files of a source (each record names its source). */
    public static void insertAll(Connection c, List<FileRecord> files) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("INSERT INTO files(" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            for (FileRecord f : files) {
                p.setLong(1, f.sourceId());
                p.setInt(2, f.index());
                p.setString(3, f.name());
                p.setLong(4, f.size());
                p.setString(5, f.mapText());
                p.setInt(6, f.media() ? 1 : 0);
                p.setString(7, volumes(f.volumes()));
                p.addBatch();
            }
            p.executeBatch();
        }
    }

    /** The files of a source in NZB order. */
    public static List<FileRecord> ofSource(Connection c, long sourceId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("SELECT " + COLUMNS + " FROM files WHERE source_id = ? ORDER BY idx")) {
            p.setLong(1, sourceId);
            return list(p);
        }
    }

    /**
     * The item's own files: the sized media files of the release the item was created from (its
     * first source; sources are never deleted while their item exists), in NZB order. They name the
     * item's paths for good, whichever source serves them (see {@code library.Counterparts}).
     */
    public static List<FileRecord> ofItem(Connection c, long itemId) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM files WHERE source_id ="
                + " (SELECT MIN(id) FROM sources WHERE item_id = ?) AND media = 1 AND size >= 0 ORDER BY idx")) {
            p.setLong(1, itemId);
            return list(p);
        }
    }

    private static List<FileRecord> list(PreparedStatement p) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            List<FileRecord> files = new ArrayList<>();
            while (rs.next()) files.add(read(rs));
            return files;
        }
    }

    public static Optional<FileRecord> byIndex(Connection c, long sourceId, int index) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("SELECT " + COLUMNS + " FROM files WHERE source_id = ? AND idx = ?")) {
            p.setLong(1, sourceId);
            p.setInt(2, index);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(read(rs)) : Optional.empty();
            }
        }
    }

    private static FileRecord read(ResultSet rs) throws SQLException {
        return new FileRecord(
                rs.getLong(1),
                rs.getInt(2),
                rs.getString(3),
                rs.getLong(4),
                rs.getString(5),
                rs.getInt(6) != 0,
                volumes(rs.getString(7)));
    }

    private static String volumes(List<Integer> volumes) {
        StringBuilder s = new StringBuilder();
        for (int v : volumes) {
            if (!s.isEmpty()) s.append(',');
            s.append(v);
        }
        return s.toString();
    }

    private static List<Integer> volumes(String column) throws SQLException {
        if (column == null || column.isEmpty()) return List.of();
        List<Integer> volumes = new ArrayList<>();
        for (String v : column.split(",")) {
            try {
                volumes.add(Integer.parseInt(v));
            } catch (NumberFormatException e) {
                throw new SQLException("a stored volume list is damaged: " + column, e);
            }
        }
        return volumes;
    }
}
