package io.nzbmount.server.indexer;

import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the dates indexers write in {@code pubDate}, {@code usenetdate} and {@code postdate}. Pure
 * and thread safe.
 *
 * <p>The standard is RFC 822 ({@code Sun, 15 Nov 2020 09:03:43 +0100}), but real answers carry
 * named zones ({@code GMT}, {@code UTC}, {@code EST}), no seconds, a single-digit day, a day of
 * week that does not match the date, no zone at all (read as UTC), ISO 8601, or plain epoch
 * seconds. The day of week is ignored (it only ever disagrees when it is wrong).
 */
final class FeedDates {
    private static final Pattern DAY_OF_WEEK = Pattern.compile("^[A-Za-z]{3,9},?\\s+(?=\\d)");
    private static final Pattern ZONE = Pattern.compile("\\s*([A-Za-z]{1,4}|[+-]\\d{2}:?\\d{2})$");
    private static final Map<String, String> NAMED_ZONES = Map.ofEntries(
            Map.entry("GMT", "+0000"),
            Map.entry("UT", "+0000"),
            Map.entry("UTC", "+0000"),
            Map.entry("Z", "+0000"),
            Map.entry("EST", "-0500"),
            Map.entry("EDT", "-0400"),
            Map.entry("CST", "-0600"),
            Map.entry("CDT", "-0500"),
            Map.entry("MST", "-0700"),
            Map.entry("MDT", "-0600"),
            Map.entry("PST", "-0800"),
            Map.entry("PDT", "-0700"),
            Map.entry("CET", "+0100"),
            Map.entry("CEST", "+0200"));
    private static final DateTimeFormatter RFC_822 = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .appendPattern("d MMM uuuu HH:mm[:ss] xx")
            .toFormatter(Locale.ENGLISH);

    private FeedDates() {}

    /** Epoch seconds, or empty when the text is not a date in any known form. */
    static OptionalLong parse(String text) {
        if (text == null) return OptionalLong.empty();
        String value = text.strip().replaceAll("\\s+", " ");
        if (value.isEmpty()) return OptionalLong.empty();
        if (value.chars().allMatch(Character::isDigit)) {
            return value.length() <= 12 ? OptionalLong.of(Long.parseLong(value)) : OptionalLong.empty();
        }
        try {
            if (Character.isDigit(value.charAt(0)) && value.indexOf('T') == 10) {
                return OptionalLong.of(ZonedDateTime.parse(value, DateTimeFormatter.ISO_DATE_TIME)
                        .toEpochSecond());
            }
            String rfc = normalizeZone(DAY_OF_WEEK.matcher(value).replaceFirst(""));
            return rfc == null
                    ? OptionalLong.empty()
                    : OptionalLong.of(OffsetDateTime.parse(rfc, RFC_822).toEpochSecond());
        } catch (DateTimeParseException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * The same text with its zone written as {@code +hhmm} (no zone at all is read as UTC); null
     * when it names a zone we do not know.
     */
    private static String normalizeZone(String value) {
        Matcher m = ZONE.matcher(value);
        if (!m.find()) return Character.isDigit(value.charAt(value.length() - 1)) ? value + " +0000" : null;
        String zone = m.group(1);
        String offset;
        if (zone.startsWith("+") || zone.startsWith("-")) {
            offset = zone.replace(":", "");
        } else {
            offset = NAMED_ZONES.get(zone.toUpperCase(Locale.ROOT));
            if (offset == null) return null;
        }
        return value.substring(0, m.start()) + " " + offset;
    }
}
