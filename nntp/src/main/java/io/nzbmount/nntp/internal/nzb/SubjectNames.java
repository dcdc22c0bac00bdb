package io.nzbmount.nntp.internal.nzb;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recovers a file name from an NZB subject line. Posters do not agree on a format, so the rules
 * go from the most to the least explicit:
 * <ol>
 *   <li>a quoted name anywhere ({@code [1/5] - "name.ext" yEnc (1/50)}); of several quoted parts
 *       the last that looks like a file name wins, since a release title often comes first;</li>
 *   <li>the subject without its yEnc marker, part counters and size tails
 *       ({@code [01/10] - name.ext yEnc (1/50) 12345}, {@code name.ext (1/50)});</li>
 *   <li>a bracketed part that looks like a file name ({@code [PRiVATE]-[name.mkv]-[1/3] - ""});</li>
 *   <li>the subject itself (slashes replaced by {@code _}), then the caller's fallback.</li>
 * </ol>
 * Every result is made safe as a single path element: no directory part (so
 * {@code ../../etc/passwd} becomes {@code passwd}), no control characters, never {@code .} or
 * {@code ..}, at most {@value #MAX_NAME_LENGTH} characters, never blank. Stateless and thread-safe.
 */
public final class SubjectNames {

    /** The longest name returned; longer names are cut, keeping a short extension. */
    public static final int MAX_NAME_LENGTH = 255;

    private static final Pattern QUOTED = Pattern.compile("\"([^\"]*)\"");
    /** The word yEnc, standing alone: everything from it on is part and size bookkeeping. */
    private static final Pattern YENC_WORD = Pattern.compile("(?:^|\\s)yEnc(?=$|\\s|[(\\[])", Pattern.CASE_INSENSITIVE);
    /** A part counter such as (1/50) or [01/10], with an optional size after it, at the end. */
    private static final Pattern TRAILING_COUNTER = Pattern.compile(
            "\\s*[(\\[]\\s*\\d+\\s*/\\s*\\d+\\s*[)\\]](?:\\s*\\d+(?:\\s*bytes)?)?\\s*$", Pattern.CASE_INSENSITIVE);
    /** A size such as "- 12.3 MB" or "734003200 bytes" at the end. */
    private static final Pattern TRAILING_SIZE =
            Pattern.compile("\\s*-?\\s*\\d+(?:[.,]\\d+)?\\s*(?:[KMGT]i?B|bytes)\\s*$", Pattern.CASE_INSENSITIVE);
    /** A file counter such as "[01/10] - " before the name. */
    private static final Pattern LEADING_COUNTER =
            Pattern.compile("[(\\[]\\s*\\d+\\s*/\\s*\\d+\\s*[)\\]]\\s*(?:-\\s*)?");

    private static final Pattern BRACKETED = Pattern.compile("\\[([^\\[\\]]+)]");
    /** A name with an extension of up to 10 letters or digits (part01.rar, mkv.001, par2). */
    private static final Pattern FILE_LIKE = Pattern.compile(".*[^./\\\\]\\.[A-Za-z0-9]{1,10}");

    private SubjectNames() {}

    /**
     * The file name for {@code subject}.
     *
     * @param subject  the subject line, possibly null or blank
     * @param fallback used when nothing usable is found in the subject; should be non-blank
     * @return a non-blank name without directory parts
     */
    public static String fileName(String subject, String fallback) {
        String s = subject == null ? "" : subject.strip();

        String quoted = bestQuoted(s);
        if (quoted != null) {
            String name = sanitize(quoted);
            if (!name.isEmpty()) return name;
        }

        String name = sanitize(withoutBookkeeping(s));
        if (hasLetterOrDigit(name)) return name;

        Matcher bracket = BRACKETED.matcher(s);
        while (bracket.find()) {
            String inner = bracket.group(1).strip();
            if (FILE_LIKE.matcher(inner).matches()) {
                String candidate = sanitize(inner);
                if (!candidate.isEmpty()) return candidate;
            }
        }

        // The whole subject: its slashes are counters and titles, not directories, so they are
        // replaced rather than cut at.
        name = sanitize(s.replace('/', '_').replace('\\', '_'));
        if (hasLetterOrDigit(name)) return name;
        name = sanitize(fallback == null ? "" : fallback);
        return name.isEmpty() ? "unnamed" : name;
    }

    private static String bestQuoted(String s) {
        List<String> parts = new ArrayList<>();
        Matcher m = QUOTED.matcher(s);
        while (m.find()) {
            String inner = m.group(1).strip();
            if (!inner.isEmpty()) parts.add(inner);
        }
        if (parts.isEmpty()) return null;
        for (int i = parts.size() - 1; i >= 0; i--) {
            if (FILE_LIKE.matcher(parts.get(i)).matches()) return parts.get(i);
        }
        return parts.get(0);
    }

    private static String withoutBookkeeping(String s) {
        String head = s;
        Matcher yenc = YENC_WORD.matcher(head);
        if (yenc.find()) head = head.substring(0, yenc.start());
        String before;
        do {
            before = head;
            head = TRAILING_COUNTER.matcher(head).replaceFirst("");
            head = TRAILING_SIZE.matcher(head).replaceFirst("");
        } while (!head.equals(before));
        Matcher counter = LEADING_COUNTER.matcher(head);
        int end = -1;
        while (counter.find()) end = counter.end();
        if (end >= 0) head = head.substring(end);
        head = head.strip();
        while (head.startsWith("-")) head = head.substring(1).strip();
        while (head.endsWith("-")) head = head.substring(0, head.length() - 1).strip();
        if (head.length() >= 2 && head.startsWith("\"") && head.endsWith("\"")) {
            head = head.substring(1, head.length() - 1);
        }
        return head;
    }

    /** Makes {@code raw} a single, visible path element; empty when nothing usable is left. */
    static String sanitize(String raw) {
        StringBuilder b = new StringBuilder(raw.length());
        raw.codePoints()
                .filter(c -> !Character.isISOControl(c) && Character.getType(c) != Character.FORMAT)
                .forEach(b::appendCodePoint);
        String name = b.toString();
        int slash = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
        if (slash >= 0) name = name.substring(slash + 1);
        name = name.strip();
        if (name.equals(".") || name.equals("..")) return "";
        return shorten(name);
    }

    private static String shorten(String name) {
        if (name.length() <= MAX_NAME_LENGTH) return name;
        int dot = name.lastIndexOf('.');
        String ext = dot > 0 && name.length() - dot <= 11 ? name.substring(dot) : "";
        String base = name.substring(0, MAX_NAME_LENGTH - ext.length());
        if (Character.isHighSurrogate(base.charAt(base.length() - 1))) {
            base = base.substring(0, base.length() - 1);
        }
        return base.strip() + ext;
    }

    private static boolean hasLetterOrDigit(String s) {
        return s.codePoints().anyMatch(Character::isLetterOrDigit);
    }
}
