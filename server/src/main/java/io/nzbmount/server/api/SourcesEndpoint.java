package io.nzbmount.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.library.EventKind;
import io.nzbmount.server.library.EventLog;
import io.nzbmount.server.standby.StandbyService;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.DeadCandidate;
import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.Sources;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
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
    private final Clock clock;
    private final LongConsumer userActed;

    /**
     * @param standby  prepares pools; empty when pools are not run at all
     * @param indexers whether any indexer is configured (without one there is nothing to search)
     */
    public SourcesEndpoint(Database db, EventLog events, Optional<StandbyService> standby, boolean indexers,
                           Clock clock) {
        this(db, events, standby, indexers, clock, item -> { });
    }

    /**
     * @param userActed told the item id after the user chose a primary or asked for a new search,
     *                  so that the item's "no stable source" problem ends
     */
    public SourcesEndpoint(Database db, EventLog events, Optional<StandbyService> standby, boolean indexers,
                           Clock clock, LongConsumer userActed) {
        this.db = db;
        this.events = events;
        this.standby = standby;
        this.indexers = indexers;
        this.clock = clock;
        this.userActed = userActed;
    }

    /** {@code POST /api/items/{id}/primary} with {@code {"source": ID}}: 200 with the new primary's id. */
    Reply primary(Request request, String itemText) throws StoreException {
        if (!request.getMethod().equals("POST")) throw ApiException.methodNotAllowed(request.getMethod(), "POST");
        long itemId = Query.number("item id", itemText, 1);
        long sourceId = sourceOf(body(request));
        Map<String, Object> detail = db.transaction(c -> {
            ItemRecord item = Items.byId(c, itemId).orElseThrow(() -> noItem(itemId));
            SourceRecord chosen = Sources.byId(c, sourceId).filter(s -> s.itemId() == itemId)
                    .orElseThrow(() -> ApiException.notFound("item " + itemId + " has no source " + sourceId));
            long old = item.primarySource().orElse(-1);
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("from", old);
            d.put("to", sourceId);
            d.put("release", chosen.releaseName());
            if (old == sourceId) {
                Items.setPrimary(c, itemId, sourceId, true);
                return d;
            }
            if (chosen.state() != SourceState.VALIDATED) {
                throw ApiException.of(409, "source " + sourceId + " is " + chosen.state().word()
                        + ": only a standby proved identical to the primary (verified) can become the primary");
            }
            Optional<SourceRecord> previous = Sources.byId(c, old);
            if (previous.isPresent() && previous.get().state() != SourceState.DEAD) {
                // It served as the primary, so it stays ready as a standby of the same content.
                Sources.update(c, old, SourceRole.STANDBY, SourceState.VALIDATED, Optional.empty(), previous.get().tier());
                StandbyProgress p = StandbyTables.progress(c, old)
                        .orElse(StandbyProgress.pending(old, previous.get().tier()));
                StandbyTables.putProgress(c, p.finished(StandbyState.VERIFIED,
                        Optional.of("it was the primary until another release was chosen"), clock.instant(), 0,
                        Optional.empty()));
            }
            Items.setPrimary(c, itemId, sourceId, true);
            Sources.update(c, sourceId, SourceRole.PRIMARY, SourceState.READY, Optional.empty(), chosen.tier());
            return d;
        });
        events.record(OptionalLong.of(itemId), Optional.empty(), EventKind.PRIMARY_CHOSEN, detail);
        userActed.accept(itemId);
        return Reply.json(200, Map.of("item", itemId, "primary", sourceId));
    }

    /** {@code DELETE /api/items/{id}/sources/{sourceId}}: 204; the standby is never added again. */
    Reply remove(Request request, String itemText, String sourceText) throws StoreException {
        if (!request.getMethod().equals("DELETE")) throw ApiException.methodNotAllowed(request.getMethod(), "DELETE");
        long itemId = Query.number("item id", itemText, 1);
        long sourceId = Query.number("source id", sourceText, 1);
        String release = db.transaction(c -> {
            ItemRecord item = Items.byId(c, itemId).orElseThrow(() -> noItem(itemId));
            SourceRecord s = Sources.byId(c, sourceId).filter(r -> r.itemId() == itemId)
                    .orElseThrow(() -> ApiException.notFound("item " + itemId + " has no source " + sourceId));
            if (item.primarySource().orElse(-1) == sourceId) {
                throw ApiException.of(409, "source " + sourceId + " is the primary: make another release the"
                        + " primary first, or delete the item");
            }
            if (s.state() == SourceState.DEAD) {
                throw ApiException.of(409, "source " + sourceId + " is not in the pool any more ("
                        + s.reason().orElse("dead") + ")");
            }
            // Dead, not deleted: its proof must not bring it back and a later search must not add it again.
            Sources.update(c, sourceId, SourceRole.STANDBY, SourceState.DEAD, Optional.of(REMOVED), s.tier());
            StandbyProgress p = StandbyTables.progress(c, sourceId).orElse(StandbyProgress.pending(sourceId, s.tier()));
            StandbyTables.putProgress(c, p.finished(StandbyState.DEAD, Optional.of(REMOVED), clock.instant(), 0,
                    Optional.empty()));
            String key = StandbyTables.key(c, sourceId).orElse(s.sha256());
            StandbyTables.putDead(c, new DeadCandidate(key, OptionalLong.of(itemId), s.releaseName(), REMOVED,
                    clock.instant()));
            return s.releaseName();
        });
        events.record(OptionalLong.of(itemId), Optional.empty(), EventKind.STANDBY_REMOVED,
                Map.of("source", sourceId, "release", release));
        return Reply.noContent();
    }

    /** {@code POST /api/items/{id}/research}: 202 once the search is started. */
    Reply research(Request request, String itemText) throws StoreException {
        if (!request.getMethod().equals("POST")) throw ApiException.methodNotAllowed(request.getMethod(), "POST");
        long itemId = Query.number("item id", itemText, 1);
        if (db.transaction(c -> Items.byId(c, itemId)).isEmpty()) throw noItem(itemId);
        if (!indexers) {
            throw ApiException.of(409, "no indexer is configured, so there is nothing to search: add one under"
                    + " Settings, or add a standby from an NZB file");
        }
        if (standby.isEmpty() || !standby.get().searchAgain(itemId)) {
            throw ApiException.of(409, "standby pools are turned off (fallback.maxStandby is 0)");
        }
        userActed.accept(itemId);
        return Reply.json(202, Map.of("item", itemId, "searching", true));
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
