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
import java.util.OptionalLong;

/** The event timeline table, on a caller's connection (see {@link Items}). Stateless. */
public final class Events {

    /** The most events one query returns, whatever limit is asked for. */
    public static final int MAX_LIMIT = 1000;

    private Events() {}

    /**
     * Stores an event and returns its id.
     *
     * @param detail a JSON object (the caller makes sure it is one)
     */
    public static long append(
            Connection c, Instant at, OptionalLong itemId, Optional<String> stream, String kind, String detail)
            throws SQLException {
        try (PreparedStatement p = c.prepareStatement(
                "INSERT INTO events(at, item_id, stream_id, kind, detail) VALUES (?, ?, ?, ?, ?)",
                Statement.RETURN_GENERATED_KEYS)) {
            p.setLong(1, at.toEpochMilli());
            if (itemId.isPresent()) p.setLong(2, itemId.getAsLong());
            else p.setNull(2, Types.INTEGER);
            p.setString(3, stream.orElse(null));
            p.setString(4, kind);
            p.setString(5, detail);
            p.executeUpdate();
            try (ResultSet keys = p.getGeneratedKeys()) {
                keys.next();
                return keys.getLong(1);
            }
        }
    }

    /**
     * Events in the order they were stored (ascending id), filtered by {@code query}, at most
     * {@code min(query.limit(), MAX_LIMIT)}.
     */
    public static List<EventRecord> find(Connection c, EventQuery query) throws SQLException {
        StringBuilder sql =
                new StringBuilder("SELECT id, at, item_id, stream_id, kind, detail FROM events WHERE id > ?");
        List<Long> args = new ArrayList<>();
        args.add(query.afterId());
        if (query.since().isPresent()) {
            sql.append(" AND at >= ?");
            args.add(query.since().get().toEpochMilli());
        }
        if (query.itemId().isPresent()) {
            sql.append(" AND item_id = ?");
            args.add(query.itemId().getAsLong());
        }
        sql.append(" ORDER BY id LIMIT ?");
        args.add((long) Math.min(query.limit(), MAX_LIMIT));
        try (PreparedStatement p = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) p.setLong(i + 1, args.get(i));
            try (ResultSet rs = p.executeQuery()) {
                List<EventRecord> events = new ArrayList<>();
                while (rs.next()) {
                    long item = rs.getLong(3);
                    OptionalLong itemId = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(item);
                    events.add(new EventRecord(
                            rs.getLong(1),
                            Instant.ofEpochMilli(rs.getLong(2)),
                            itemId,
                            Optional.ofNullable(rs.getString(4)),
                            rs.getString(5),
                            rs.getString(6)));
                }
                return events;
            }
        }
    }

    /** Deletes events older than {@code before}; returns how many went. */
    public static int deleteOlderThan(Connection c, Instant before) throws SQLException {
        try (PreparedStatement p = c.prepareStatement("DELETE FROM events WHERE at < ?")) {
            p.setLong(1, before.toEpochMilli());
            return p.executeUpdate();
        }
    }
}
