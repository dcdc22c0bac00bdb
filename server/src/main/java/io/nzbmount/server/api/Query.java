package io.nzbmount.server.api;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

/** The query parameters of a request, read with checks that name the parameter at fault. */
final class Query {

    private static final Pattern WHOLE_NUMBER = Pattern.compile("[0-9]{1,18}");

    private final Fields fields;

    Query(Request request) {
        try {
            fields = Request.extractQueryParameters(request);
        } catch (RuntimeException e) {
            throw ApiException.badRequest("the query string cannot be decoded: " + e.getMessage());
        }
    }

    /** The parameter's value; a parameter given twice is refused (which one would count?). */
    Optional<String> text(String name) {
        Fields.Field field = fields.get(name);
        if (field == null) return Optional.empty();
        if (field.getValues().size() > 1)
            throw ApiException.badRequest("parameter " + name + " is given more than once");
        return Optional.ofNullable(field.getValue());
    }

    /** A whole number {@code >= min}. */
    Optional<Long> number(String name, long min) {
        Optional<String> text = text(name);
        if (text.isEmpty()) return Optional.empty();
        return Optional.of(number(name, text.get(), min));
    }

    /** An instant: ISO-8601 ({@code 2025-01-31T12:00:00Z}) or epoch milliseconds. */
    Optional<Instant> instant(String name) {
        Optional<String> text = text(name);
        if (text.isEmpty()) return Optional.empty();
        String t = text.get();
        if (WHOLE_NUMBER.matcher(t).matches()) return Optional.of(Instant.ofEpochMilli(Long.parseLong(t)));
        try {
            return Optional.of(Instant.parse(t));
        } catch (DateTimeParseException e) {
            throw ApiException.badRequest("parameter " + name + " is not a time: '" + t
                    + "' (use ISO-8601 like 2025-01-31T12:00:00Z, or epoch milliseconds)");
        }
    }

    /** Parses an id or count given in a path or parameter. */
    static long number(String what, String text, long min) {
        if (!WHOLE_NUMBER.matcher(text).matches() || Long.parseLong(text) < min) {
            throw ApiException.badRequest(
                    what + " must be a whole number of at least " + min + ", not '" + shorten(text) + "'");
        }
        return Long.parseLong(text);
    }

    private static String shorten(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
