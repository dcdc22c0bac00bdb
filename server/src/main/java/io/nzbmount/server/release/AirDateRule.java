package io.nzbmount.server.release;

import io.nzbmount.server.release.Vocabulary.Match;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Air dates of daily shows, every way release names write them: "2024-05-01", "2024.05.01",
 * "20240501", the European "01.05.2024" and "01-05-2024", and "1st May 2024". A date with the
 * year last is read day first, as European names write it (US names write the year first).
 * Pure and stateless.
 */
final class AirDateRule {
    private static final Pattern ISO_DATE = Pattern.compile("((?:19|20)\\d\\d)-(\\d\\d)-(\\d\\d)");
    private static final Pattern DAY_FIRST = Pattern.compile("(\\d\\d)-(\\d\\d)-((?:19|20)\\d\\d)");
    private static final Pattern COMPACT = Pattern.compile("((?:19|20)\\d\\d)(\\d\\d)(\\d\\d)");
    private static final Pattern DAY = Pattern.compile("(\\d{1,2})(?:st|nd|rd|th)?");
    private static final Map<String, Integer> MONTHS = Map.ofEntries(
            Map.entry("jan", 1),
            Map.entry("january", 1),
            Map.entry("feb", 2),
            Map.entry("february", 2),
            Map.entry("mar", 3),
            Map.entry("march", 3),
            Map.entry("apr", 4),
            Map.entry("april", 4),
            Map.entry("may", 5),
            Map.entry("jun", 6),
            Map.entry("june", 6),
            Map.entry("jul", 7),
            Map.entry("july", 7),
            Map.entry("aug", 8),
            Map.entry("august", 8),
            Map.entry("sep", 9),
            Map.entry("sept", 9),
            Map.entry("september", 9),
            Map.entry("oct", 10),
            Map.entry("october", 10),
            Map.entry("nov", 11),
            Map.entry("november", 11),
            Map.entry("dec", 12),
            Map.entry("december", 12));

    private AirDateRule() {}

    /** The air date that starts at word {@code i} (which starts with a digit), or null. */
    static Match<Episodes> at(Words w, int i) {
        String word = w.lower(i);
        int n = word.length();
        if (n == 10 && word.charAt(4) == '-') {
            Matcher iso = ISO_DATE.matcher(word);
            return iso.matches() ? daily(date(iso.group(1), iso.group(2), iso.group(3)), 1) : null;
        }
        if (n == 10 && word.charAt(2) == '-') {
            Matcher dayFirst = DAY_FIRST.matcher(word);
            return dayFirst.matches() ? daily(date(dayFirst.group(3), dayFirst.group(2), dayFirst.group(1)), 1) : null;
        }
        if (n == 8 && w.enclosure(i) == 0) {
            Matcher compact = COMPACT.matcher(word);
            return compact.matches() ? daily(date(compact.group(1), compact.group(2), compact.group(3)), 1) : null;
        }
        if (i + 2 >= w.size()) {
            return null;
        }
        String second = w.lower(i + 1);
        String third = w.lower(i + 2);
        if (Vocabulary.isYear(word) && twoDigits(second) && twoDigits(third)) {
            return daily(date(word, second, third), 3);
        }
        if (twoDigits(word) && twoDigits(second) && Vocabulary.isYear(third)) {
            return daily(date(third, second, word), 3);
        }
        Integer month = MONTHS.get(second);
        if (month == null || !Vocabulary.isYear(third)) {
            return null;
        }
        Matcher day = DAY.matcher(word);
        return day.matches() ? daily(date(third, String.valueOf(month), day.group(1)), 3) : null;
    }

    private static Match<Episodes> daily(LocalDate date, int width) {
        return date == null ? null : new Match<>(new Episodes.Daily(date), width);
    }

    private static boolean twoDigits(String word) {
        return word.length() == 2 && Character.isDigit(word.charAt(0)) && Character.isDigit(word.charAt(1));
    }

    private static LocalDate date(String year, String month, String day) {
        try {
            return LocalDate.of(Integer.parseInt(year), Integer.parseInt(month), Integer.parseInt(day));
        } catch (DateTimeException e) {
            return null;
        }
    }
}
