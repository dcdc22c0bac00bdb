package io.nzbmount.server.api;

import io.nzbmount.server.cutover.Cutovers;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.standby.ReleasePicker;
import io.nzbmount.server.standby.StandbyStatus;
import io.nzbmount.server.store.StoreException;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The library's REST endpoints under {@code /api}: {@code /api/nzbs}, {@code /api/items}, {@code /api/search},
 * {@code /api/items/{id}}, {@code /api/items/{id}/sources} (POST: a search result as a standby),
 * {@code /api/events}, and with a {@link SourcesEndpoint}
 * {@code /api/items/{id}/primary}, {@code /api/items/{id}/sources/{sourceId}} and
 * {@code /api/items/{id}/research}, and with a {@link CoverageEndpoint} {@code /api/items/{id}/coverage}. Other paths are not handled (the handler returns
 * false), so it can share {@code /api/*} with other handlers in a {@link Handler.Sequence}.
 *
 * <p>Every answer is JSON. A refused request is a 4xx with {@code {"error": "..."}}; a failure of
 * the server itself (the database) is a 500 with a short message, never a stack trace. Handlers
 * block (reading bodies, importing): run them on virtual threads or a thread pool. Thread-safe.
 */
public final class ApiHandler extends Handler.Abstract {

    private static final Logger LOG = LoggerFactory.getLogger(ApiHandler.class);
    private static final String PREFIX = "/api";
    private static final Pattern ADD_TO_POOL = Pattern.compile("/items/([^/]+)/sources");
    private static final Pattern COVERAGE = Pattern.compile("/items/([^/]+)/coverage");
    private static final Pattern SOURCE_ACTION = Pattern.compile("/items/([^/]+)(/primary|/research|/sources/([^/]+))");

    private final NzbsEndpoint nzbs;
    private final ItemsEndpoint items;
    private final EventsEndpoint events;
    private final SearchEndpoint search;
    private final Optional<SourcesEndpoint> sources;
    private final Optional<CoverageEndpoint> coverage;
    private final Optional<RepairEndpoint> repair;
    private static final Pattern REPAIR = Pattern.compile("/items/([^/]+)/repair");

    private ApiHandler(Builder b) {
        super(InvocationType.BLOCKING);
        this.sources = Optional.ofNullable(b.sources);
        this.coverage = Optional.ofNullable(b.coverage);
        this.repair = Optional.ofNullable(b.repairs).map(r -> new RepairEndpoint(b.catalog, r));
        this.nzbs = new NzbsEndpoint(b.importer);
        this.search = new SearchEndpoint(Optional.ofNullable(b.picker));
        this.items = new ItemsEndpoint(b.catalog, search, Optional.ofNullable(b.standby), b.streams);
        this.events = new EventsEndpoint(b.eventLog);
    }

    /**
     * A handler of {@code /api/nzbs}, {@code /api/items}, {@code /api/events} and {@code /api/search};
     * the builder's other parts add to what it answers.
     */
    public static Builder builder(LibraryImporter importer, ItemCatalog catalog, EventLog eventLog) {
        return new Builder(importer, catalog, eventLog);
    }

    /** The parts of an {@link ApiHandler}; each part left out leaves out what it answers. Not thread-safe. */
    public static final class Builder {
        private final LibraryImporter importer;
        private final ItemCatalog catalog;
        private final EventLog eventLog;
        private ReleasePicker picker;
        private StandbyStatus standby;
        private ItemStreams streams = ItemStreams.NONE;
        private SourcesEndpoint sources;
        private CoverageEndpoint coverage;
        private io.nzbmount.server.repair.RepairJobs repairs;

        private Builder(LibraryImporter importer, ItemCatalog catalog, EventLog eventLog) {
            this.importer = importer;
            this.catalog = catalog;
            this.eventLog = eventLog;
        }

        /** Searches the indexers and makes items from results; without it (no indexers) there is nothing to search. */
        public Builder picker(ReleasePicker picker) {
            this.picker = picker;
            return this;
        }

        /** The proof progress of standbys, shown with each item. */
        public Builder standby(StandbyStatus standby) {
            this.standby = standby;
            return this;
        }

        /** The live state of each item's streams (its problem, the source serving now), shown with each item. */
        public Builder cutovers(Cutovers cutovers) {
            this.streams = ItemStreams.of(cutovers);
            return this;
        }

        /** Answers the source actions of items (make primary, remove, search again). */
        public Builder sources(SourcesEndpoint sources) {
            this.sources = sources;
            return this;
        }

        /** Answers {@code GET /api/items/{id}/coverage} (what each source lacks, what is proved, what plays). */
        public Builder coverage(CoverageEndpoint coverage) {
            this.coverage = coverage;
            return this;
        }

        /** Answers {@code /api/items/{id}/repair} (the PAR2 repairs of the item's sources). */
        public Builder repairs(io.nzbmount.server.repair.RepairJobs repairs) {
            this.repairs = repairs;
            return this;
        }

        public ApiHandler build() {
            return new ApiHandler(this);
        }
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        // The full decoded path: under a path mapping the "context" is not ours to rely on.
        String path = request.getHttpURI().getDecodedPath();
        if (!path.startsWith(PREFIX + "/")) return false;
        String rest = path.substring(PREFIX.length());
        if (rest.length() > 1 && rest.endsWith("/")) rest = rest.substring(0, rest.length() - 1);
        Optional<Endpoint> endpoint = route(rest);
        if (endpoint.isEmpty()) return false;
        Reply reply;
        try {
            reply = endpoint.get().serve(request, new Query(request));
        } catch (ApiException e) {
            reply = Reply.error(e);
        } catch (StoreException e) {
            LOG.error("{} {} failed in the database", request.getMethod(), path, e);
            reply = Reply.json(500, ApiJson.error("the library database failed; the server log says why"));
        } catch (RuntimeException e) {
            LOG.error("{} {} failed", request.getMethod(), path, e);
            reply = Reply.json(500, ApiJson.error("internal error; the server log says why"));
        }
        send(reply, response, callback);
        return true;
    }

    private Optional<Endpoint> route(String rest) {
        if (rest.equals("/nzbs")) return Optional.of(nzbs::post);
        if (rest.equals("/items")) return Optional.of(items::collection);
        if (rest.equals("/events")) return Optional.of(events::get);
        if (rest.equals("/search")) return Optional.of(search::search);
        Matcher covered = COVERAGE.matcher(rest);
        if (covered.matches() && coverage.isPresent()) {
            CoverageEndpoint c = coverage.get();
            return Optional.of((request, query) -> c.get(request, covered.group(1)));
        }
        Matcher repaired = REPAIR.matcher(rest);
        if (repaired.matches() && repair.isPresent()) {
            RepairEndpoint r = repair.get();
            return Optional.of((request, query) -> r.serve(request, repaired.group(1)));
        }
        Matcher pool = ADD_TO_POOL.matcher(rest);
        if (pool.matches()) return Optional.of((request, query) -> search.addToPool(request, pool.group(1)));
        if (rest.startsWith("/items/") && rest.indexOf('/', "/items/".length()) < 0) {
            String id = rest.substring("/items/".length());
            return Optional.of((request, query) -> items.member(request, id));
        }
        if (sources.isPresent()) {
            Matcher m = SOURCE_ACTION.matcher(rest);
            if (m.matches()) {
                SourcesEndpoint s = sources.get();
                String id = m.group(1);
                if (m.group(3) != null) return Optional.of((request, query) -> s.remove(request, id, m.group(3)));
                if (m.group(2).equals("/primary")) return Optional.of((request, query) -> s.primary(request, id));
                return Optional.of((request, query) -> s.research(request, id));
            }
        }
        return Optional.empty();
    }

    private static void send(Reply reply, Response response, Callback callback) {
        response.setStatus(reply.status());
        reply.headers().forEach((name, value) -> response.getHeaders().put(name, value));
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        if (reply.body() == null) {
            response.write(true, null, callback);
            return;
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, reply.body().length);
        response.write(true, ByteBuffer.wrap(reply.body()), callback);
    }

    /** One endpoint: answers a request or throws {@link ApiException}. */
    @FunctionalInterface
    interface Endpoint {
        Reply serve(Request request, Query query) throws StoreException;
    }
}
