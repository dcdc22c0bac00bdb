package io.nzbmount.server.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.Events;
import io.nzbmount.server.store.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The persisted event timeline: what happened to items and streams (import, stall, retry,
 * cutover, proof, close), each with a JSON detail. Thread-safe.
 */
public final class EventLog {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Database db;
    private final Clock clock;

    public EventLog(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * Stores an event now and returns its id.
     *
     * @param detail values Jackson can write (strings, numbers, booleans, lists, maps)
     */
    public long record(OptionalLong itemId, Optional<String> stream, EventKind kind, Map<String, ?> detail)
            throws StoreException {
        Instant at = clock.instant();
        String json = json(detail);
        return db.transaction(c -> Events.append(c, at, itemId, stream, kind.wire(), json));
    }

    /** Events matching {@code query}, oldest first. */
    public List<EventRecord> find(EventQuery query) throws StoreException {
        return db.transaction(c -> Events.find(c, query));
    }

    /** Stores an item event inside the caller's transaction. */
    public static long append(Connection c, Instant at, long itemId, EventKind kind, Map<String, ?> detail)
            throws SQLException {
        return Events.append(c, at, OptionalLong.of(itemId), Optional.empty(), kind.wire(), json(detail));
    }

    static String json(Map<String, ?> detail) {
        try {
            return JSON.writeValueAsString(detail);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("event detail cannot be written as JSON: " + e.getOriginalMessage(), e);
        }
    }
}
