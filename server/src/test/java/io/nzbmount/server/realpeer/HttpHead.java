package io.nzbmount.server.realpeer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The status line and header fields of one HTTP/1.1 response, as a client received them (curl's
 * {@code -D} file or the head read from a raw socket). Names are kept lower-cased. Immutable.
 *
 * @param status  the status code
 * @param headers every field, in order of appearance per name
 */
public record HttpHead(int status, Map<String, List<String>> headers) {

    /**
     * Parses a response head; when the text holds several (curl writes interim 100 responses
     * too), the last one counts.
     */
    public static HttpHead parse(String raw) {
        String[] blocks = raw.replace("\r\n", "\n").strip().split("\n\n");
        String[] lines = blocks[blocks.length - 1].split("\n");
        String[] statusLine = lines[0].split(" ", 3);
        if (statusLine.length < 2 || !statusLine[0].startsWith("HTTP/")) {
            throw new IllegalArgumentException("not an HTTP status line: " + lines[0]);
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) throw new IllegalArgumentException("not a header field: " + lines[i]);
            headers.computeIfAbsent(
                            lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(lines[i].substring(colon + 1).strip());
        }
        return new HttpHead(Integer.parseInt(statusLine[1]), headers);
    }

    /** The first value of a field. */
    public Optional<String> first(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** The first value of a field; fails when it is absent. */
    public String require(String name) {
        return first(name).orElseThrow(() -> new AssertionError("no " + name + " in " + this));
    }

    public boolean has(String name) {
        return headers.containsKey(name.toLowerCase(Locale.ROOT));
    }

    /** Content-Length as a number; fails when absent. */
    public long contentLength() {
        return Long.parseLong(require("Content-Length"));
    }
}
