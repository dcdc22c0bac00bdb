package io.nzbmount.server.api;

import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.Events;
import io.nzbmount.server.store.StoreException;
import java.util.List;
import java.util.OptionalLong;
import org.eclipse.jetty.server.Request;

/**
 * {@code GET /api/events?item=&since=&after=&limit=}: the timeline, oldest first. {@code after}
 * is the paging cursor: pass the previous page's {@code next}. Thread-safe.
 */
final class EventsEndpoint {

    static final int DEFAULT_LIMIT = 100;

    private final EventLog log;

    EventsEndpoint(EventLog log) {
        this.log = log;
    }

    Reply get(Request request, Query query) throws StoreException {
        if (!request.getMethod().equals("GET")) throw ApiException.methodNotAllowed(request.getMethod(), "GET");
        long limit = query.number("limit", 1).orElse((long) DEFAULT_LIMIT);
        if (limit > Events.MAX_LIMIT) {
            throw ApiException.badRequest("limit may be at most " + Events.MAX_LIMIT + ", not " + limit);
        }
        OptionalLong item = query.number("item", 1).map(OptionalLong::of).orElse(OptionalLong.empty());
        long after = query.number("after", 0).orElse(0L);
        List<EventRecord> page = log.find(new EventQuery(after, query.instant("since"), item, (int) limit));
        return Reply.json(200, ApiJson.events(page, page.size() == limit));
    }
}
