package io.nzbmount.server.http;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;

/** HTTP-date formatting and parsing (IMF-fixdate, RFC 9110 section 5.6.7). Thread safe. */
public final class HttpDates {

    private static final DateTimeFormatter IMF_FIXDATE = DateTimeFormatter.ofPattern(
                    "EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private HttpDates() {}

    /** Formats an instant, dropping its fraction of a second. */
    public static String format(Instant instant) {
        return IMF_FIXDATE.format(instant);
    }

    /** Parses an IMF-fixdate (RFC 1123 form); anything else is empty. */
    public static Optional<Instant> parse(String value) {
        try {
            return Optional.of(Instant.from(DateTimeFormatter.RFC_1123_DATE_TIME.parse(value.strip())));
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
