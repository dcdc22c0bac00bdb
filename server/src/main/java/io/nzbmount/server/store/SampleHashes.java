package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/** The sample_hashes table: fingerprints of a source's sampled ranges, on a caller's connection. Stateless. */
public final class SampleHashes {

    private SampleHashes() {}

    /** The SHA-256 of bytes [offset, offset + length) of a source file, if computed before. */
    public static Optional<byte[]> get(Connection c, long sourceId, int fileIndex, long offset, int length)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT sha256 FROM sample_hashes"
                + " WHERE source_id = ? AND file_idx = ? AND offset = ? AND length = ?")) {
            s.setLong(1, sourceId);
            s.setInt(2, fileIndex);
            s.setLong(3, offset);
            s.setInt(4, length);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
            }
        }
    }

    public static void put(Connection c, long sourceId, int fileIndex, long offset, int length, byte[] sha256)
            throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT OR REPLACE INTO sample_hashes(source_id, file_idx,"
                + " offset, length, sha256) VALUES (?, ?, ?, ?, ?)")) {
            s.setLong(1, sourceId);
            s.setInt(2, fileIndex);
            s.setLong(3, offset);
            s.setInt(4, length);
            s.setBytes(5, sha256);
            s.executeUpdate();
        }
    }
}
