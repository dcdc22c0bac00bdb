package io.nzbmount.server.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The sources table, and their NZB documents in {@code source_nzbs} (apart, so a pass over every
 * source reads no NZB), on a caller's connection (see {@link Items}). Stateless.
 */
public final class SourceTable {

    private static final String COLUMNS = "id, item_id, nzb_sha256, release_name, link, posted_at, role, state,"
            + " reason, tier, presence_checked, presence_missing, added_at";

    private SourceTable() {}

    /** Stores a source of {@code itemId}, its NZB in {@code source_nzbs}, and returns its id. */
    public static long insert(Connection c, long itemId, NewSource s) throws SQLException {
        long id;
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO sources(item_id, nzb_sha256, release_name,"
                        + " link, posted_at, role, state, presence_checked, presence_missing, added_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            p.setLong(1, itemId);
            p.setString(2, s.sha256());
            p.setString(3, s.releaseName());
            p.setString(4, s.link().orElse(null));
            p.setLong(5, s.postedAt());
            p.setString(6, s.role().word());
            p.setString(7, s.state().word());
            p.setInt(8, s.presenceChecked());
            p.setInt(9, s.presenceMissing());
            p.setLong(10, s.added().toEpochMilli());
            p.executeUpdate();
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                id = keys.getLong(1);
            }
        }
        try (PreparedStatement p = c.prepareStatement("INSERT INTO source_nzbs(source_id, nzb) VALUES (?, ?)")) {
            p.setLong(1, id);
            p.setBytes(2, s.nzb());
            p.executeUpdate();
        }
        return id;
    }

    public static Optional<SourceRecord> byId(Connection c, long id) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM sources WHERE id = ?")) {
            p.setLong(1, id);
            return one(p);
        }
    }

    /** The source made from the NZB with this SHA-256 (lower-case hex), whatever its item. */
    public static Optional<SourceRecord> bySha256(Connection c, String sha256) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT " + COLUMNS + " FROM sources WHERE nzb_sha256 = ?")) {
            p.setString(1, sha256);
            return one(p);
        }
    }

    /** The sources of an item in the order they were added. */
    public static List<SourceRecord> ofItem(Connection c, long itemId) throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("SELECT " + COLUMNS + " FROM sources WHERE item_id = ? ORDER BY id")) {
            p.setLong(1, itemId);
            try (ResultSet rs = p.executeQuery()) {
                List<SourceRecord> sources = new ArrayList<>();
                while (rs.next()) sources.add(read(rs));
                return sources;
            }
        }
    }

    /** The NZB document the source was made from, byte for byte; empty when there is no such source. */
    public static Optional<byte[]> nzb(Connection c, long sourceId) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("SELECT nzb FROM source_nzbs WHERE source_id = ?")) {
            p.setLong(1, sourceId);
            try (ResultSet rs = p.executeQuery()) {
                return rs.next() ? Optional.of(rs.getBytes(1)) : Optional.empty();
            }
        }
    }

    /** Sets role, state, reason and tier together; false when there is no such source. */
    static boolean update(
            Connection c, long sourceId, SourceRole role, SourceState state, Optional<String> reason, OptionalInt tier)
            throws SQLException {
        try (PreparedStatement p =
                c.prepareStatement("UPDATE sources SET role = ?, state = ?, reason = ?, tier = ? WHERE id = ?")) {
            p.setString(1, role.word());
            p.setString(2, state.word());
            p.setString(3, reason.orElse(null));
            if (tier.isPresent()) p.setInt(4, tier.getAsInt());
            else p.setNull(4, Types.INTEGER);
            p.setLong(5, sourceId);
            return p.executeUpdate() > 0;
        }
    }

    private static Optional<SourceRecord> one(PreparedStatement p) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            return rs.next() ? Optional.of(read(rs)) : Optional.empty();
        }
    }

    private static SourceRecord read(ResultSet rs) throws SQLException {
        int tier = rs.getInt(10);
        OptionalInt tierValue = rs.wasNull() ? OptionalInt.empty() : OptionalInt.of(tier);
        return new SourceRecord(
                rs.getLong(1),
                rs.getLong(2),
                rs.getString(3),
                rs.getString(4),
                Optional.ofNullable(rs.getString(5)),
                rs.getLong(6),
                SourceRole.ofWord(rs.getString(7)),
                SourceState.ofWord(rs.getString(8)),
                Optional.ofNullable(rs.getString(9)),
                tierValue,
                rs.getInt(11),
                rs.getInt(12),
                Instant.ofEpochMilli(rs.getLong(13)));
    }
}
