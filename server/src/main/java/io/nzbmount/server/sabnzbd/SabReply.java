package io.nzbmount.server.sabnzbd;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What the API answers, as a value: always HTTP 200 with a JSON object, because Sonarr and Radarr
 * take any other status for "cannot connect" and never read the error.
 */
public sealed interface SabReply {

    /** The JSON object of the answer (nested maps, lists, strings, numbers, booleans). */
    Map<String, Object> body();

    /** A successful answer with the given body. */
    record Ok(Map<String, Object> body) implements SabReply {
        public Ok {
            body = Map.copyOf(body);
        }
    }

    /** A refused request: {@code {"status": false, "error": message}}; the message holds no secret. */
    record Refused(String error) implements SabReply {
        public Refused {
            Objects.requireNonNull(error, "error");
        }

        @Override
        public Map<String, Object> body() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("status", false);
            m.put("error", error);
            return m;
        }
    }

    /** {@code {key: value}}. */
    static Ok of(String key, Object value) {
        return new Ok(Map.of(key, value));
    }
}
