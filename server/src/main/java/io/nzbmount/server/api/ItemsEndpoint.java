package io.nzbmount.server.api;

import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.store.StoreException;
import java.util.Map;
import org.eclipse.jetty.server.Request;

/** {@code GET /api/items}, {@code GET /api/items/{id}}, {@code DELETE /api/items/{id}}. Thread-safe. */
final class ItemsEndpoint {

    private final ItemCatalog catalog;

    ItemsEndpoint(ItemCatalog catalog) {
        this.catalog = catalog;
    }

    Reply collection(Request request, Query query) throws StoreException {
        if (!request.getMethod().equals("GET")) throw ApiException.methodNotAllowed(request.getMethod(), "GET");
        return Reply.json(200, Map.of("items", catalog.items().stream().map(ApiJson::summary).toList()));
    }

    Reply member(Request request, String idText) throws StoreException {
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("DELETE")) {
            throw ApiException.methodNotAllowed(method, "GET, DELETE");
        }
        long id = Query.number("item id", idText, 1);
        if (method.equals("DELETE")) {
            if (!catalog.delete(id)) throw ApiException.notFound("there is no item " + id);
            return Reply.noContent();
        }
        return catalog.item(id).map(v -> Reply.json(200, ApiJson.item(v)))
                .orElseThrow(() -> ApiException.notFound("there is no item " + id));
    }
}
