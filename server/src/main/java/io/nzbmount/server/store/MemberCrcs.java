package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The member_crcs table, on a caller's connection (see {@link Items}): the CRC-32 an encrypted
 * archive records for a file served from inside it, still to be checked against the decrypted
 * bytes, and how that check ended. Stateless.
 */
public final class MemberCrcs {

    private MemberCrcs() {}

    /** Where a file's check stands. */
    public enum State {
        /** Not checked yet. */
        PENDING,
        /** The decrypted bytes have the CRC-32 the archive records. */
        VERIFIED,
        /** They do not: a wrong password or wrong data. The file is never served again. */
        MISMATCH,
        /** An article of the file is gone for good: the check cannot end. */
        UNREADABLE;

        /** The lower-case word stored and shown by the API. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        static State ofWord(String word) {
            return valueOf(word.toUpperCase(Locale.ROOT));
        }
    }

    /**
     * A file's check.
     *
     * @param actual the CRC-32 found, -1 until the check ended with the bytes all read
     */
    public record Row(long sourceId, int fileIndex, long crc, State state, long actual) {}

    /** A file of a source whose CRC-32 {@code crc} is to be checked. */
    public static void insert(Connection c, long sourceId, int fileIndex, long crc) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("INSERT INTO member_crcs(source_id, file_idx, crc) VALUES (?, ?, ?)")) {
            p.setLong(1, sourceId);
            p.setInt(2, fileIndex);
            p.setLong(3, crc);
            p.executeUpdate();
        }
    }

    /** How the check of a file ended. */
    public static void finish(Connection c, long sourceId, int fileIndex, State state, long actual, Instant at)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "UPDATE member_crcs SET state = ?, actual_crc = ?, checked_at = ? WHERE source_id = ? AND file_idx = ?")) {
            p.setString(1, state.word());
            p.setLong(2, actual);
            p.setLong(3, at.toEpochMilli());
            p.setLong(4, sourceId);
            p.setInt(5, fileIndex);
            p.executeUpdate();
        }
    }

    /** The checks not done yet, of sources that are not dead, oldest source first. */
    public static List<Row> pending(Connection c) throws SQLException {
        return rows(
                c,
                "SELECT m.source_id, m.file_idx, m.crc, m.state, m.actual_crc FROM member_crcs m"
                        + " JOIN sources s ON s.id = m.source_id WHERE m.state = 'pending' AND s.state <> 'dead'"
                        + " ORDER BY m.source_id, m.file_idx",
                -1);
    }

    /** The checks of a source, by file. */
    public static List<Row> ofSource(Connection c, long sourceId) throws SQLException {
        return rows(
                c,
                "SELECT source_id, file_idx, crc, state, actual_crc FROM member_crcs WHERE source_id = ?"
                        + " ORDER BY file_idx",
                sourceId);
    }

    /** The check of one file, when it has one. */
    public static Optional<Row> of(Connection c, long sourceId, int fileIndex) throws SQLException {
        return ofSource(c, sourceId).stream()
                .filter(r -> r.fileIndex() == fileIndex)
                .findFirst();
    }

    private static List<Row> rows(Connection c, String sql, long sourceId) throws SQLException {
        try (PreparedStatement p = c.prepareStatement(sql)) {
            if (sourceId >= 0) p.setLong(1, sourceId);
            try (ResultSet rs = p.executeQuery()) {
                List<Row> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(new Row(
                            rs.getLong(1), rs.getInt(2), rs.getLong(3), State.ofWord(rs.getString(4)), rs.getLong(5)));
                }
                return out;
            }
        }
    }
}
