package io.nzbmount.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.indexer.IndexerException;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.SearchQuery;
import io.nzbmount.server.indexer.SearchResult;
import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.release.ReleaseJson;
import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.standby.PoolTarget;
import io.nzbmount.server.standby.ReleasePicker;
import io.nzbmount.server.store.StoreException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.eclipse.jetty.server.Request;

/**
 * {@code GET /api/search} (the indexers' results; with {@code item=ID}, each result's tier against
 * that item's primary and whether it is already one of its sources; every result with the traits
 * its name gives), {@code POST /api/items} (an
 * item from a result) and {@code POST /api/items/{id}/sources} (a result as a standby of an
 * item). Links are shown without their API key. Thread-safe.
 */
final class SearchEndpoint {

    private static final int MAX_BODY = 64 * 1024;

    private final Optional<ReleasePicker> picker;

    SearchEndpoint(Optional<ReleasePicker> picker) {
        this.picker = picker;
    }

    /** Whether indexers are configured. */
    boolean available() {
        return picker.isPresent();
    }

    Reply search(Request request, Query query) throws StoreException {
        if (!request.getMethod().equals("GET")) throw ApiException.methodNotAllowed(request.getMethod(), "GET");
        ReleasePicker p = picker();
        SearchQuery q = query(query);
        Optional<PoolTarget> target = Optional.empty();
        Optional<Long> itemId = query.number("item", 1);
        if (itemId.isPresent()) {
            target = p.target(itemId.get());
            if (target.isEmpty()) throw ApiException.unknownItem(itemId.get());
        }
        IndexerSet.Outcome outcome;
        try {
            outcome = p.search(q);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.of(503, "the search was interrupted");
        }
        Map<String, String> errors = new TreeMap<>();
        outcome.failures().forEach((name, e) -> errors.put(name, e.getMessage()));
        if (outcome.results().isEmpty()
                && !errors.isEmpty()
                && errors.size() == p.indexerNames().size()) {
            throw ApiException.of(
                    502,
                    "every indexer failed: "
                            + String.join(
                                    "; ",
                                    errors.entrySet().stream()
                                            .map(e -> e.getKey() + ": " + e.getValue())
                                            .toList()));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        Optional<PoolTarget> against = target;
        body.put(
                "results",
                outcome.results().stream().map(r -> result(r, against)).toList());
        body.put("errors", errors);
        against.ifPresent(t -> body.put(
                "item",
                Map.of(
                        "id",
                        t.view().item().id(),
                        "name",
                        t.view().item().name(),
                        "primary",
                        t.view().primary().releaseName())));
        return Reply.json(200, body);
    }

    Reply create(Request request) throws StoreException {
        ReleasePicker p = picker();
        Chosen chosen = chosen(body(request));
        ImportResult result = picked(chosen, () -> p.pick(chosen.indexer(), chosen.guid(), chosen.link()));
        return Reply.json(
                result.created() ? 201 : 200,
                ApiJson.item(result.item()),
                Map.of("Location", "/api/items/" + result.item().item().id()));
    }

    /**
     * {@code POST /api/items/{id}/sources} with {@code {"indexer", "guid" | "link"}} of a recent
     * search result: 201 with the item once the result is a pending standby of it (200 when those
     * NZB bytes were already its source); 404 for no such item, 409 when the result is already a
     * source of it or remembered as dead.
     */
    Reply addToPool(Request request, String itemText) throws StoreException {
        if (!request.getMethod().equals("POST")) throw ApiException.methodNotAllowed(request.getMethod(), "POST");
        long itemId = Query.number("item id", itemText, 1);
        ReleasePicker p = picker();
        Chosen chosen = chosen(body(request));
        ImportResult result = picked(chosen, () -> p.addToPool(itemId, chosen.indexer(), chosen.guid(), chosen.link()));
        Map<String, Object> reply = new LinkedHashMap<>(ApiJson.item(result.item()));
        reply.put("source", result.sourceId());
        return Reply.json(result.created() ? 201 : 200, reply, Map.of("Location", "/api/items/" + itemId));
    }

    /** A search result named by a request body: its indexer and its guid or download link. */
    private record Chosen(String indexer, Optional<String> guid, Optional<String> link) {}

    private static Chosen chosen(JsonNode body) {
        String indexer = text(body, "indexer").orElseThrow(() -> ApiException.badRequest("the body needs \"indexer\""));
        Optional<String> guid = text(body, "guid");
        Optional<String> link = text(body, "link");
        if (guid.isEmpty() && link.isEmpty()) {
            throw ApiException.badRequest("the body needs \"guid\" or \"link\" of a search result");
        }
        return new Chosen(indexer, guid, link);
    }

    /** A call of the release picker, with what it may throw. */
    private interface Pick {
        ImportResult run()
                throws ReleasePicker.UnknownResult, ReleasePicker.NoItem, ReleasePicker.NotAddable, IndexerException,
                        ImportException, StoreException;
    }

    /** Runs {@code pick}, its failures as the HTTP statuses they stand for. */
    private static ImportResult picked(Chosen chosen, Pick pick) throws StoreException {
        try {
            return pick.run();
        } catch (ReleasePicker.NoItem e) {
            throw ApiException.notFound(e.getMessage());
        } catch (ReleasePicker.UnknownResult e) {
            throw ApiException.badRequest(e.getMessage());
        } catch (ReleasePicker.NotAddable e) {
            throw ApiException.of(409, e.getMessage());
        } catch (IndexerException e) {
            throw ApiException.of(502, "the indexer '" + chosen.indexer() + "' failed: " + e.getMessage());
        } catch (ImportException e) {
            throw ApiException.of(e.reason().httpStatus(), e.getMessage());
        }
    }

    private ReleasePicker picker() {
        return picker.orElseThrow(() -> ApiException.badRequest("no indexer is configured (indexers[] in the config)"));
    }

    private static SearchQuery query(Query query) {
        String text = query.text("q").orElse("");
        String type = query.text("type").orElse("search");
        OptionalInt season = query.number("season", 0)
                .map(n -> OptionalInt.of(Math.toIntExact(n)))
                .orElse(OptionalInt.empty());
        OptionalInt episode = query.number("ep", 0)
                .map(n -> OptionalInt.of(Math.toIntExact(n)))
                .orElse(OptionalInt.empty());
        try {
            return switch (type) {
                case "search" -> {
                    if (season.isPresent() || episode.isPresent()) {
                        throw ApiException.badRequest("season and ep belong to type=tv");
                    }
                    yield SearchQuery.text(text);
                }
                case "tv" -> SearchQuery.tv(text, season, episode);
                case "movie" -> {
                    if (season.isPresent() || episode.isPresent()) {
                        throw ApiException.badRequest("season and ep belong to type=tv");
                    }
                    yield SearchQuery.movie(text);
                }
                default -> throw ApiException.badRequest("type must be search, tv or movie, not '" + type + "'");
            };
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage());
        }
    }

    private static Map<String, Object> result(SearchResult r, Optional<PoolTarget> target) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("indexer", r.indexer());
        m.put("title", r.title());
        m.put("guid", r.guid());
        m.put("link", r.linkForDisplay());
        m.put("size", r.size() == SearchResult.UNKNOWN ? null : r.size());
        m.put(
                "posted",
                r.postDate() == SearchResult.UNKNOWN
                        ? null
                        : Instant.ofEpochSecond(r.postDate()).toString());
        m.put("categories", r.categories());
        m.put("grabs", r.grabs() == SearchResult.UNKNOWN ? null : r.grabs());
        m.put("group", r.group().isEmpty() ? null : r.group());
        // What the name says, read by the same parser the standby rules use, so clients need not parse names.
        m.put("release", ReleaseJson.traits(ReleaseName.parse(r.title())));
        target.ifPresent(t -> {
            OptionalInt tier = t.tier(r);
            m.put("tier", tier.isPresent() ? tier.getAsInt() : null);
            m.put(
                    "standing",
                    switch (t.standing(r)) {
                        case NEW -> "new";
                        case TAKEN -> "source";
                        case DEAD -> "dead";
                    });
        });
        return m;
    }

    private static JsonNode body(Request request) {
        return JsonBody.object(request, MAX_BODY);
    }

    private static Optional<String> text(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull()) return Optional.empty();
        if (!v.isTextual() || v.asText().isBlank()) {
            throw ApiException.badRequest("\"" + field + "\" must be a non-empty string");
        }
        return Optional.of(v.asText());
    }
}
