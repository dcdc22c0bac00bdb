package io.nzbmount.server.release;

import java.text.Normalizer;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Normalises a title for comparison: "Law &amp; Order", "law.and.order" and "Law And Order" give
 * the same key, as do "Ocean's Eleven" and "Oceans Eleven", "Amélie" and "Amelie", and
 * "S.W.A.T." and "SWAT" (a run of single letters is one word).
 */
public final class TitleKey {
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Pattern APOSTROPHES = Pattern.compile("['\u2019`\u00b4]");
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private TitleKey() {
    }

    /** The comparison key of {@code title}: lower case, ASCII letters where possible, words separated by one space. */
    public static String of(String title) {
        String key = MARKS.matcher(Normalizer.normalize(title, Normalizer.Form.NFD)).replaceAll("");
        key = key.toLowerCase(Locale.ROOT).replace("&", " and ");
        key = APOSTROPHES.matcher(key).replaceAll("");
        String[] words = NOT_WORD.matcher(key).replaceAll(" ").strip().split(" ");
        StringBuilder joined = new StringBuilder(key.length());
        for (int i = 0; i < words.length; i++) {
            boolean letter = words[i].length() == 1 && Character.isLetter(words[i].charAt(0));
            boolean runGoesOn = letter && i > 0 && words[i - 1].length() == 1 && Character.isLetter(words[i - 1].charAt(0));
            if (joined.length() > 0 && !runGoesOn) {
                joined.append(' ');
            }
            joined.append(words[i]);
        }
        return joined.toString();
    }
}
