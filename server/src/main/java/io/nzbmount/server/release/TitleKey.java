package io.nzbmount.server.release;

import java.text.Normalizer;

/**
 * Normalises a title for comparison: "Law &amp; Order", "law.and.order" and "Law And Order" give
 * the same key, as do "Ocean's Eleven" and "Oceans Eleven", "Amélie" and "Amelie", and
 * "S.W.A.T." and "SWAT" (a run of single letters is one word). Pure and stateless.
 */
public final class TitleKey {

    private TitleKey() {}

    /** The comparison key of {@code title}: lower case, ASCII letters where possible, words separated by one space. */
    public static String of(String title) {
        String text = ascii(title) ? title : Normalizer.normalize(title, Normalizer.Form.NFD);
        StringBuilder key = new StringBuilder(text.length() + 8);
        // Letters of the word being built, to join runs of single letters ("s w a t" is "swat").
        int wordStart = -1;
        boolean previousSingle = false;
        int n = text.length();
        for (int i = 0; i <= n; i++) {
            char c = i < n ? text.charAt(i) : ' ';
            if (c >= 128 && Character.getType(c) == Character.NON_SPACING_MARK
                    || c == '\''
                    || c == '\u2019'
                    || c == '`'
                    || c == '\u00b4') {
                continue;
            }
            if (Character.isLetterOrDigit(c)) {
                if (wordStart < 0) {
                    wordStart = key.length();
                    if (wordStart > 0) {
                        key.append(' ');
                        wordStart++;
                    }
                }
                key.append(Character.toLowerCase(c));
                continue;
            }
            if (wordStart >= 0) {
                boolean single = key.length() - wordStart == 1 && Character.isLetter(key.charAt(wordStart));
                if (single && previousSingle) {
                    key.deleteCharAt(wordStart - 1);
                }
                previousSingle = single;
                wordStart = -1;
            }
            if (c == '&') {
                key.append(key.isEmpty() ? "and" : " and");
                previousSingle = false;
            }
        }
        return key.toString();
    }

    private static boolean ascii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 128) {
                return false;
            }
        }
        return true;
    }
}
