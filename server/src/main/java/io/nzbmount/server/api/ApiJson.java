package io.nzbmount.server.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.cutover.Problem;
import io.nzbmount.server.events.EventJson;
import io.nzbmount.server.indexer.SearchQuery;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.standby.ContentQuery;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.ItemSummaries;
import io.nzbmount.server.store.RefusalRecord;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.StandbyProgress;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The JSON shapes of the API (documented in docs/api.md). Times are ISO-8601 instants in UTC.
 * Stateless and thread-safe.
 */
final class ApiJson {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private ApiJson() {}

    static byte[] write(Object value) {
        try {
            return MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("API value cannot be written as JSON", e);
        }
    }

    /** An item in a listing: no file or source lists. */
    static Map<String, Object> summary(ItemSummaries.Summary s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("name", s.name());
        m.put("created", time(s.created()));
        m.put("files", s.files());
        m.put("size", s.size());
        m.put("primaryState", WireWords.of(s.primaryState()));
        m.put("standby", s.standby());
        return m;
    }

    /** An item with its files, primary, standby pool and other sources. */
    static Map<String, Object> item(ItemView v) {
        return item(v, Map.of());
    }

    /** An item whose standbys carry their proof progress ({@code validation}) when they have one. */
    static Map<String, Object> item(ItemView v, Map<Long, StandbyProgress> progress) {
        return item(v, progress, Optional.empty(), OptionalLong.empty());
    }

    /**
     * An item with its live state: {@code problem} (null, or why it cannot be played now) and
     * {@code activeSource} (the id of the source its newest open stream reads from, null when none
     * is open).
     */
    static Map<String, Object> item(
            ItemView v, Map<Long, StandbyProgress> progress, Optional<Problem> problem, OptionalLong activeSource) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", v.item().id());
        m.put("name", v.item().name());
        m.put("created", time(v.item().created()));
        m.put("primaryChosenByUser", v.item().primaryByUser());
        m.put("files", v.files().stream().map(ApiJson::file).toList());
        m.put("refused", v.refused().stream().map(ApiJson::refused).toList());
        m.put("primary", withMemberCrc(source(v.primary()), v, v.primary().id()));
        m.put(
                "standby",
                v.standby().stream()
                        .map(s -> withMemberCrc(source(s, progress), v, s.id()))
                        .toList());
        m.put(
                "otherSources",
                v.others().stream()
                        .map(s -> withMemberCrc(source(s, progress), v, s.id()))
                        .toList());
        m.put("activeSource", activeSource.isPresent() ? activeSource.getAsLong() : null);
        m.put("problem", problem.map(ApiJson::problem).orElse(null));
        m.put("search", search(v.primary()));
        return m;
    }

    /**
     * The search the standby pool makes for other releases of the primary's content, as the
     * search API's parameters ({@code type}, {@code q}, {@code season}, {@code ep}); null when the
     * primary's name is not read as any content.
     */
    static Map<String, Object> search(SourceRecord primary) {
        Optional<SearchQuery> query = ContentQuery.of(ReleaseName.parse(primary.releaseName()));
        if (query.isEmpty()) return null;
        SearchQuery q = query.get();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(
                "type",
                switch (q.kind()) {
                    case SEARCH -> "search";
                    case TV -> "tv";
                    case MOVIE -> "movie";
                });
        m.put("q", q.text());
        m.put("season", q.season().isPresent() ? q.season().getAsInt() : null);
        m.put("ep", q.episode().isPresent() ? q.episode().getAsInt() : null);
        return m;
    }

    static Map<String, Object> problem(Problem p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("message", p.message());
        m.put("since", time(p.since()));
        m.put("reason", p.reason());
        m.put("kind", p.kind().word());
        return m;
    }

    static Map<String, Object> file(LibraryFileView f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", f.name());
        m.put("size", f.size());
        m.put("path", f.davPath());
        return m;
    }

    /** Something the primary holds that cannot be served: an archive or a file inside one. */
    static Map<String, Object> refused(RefusalRecord r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", r.name());
        m.put("reason", r.reason());
        m.put("message", r.message());
        return m;
    }

    static Map<String, Object> source(SourceRecord s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", s.id());
        m.put("release", s.releaseName());
        m.put("sha256", s.sha256());
        m.put("link", s.link().orElse(null));
        m.put("posted", s.postedAt() > 0 ? time(Instant.ofEpochSecond(s.postedAt())) : null);
        m.put("role", s.role().word());
        m.put("state", WireWords.of(s.state()));
        m.put("reason", s.reason().orElse(null));
        m.put("tier", s.tier().isPresent() ? s.tier().getAsInt() : null);
        m.put("presence", Map.of("checked", s.presenceChecked(), "missing", s.presenceMissing()));
        m.put("added", time(s.added()));
        return m;
    }

    /**
     * A source with {@code memberCrc}: where the background CRC check of its files inside encrypted
     * archives stands (null when it has none to check).
     */
    private static Map<String, Object> withMemberCrc(Map<String, Object> source, ItemView v, long sourceId) {
        io.nzbmount.server.store.MemberCrcs.State state = v.memberCrcs().get(sourceId);
        source.put("memberCrc", state == null ? null : state.word());
        return source;
    }

    private static Map<String, Object> source(SourceRecord s, Map<Long, StandbyProgress> progress) {
        Map<String, Object> m = source(s);
        StandbyProgress p = progress.get(s.id());
        if (p != null) m.put("validation", proof(p));
        return m;
    }

    static Map<String, Object> proof(StandbyProgress p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", WireWords.of(p.state()));
        m.put("tier", p.tier().isPresent() ? p.tier().getAsInt() : null);
        m.put("samplesDone", p.samplesDone());
        m.put("samplesTotal", p.samplesTotal());
        m.put("lastValidation", p.provedAt().map(ApiJson::time).orElse(null));
        m.put("reason", p.reason().orElse(null));
        m.put("nextAttempt", p.retryAt().map(ApiJson::time).orElse(null));
        return m;
    }

    static Map<String, Object> events(List<EventRecord> page, boolean full) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("events", page.stream().map(EventJson::of).toList());
        m.put("next", full && !page.isEmpty() ? page.get(page.size() - 1).id() : null);
        return m;
    }

    static Map<String, Object> error(String message) {
        return Map.of("error", message);
    }

    private static String time(Instant t) {
        return t.toString();
    }
}
