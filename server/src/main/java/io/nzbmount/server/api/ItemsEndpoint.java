package io.nzbmount.server.api;

import io.nzbmount.server.cutover.Problem;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.standby.StandbyStatus;
import io.nzbmount.server.store.ItemSummaries;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StoreException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.eclipse.jetty.server.Request;

/**
 * {@code GET /api/items} (all items, or a page of those a search lets through), {@code POST /api/items} (from a search result, see {@link SearchEndpoint}),
 * {@code GET /api/items/{id}} (with the proof progress of its standbys, its problem and the source serving it now), {@code DELETE /api/items/{id}}.
 * Thread-safe.
 */
final class ItemsEndpoint {

    /** The most items one page of {@code GET /api/items} holds. */
    static final int MAX_PAGE = 1000;

    private final ItemCatalog catalog;
    private final SearchEndpoint search;
    private final Optional<StandbyStatus> standby;
    private final ItemStreams streams;

    ItemsEndpoint(ItemCatalog catalog, SearchEndpoint search, Optional<StandbyStatus> standby, ItemStreams streams) {
        this.catalog = catalog;
        this.search = search;
        this.standby = standby;
        this.streams = streams;
    }

    Reply collection(Request request, Query query) throws StoreException {
        // Without indexers there is nothing to make an item from: POST is then not offered at all.
        if (request.getMethod().equals("POST") && search.available()) return search.create(request);
        if (!request.getMethod().equals("GET")) {
            throw ApiException.methodNotAllowed(request.getMethod(), search.available() ? "GET, POST" : "GET");
        }
        ItemSummaries.Filter filter = ItemSummaries.Filter.of(query.text("q").orElse(""));
        long offset = query.number("offset", 0).orElse(0L);
        long limit = query.number("limit", 1).orElse((long) Integer.MAX_VALUE);
        if (offset > Integer.MAX_VALUE) throw ApiException.badRequest("offset must be at most " + Integer.MAX_VALUE);
        if (query.text("limit").isPresent() && limit > MAX_PAGE) {
            throw ApiException.badRequest("limit must be at most " + MAX_PAGE + ", not " + limit);
        }
        ItemSummaries.Page page = catalog.page(filter, (int) offset, (int) limit);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("items", page.items().stream().map(ApiJson::summary).toList());
        body.put("total", page.total());
        body.put("offset", offset);
        return Reply.json(200, body);
    }

    Reply member(Request request, String idText) throws StoreException {
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("DELETE")) {
            throw ApiException.methodNotAllowed(method, "GET, DELETE");
        }
        long id = Query.number("item id", idText, 1);
        if (method.equals("DELETE")) {
            if (!catalog.delete(id)) throw ApiException.unknownItem(id);
            return Reply.noContent();
        }
        Map<Long, StandbyProgress> progress =
                standby.isPresent() ? standby.get().ofItem(id) : Map.of();
        Optional<Problem> problem = streams.problem(id);
        OptionalLong active = streams.activeSource(id);
        return catalog.item(id)
                .map(v -> Reply.json(200, ApiJson.item(v, progress, problem, active)))
                .orElseThrow(() -> ApiException.unknownItem(id));
    }
}
