package io.nzbmount.server.api;

import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.repair.RepairJobs;
import io.nzbmount.server.repair.RepairStatus;
import io.nzbmount.server.store.StoreException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Request;

/**
 * {@code GET /api/items/{id}/repair}: the PAR2 repairs of the item's sources (state, progress, why
 * one cannot finish); {@code POST} schedules the repair of its primary now (documented in
 * docs/api.md). Thread-safe.
 */
final class RepairEndpoint {
    private final ItemCatalog catalog;
    private final RepairJobs repairs;

    RepairEndpoint(ItemCatalog catalog, RepairJobs repairs) {
        this.catalog = catalog;
        this.repairs = repairs;
    }

    Reply serve(Request request, String idText) throws StoreException {
        long id = Query.number("item id", idText, 1);
        if (catalog.item(id).isEmpty()) throw ApiException.unknownItem(id);
        switch (request.getMethod()) {
            case "GET" -> {
                return Reply.json(200, body(id, repairs.ofItem(id)));
            }
            case "POST" -> {
                repairs.schedule(id);
                return Reply.json(202, body(id, repairs.ofItem(id)));
            }
            default -> throw ApiException.methodNotAllowed(request.getMethod(), "GET, POST");
        }
    }

    private static Map<String, Object> body(long id, List<RepairStatus> all) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("repairs", all.stream().map(RepairEndpoint::repair).toList());
        return m;
    }

    static Map<String, Object> repair(RepairStatus r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", r.sourceId());
        m.put("state", r.state());
        m.put("reason", r.reason().isEmpty() ? null : r.reason());
        m.put("slicesMissing", r.slicesMissing());
        m.put("slicesTotal", r.slicesTotal());
        m.put("slicesRead", r.slicesRead());
        m.put("bytesRead", r.bytesRead());
        return m;
    }
}
