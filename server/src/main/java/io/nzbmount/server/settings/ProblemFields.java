package io.nzbmount.server.settings;

import io.nzbmount.config.ConfigException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sorts the problems of a {@link ConfigException} by the key they are about, so the web UI can
 * show each next to its field. {@link ConfigException} documents every problem as
 * {@code key.path[i].name: what is wrong}; a problem not in that form (a YAML syntax error, an
 * unknown environment variable) goes under the empty key, for the page as a whole. The source
 * names this package gives the loader hold spaces, so a syntax error prefixed with one never reads
 * as a key. Stateless.
 */
final class ProblemFields {

    /** The key for problems that belong to no single field. */
    static final String GENERAL = "";

    private static final String STEP = "[A-Za-z][A-Za-z0-9]*(?:\\[[0-9]{1,9}\\])*";
    private static final Pattern KEYED =
            Pattern.compile("(" + STEP + "(?:\\." + STEP + ")*|\\(top level\\)): (.+)", Pattern.DOTALL);

    private ProblemFields() {}

    /** Problems by key path, in the order found; two problems of one key are joined with "; ". */
    static Map<String, String> of(List<String> problems) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (String problem : problems) {
            Matcher m = KEYED.matcher(problem);
            String key = GENERAL;
            String message = problem;
            if (m.matches() && !m.group(1).equals("(top level)")) {
                key = m.group(1);
                message = m.group(2);
            }
            fields.merge(key, message, (a, b) -> a + "; " + b);
        }
        return fields;
    }

    /**
     * The problems of one list entry validated alone as {@code list[0]}, keyed relative to the
     * entry ({@code port}, not {@code providers[0].port}); the entry itself is the empty key.
     */
    static Map<String, String> ofEntry(List<String> problems, String list) {
        String prefix = list + "[0]";
        Map<String, String> relative = new LinkedHashMap<>();
        of(problems).forEach((key, message) -> {
            String k = key.equals(prefix)
                    ? GENERAL
                    : key.startsWith(prefix + ".") ? key.substring(prefix.length() + 1) : key;
            relative.merge(k, message, (a, b) -> a + "; " + b);
        });
        return relative;
    }
}
