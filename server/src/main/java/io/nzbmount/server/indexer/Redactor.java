package io.nzbmount.server.indexer;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes an API key from text that is about to become a message, a log line or a
 * {@code toString}. Thread safe.
 *
 * <p>Two layers: the configured key is replaced wherever it occurs (indexers put it in download
 * links under several parameter names, and echo it in error descriptions), and the value of any
 * {@code apikey=} parameter is masked too (a link may carry another tool's key, e.g. a link from
 * NZBHydra2 that points at an indexer behind it).
 */
final class Redactor {
    static final String MASK = "****";
    private static final Pattern APIKEY_PARAMETER = Pattern.compile("(?i)(apikey=)[^&\\s\"'<>]*");

    private final String key;

    Redactor(String key) {
        this.key = key;
    }

    /** The text without the key. */
    String redact(String text) {
        if (text == null) return "";
        String out = key.isEmpty() ? text : text.replace(key, MASK);
        return APIKEY_PARAMETER.matcher(out).replaceAll(Matcher.quoteReplacement("apikey=") + MASK);
    }

    /**
     * A URL cut before its query and before the first {@code &} in its path (some indexers write
     * links like {@code /getnzb/ID.nzb&i=1&r=KEY}). Used where the key is not known.
     */
    static String withoutQuery(String url) {
        int cut = url.length();
        for (char c : new char[] {'?', '&', ';', '#'}) {
            int at = url.indexOf(c);
            if (at >= 0 && at < cut) cut = at;
        }
        return cut == url.length() ? url : url.substring(0, cut) + "?" + MASK;
    }
}
