package io.nzbmount.server.api;

import java.util.Map;

/**
 * An endpoint's answer, written by {@link ApiHandler}.
 *
 * @param status  the HTTP status
 * @param headers extra response headers
 * @param body    the JSON body, or null for none (204)
 */
record Reply(int status, Map<String, String> headers, byte[] body) {
    Reply {
        headers = Map.copyOf(headers);
    }

    static Reply json(int status, Object value) {
        return new Reply(status, Map.of(), ApiJson.write(value));
    }

    static Reply json(int status, Object value, Map<String, String> headers) {
        return new Reply(status, headers, ApiJson.write(value));
    }

    static Reply noContent() {
        return new Reply(204, Map.of(), null);
    }

    static Reply error(ApiException e) {
        Map<String, String> headers = e.allow().map(a -> Map.of("Allow", a)).orElse(Map.of());
        Map<String, Object> body = new java.util.LinkedHashMap<>(ApiJson.error(e.getMessage()));
        e.kind().ifPresent(k -> body.put("kind", k));
        return new Reply(e.status(), headers, ApiJson.write(body));
    }
}
