package io.nzbmount.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.standby.StandbyService;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.store.TransitionRefused;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongConsumer;
import org.eclipse.jetty.server.Request;

/**
 * What a user does with an item's sources: {@code POST /api/items/{id}/primary} (make a verified
 * standby the primary, as the user's choice), {@code DELETE /api/items/{id}/sources/{sourceId}}
 * (take a standby out of the pool for good) and {@code POST /api/items/{id}/research} (look for
 * standbys again now). Each change is one transaction and leaves an event in the timeline.
 * Thread-safe.
 */
public final class SourcesEndpoint {

    static final String REMOVED = "removed from the pool by the user";
    private static final int MAX_BODY = 4096;

    private final Database db;
    private final EventLog events;
    private final Optional<StandbyService> standby;
    private final boolean indexers;
    private final LongConsumer userActed;
    private final SourceLifecycle lifecycle;

    /**
     * @param standby  prepares pools; empty when pools are not run at all
     * @param indexers whether any indexer is configured (without one there is nothing to search)
     */
    public SourcesEndpoint(
            Database db, EventLog events, Optional<StandbyService> standby, boolean indexers, Clock clock) {
        this(db, events, standby, indexers, clock, item -> {});
    }

    /**
     * @param userActed told the item id after the user chose a primary or asked for a new search,
     *                  so that the item's "no stable source" problem ends
     */
    public SourcesEndpoint(
            Database db,
            EventLog events,
            Optional<StandbyService> standby,
            boolean indexers,
            Clock clock,
            LongConsumer userActed) {
        this.db = db;
        this.events = events;
        this.standby = standby;
        this.indexers = indexers;
        this.userActed = userActed;
        this.lifecycle = new SourceLifecycle(db, clock);
    }

    /** {@code POST /api/items/{id}/primary} with {@code {"source": ID}}: 200 with the new primary's id. */
    Reply primary(Request request, String itemText) throws StoreException {
        if (!request.getMethod().equals("POST")) throw ApiException.methodNotAllowed(request.getMethod(), "POST");
        long itemId = Query.number("item id", itemText, 1);
        long sourceId = sourceOf(body(request));
        SourceLifecycle.Choice choice;
        try {
            choice = lifecycle.choosePrimary(itemId, sourceId);
        } catch (TransitionRefused e) {
            throw refused(e, itemId, sourceId);
        }
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("from", choice.from());
        detail.put("to", choice.to());
        detail.put("release", choice.release());
        events.record(OptionalLong.of(itemId), Optional.empty(), EventKind.PRIMARY_CHOSEN, detail);
        userActed.accept(itemId);
        return Reply.json(200, Map.of("item", itemId, "primary", sourceId));
    }

    /** {@code DELETE /api/items/{id}/sources/{sourceId}}: 204; the standby is never added again. */
    Reply remove(Request request, String itemText, String sourceText) throws StoreException {
        if (!request.getMethod().equals("DELETE")) throw ApiException.methodNotAllowed(request.getMethod(), "DELETE");
        long itemId = Query.number("item id", itemText, 1);
        long sourceId = Query.number("source id", sourceText, 1);
        String release;
        try {
            release = lifecycle.remove(itemId, sourceId, REMOVED);
        } catch (TransitionRefused e) {
            throw refused(e, itemId, sourceId);
        }
        events.record(
                OptionalLong.of(itemId),
                Optional.empty(),
                EventKind.STANDBY_REMOVED,
                Map.of("source", sourceId, "release", release));
        return Reply.noContent();
    }

    /** {@code POST /api/items/{id}/research}: 202 once the search is started. */
    Reply research(Request request, String itemText) throws StoreException {
        if (!request.getMethod().equals("POST")) throw ApiException.methodNotAllowed(request.getMethod(), "POST");
        long itemId = Query.number("item id", itemText, 1);
        if (db.transaction(c -> Items.byId(c, itemId)).isEmpty()) throw noItem(itemId);
        if (!indexers) {
            throw ApiException.of(
                    409,
                    "no indexer is configured, so there is nothing to search: add one under"
                            + " Settings, or add a standby from an NZB file");
        }
        if (standby.isEmpty() || !standby.get().searchAgain(itemId)) {
            throw ApiException.of(409, "standby pools are turned off (fallback.maxStandby is 0)");
        }
        userActed.accept(itemId);
        return Reply.json(202, Map.of("item", itemId, "searching", true));
    }

    /** The reply to a refused transition: 404 for what does not exist, 409 for what its rules forbid. */
    private static ApiException refused(TransitionRefused e, long itemId, long sourceId) {
        return switch (e.rule()) {
            case UNKNOWN_ITEM -> noItem(itemId);
            case UNKNOWN_SOURCE -> ApiException.notFound("item " + itemId + " has no source " + sourceId);
            case NOT_VERIFIED ->
                ApiException.of(
                        409,
                        "source " + sourceId + " is "
                                + e.source().map(s -> WireWords.of(s.state())).orElse("not verified")
                                + ": only a standby proved identical to the primary (verified) can become the primary");
            case IS_PRIMARY ->
                ApiException.of(
                        409,
                        "source " + sourceId + " is the primary: make another release the"
                                + " primary first, or delete the item");
            case NOT_IN_POOL ->
                ApiException.of(
                        409,
                        "source " + sourceId + " is not in the pool any more ("
                                + e.source().flatMap(SourceRecord::reason).orElse("dead") + ")");
        };
    }

    private static ApiException noItem(long itemId) {
        return ApiException.unknownItem(itemId);
    }

    private static long sourceOf(JsonNode body) {
        JsonNode v = body.get("source");
        if (v == null || v.isNull()) throw ApiException.badRequest("the body needs \"source\": the id of a standby");
        if (!v.canConvertToLong() || !v.isIntegralNumber() || v.asLong() < 1) {
            throw ApiException.badRequest("\"source\" must be a source id (a whole number of at least 1)");
        }
        return v.asLong();
    }

    private static JsonNode body(Request request) {
        return JsonBody.object(request, MAX_BODY);
    }
}
