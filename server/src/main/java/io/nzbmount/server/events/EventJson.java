package io.nzbmount.server.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.store.EventRecord;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one JSON shape of a timeline event, shared by {@code GET /api/events} and the diagnostics
 * export so both always agree. Stateless and thread-safe.
 */
public final class EventJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private EventJson() {}

    /** The event as a JSON-ready map: id, at, item, stream, kind and the detail as JSON. */
    public static Map<String, Object> of(EventRecord e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", e.id());
        m.put("at", e.at().toString());
        m.put("item", e.itemId().isPresent() ? e.itemId().getAsLong() : null);
        m.put("stream", e.stream().orElse(null));
        m.put("kind", e.kind());
        m.put("detail", detail(e.detail()));
        return m;
    }

    /** Details are stored as JSON text; one that is not JSON is shown as a string. */
    private static JsonNode detail(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            return MAPPER.getNodeFactory().textNode(json);
        }
    }
}
