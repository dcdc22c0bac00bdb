package io.nzbmount.server.library.naming;

import java.text.Normalizer;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Turns release and file names into names usable as one WebDAV path segment on every client
 * (Windows and macOS included). Pure and thread-safe.
 */
public final class Names {

    /** Longest name kept, in characters; file systems stop at 255 bytes. */
    public static final int MAX_LENGTH = 180;

    private static final Pattern FORBIDDEN = Pattern.compile("[\\p{Cntrl}\\p{Cf}/\\\\:*?\"<>|]");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern EXTENSION = Pattern.compile("\\.[A-Za-z0-9]{1,5}$");

    private Names() {}

    /**
     * The name with characters clients cannot take in a path segment replaced by spaces, runs of
     * white space collapsed, leading and trailing spaces and dots removed (a leading dot hides a
     * file; a trailing one is dropped by Windows), cut to {@link #MAX_LENGTH}. Empty when nothing
     * is left.
     */
    public static Optional<String> safeSegment(String raw) {
        String s = Normalizer.normalize(raw, Normalizer.Form.NFC);
        s = FORBIDDEN.matcher(s).replaceAll(" ");
        s = SPACES.matcher(s).replaceAll(" ");
        s = trimDotsAndSpaces(s);
        if (s.length() > MAX_LENGTH) {
            int end = MAX_LENGTH;
            if (Character.isHighSurrogate(s.charAt(end - 1))) end--;
            s = trimDotsAndSpaces(s.substring(0, end));
        }
        return s.isEmpty() ? Optional.empty() : Optional.of(s);
    }

    /** The file name without its extension (1 to 5 letters or digits after the last dot). */
    public static String stem(String fileName) {
        String stem = EXTENSION.matcher(fileName).replaceFirst("");
        return stem.isEmpty() ? fileName : stem;
    }

    /**
     * {@code name} when {@code taken} (lower-cased names) does not hold it, else the first of
     * "name (2)", "name (3)", ... that is free; for a file the number goes before the extension.
     */
    public static String unique(String name, Set<String> taken, boolean isFile) {
        if (!taken.contains(name.toLowerCase(Locale.ROOT))) return name;
        String stem = isFile ? stem(name) : name;
        String extension = name.substring(stem.length());
        for (int n = 2; ; n++) {
            String candidate = stem + " (" + n + ")" + extension;
            if (!taken.contains(candidate.toLowerCase(Locale.ROOT))) return candidate;
        }
    }

    private static String trimDotsAndSpaces(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && (s.charAt(start) == ' ' || s.charAt(start) == '.')) start++;
        while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '.')) end--;
        return s.substring(start, end);
    }
}
