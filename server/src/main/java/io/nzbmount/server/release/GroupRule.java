package io.nzbmount.server.release;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Finds the release group and takes it out of the name. Pure and stateless.
 *
 * <p>Rules, in order of trust:
 * <ol>
 * <li>scene: the word after the last dash of the last word ("x264-SPARKS"); the dash after a
 *     known tag wins, so groups may hold dashes ("x264-D-Z0N3"), and a dash inside a tag
 *     ("WEB-DL", "DTS-HD") is no group;</li>
 * <li>a group named at the end of a bracketed tag list: "(1080p ... x265-TheSickle)",
 *     "(... English - HONE)", "(1080p x265 EDGE2020)";</li>
 * <li>a group with dots after the dash that follows a tag: "x264-YTS.AG", "AAC-BEN.THE.MEN";</li>
 * <li>a group after a free dash at the end: "x264 REPACK -SacReD";</li>
 * <li>a mixed-case last word right after a codec or audio tag: ".x264.KRaLiMaRKo";</li>
 * <li>a bracketed single word at the end ("[YTS.MX]", "[TAoE]"), unless the name starts with a
 *     group or a bracketed tag list before it names one ("(... Tigole) [QxR]");</li>
 * <li>fansub style: the bracketed words the name starts with ("[SubsPlease] Title - 01",
 *     "[Anime Time] Title - 01").</li>
 * </ol>
 * Sites, checksums, trackers glued to the group ("-CTU[rartv]") and alternative titles in
 * trailing parentheses ("(Blue Lock, Multi-Subs)") are not groups and are dropped.
 */
final class GroupRule {
    /** The name without its group, the group ("" if none), and whether it started with a bracketed group. */
    record Found(String body, String group, boolean leadingGroup) {}

    private static final Pattern SITE_TAG = Pattern.compile(
            "(?i)rartv|rarbg|eztv(\\.\\w+)?|ettv|tgx|publichd|vtv|[0-9a-f]{8}|.*\\.(com|org|net|biz|to|info)");
    /** What follows a dash when that dash is part of a tag or an episode range, not a group. */
    private static final Pattern NOT_A_GROUP =
            Pattern.compile("(?i)dl|hd|rip|ray|ma|x|sbs|ou|e\\d+|\\d+|s\\d+|\\d+x\\d+|\\d{3,4}[pi]|.*\\..*");

    private static final Pattern SEPARATOR = Pattern.compile("[.\\s_]");
    private static final Pattern SCENE_EPISODE = Pattern.compile("s\\d{1,4}(e\\d{1,4})*");
    private static final Pattern WORDS = Pattern.compile("[\\s._()\\[\\]]+");
    private static final Pattern DOT_OR_DASH = Pattern.compile("[.\\-]");
    private static final Pattern SPACE_OR_DOT = Pattern.compile("[\\s.]+");
    /** A tracker's tag glued to the group: "-TheSickle[TAoE]". */
    private static final Pattern GLUED_TAG = Pattern.compile("(?<=[\\w-])\\[[^\\]\\[]*\\]$");

    private GroupRule() {}

    static Found find(String body) {
        String group = "";
        boolean leading = false;
        String lead = "";
        if (body.startsWith("[")) {
            int close = closing(body, 0);
            if (close > 0) {
                lead = body.substring(1, close).strip();
                body = body.substring(close + 1).strip();
                leading = leadingGroup(lead);
            }
        }
        String tail = "";
        // A bracketed word at the end may be a collective ("(... Tigole) [QxR]"): a group named
        // inside the tag list before it is the one that made the release.
        boolean collective = false;
        while (body.endsWith("]") || body.endsWith(")")) {
            int open = opening(body);
            if (open < 0) {
                break;
            }
            String content = body.substring(open + 1, body.length() - 1).strip();
            String before = body.substring(0, open).strip();
            boolean spaced = content.chars().anyMatch(c -> Character.isWhitespace(c) || c == '.');
            if (SITE_TAG.matcher(content).matches()
                    || content.contains(",")
                    || content.isEmpty()
                    || gluedTrackerTag(body, open, before)) {
                body = before;
                continue;
            }
            boolean oneWord = content.chars().noneMatch(Character::isWhitespace);
            if (group.isEmpty() && !leading && oneWord && body.charAt(open) == '[' && plausible(content)) {
                group = content;
                collective = true;
                body = before;
                continue;
            }
            if ((group.isEmpty() || collective) && spaced && !leading) {
                String[] inner = inner(content);
                if (inner != null) {
                    group = inner[1];
                    content = inner[0];
                }
                collective = false;
            }
            tail = body.charAt(open) + content + (body.charAt(open) == '(' ? ")" : "]") + " " + tail;
            body = before;
        }
        if (group.isEmpty()) {
            String[] split = dottedGroup(body);
            if (split == null) {
                split = dashGroup(body);
            }
            if (split == null) {
                split = freeDashGroup(body);
            }
            if (split == null) {
                split = trailingWordGroup(body);
            }
            if (split != null) {
                body = split[0];
                group = split[1];
            }
        }
        if (group.isEmpty() && leading) {
            group = lead;
        }
        return new Found((body + " " + tail).strip(), group, leading);
    }

    /**
     * A group named by the bracket a name starts with: one word ("[SubsPlease]") or up to three
     * words that are no tags ("[Anime Time]"); never a site.
     */
    private static boolean leadingGroup(String lead) {
        if (lead.isEmpty() || SITE_TAG.matcher(lead).matches() || lead.indexOf(',') >= 0) {
            return false;
        }
        if (lead.chars().noneMatch(Character::isWhitespace)) {
            return true;
        }
        String[] words = lead.split("\\s+");
        if (words.length > 3 || lead.indexOf('.') >= 0) {
            return false;
        }
        for (String word : words) {
            if (!Character.isLetter(word.charAt(0)) || Vocabulary.known(lower(word))) {
                return false;
            }
        }
        return true;
    }

    /**
     * "x264-YTS.AG", "AAC-BEN.THE.MEN", "H264-E.N.D": a group with dots after the dash that
     * follows a tag, as {name, group}; null if the dotted words could be tags or a file ending.
     */
    private static String[] dottedGroup(String s) {
        int dash = s.lastIndexOf('-');
        if (dash <= 0 || s.indexOf('.', dash) < 0) {
            return null;
        }
        String rest = s.substring(dash + 1);
        String[] parts = rest.split("\\.", -1);
        if (parts.length > 4) {
            return null;
        }
        for (String part : parts) {
            // Single letters ("E.N.D", "X.Y.Z") are initials, whatever tag a lone letter may be.
            if (part.isEmpty()
                    || part.length() > 6
                    || !lettersDigitsDashes(part)
                    || !Character.isLetter(part.charAt(0))
                    || part.length() > 1 && Vocabulary.known(lower(part))) {
                return null;
            }
        }
        int cut = Math.max(Math.max(s.lastIndexOf('.', dash), s.lastIndexOf(' ', dash)), s.lastIndexOf('_', dash));
        String tag = lower(s.substring(cut + 1, dash));
        if (!Vocabulary.known(tag) || Vocabulary.isNumber(tag)) {
            return null;
        }
        return new String[] {s.substring(0, dash), rest};
    }

    /**
     * ".x264.KRaLiMaRKo": a group written as the last word, without a dash, right after a codec
     * or audio tag; only a word in mixed case ("KRaLiMaRKo"), which no tag is written in.
     */
    private static String[] trailingWordGroup(String s) {
        int cut = Math.max(s.lastIndexOf('.'), s.lastIndexOf(' '));
        if (cut <= 0) {
            return null;
        }
        String last = s.substring(cut + 1);
        String before = s.substring(0, cut);
        int previousCut = Math.max(before.lastIndexOf('.'), before.lastIndexOf(' '));
        String previous = lower(before.substring(previousCut + 1));
        if (!valid(last) || !mixedCase(last) || !Vocabulary.codecOrAudio(previous) || !hasTags(before)) {
            return null;
        }
        return new String[] {before, last};
    }

    /** An upper-case letter after a lower-case one: "KRaLiMaRKo", not "Remastered" or "DTS". */
    private static boolean mixedCase(String word) {
        for (int i = 1; i < word.length(); i++) {
            if (Character.isUpperCase(word.charAt(i)) && Character.isLowerCase(word.charAt(i - 1))) {
                return true;
            }
        }
        return false;
    }

    /** "-CTU[rartv]": a bracket written right after the group, with no separator, is a tracker's tag. */
    private static boolean gluedTrackerTag(String body, int open, String before) {
        if (open == 0 || body.charAt(open) != '[' || before.endsWith("]")) {
            return false;
        }
        char previous = body.charAt(open - 1);
        return previous != ' ' && previous != '.';
    }

    /** A group inside a bracketed tag list, as {tags, group}; null if it names none. */
    private static String[] inner(String content) {
        content = GLUED_TAG.matcher(content).replaceFirst("");
        String[] split = dashGroup(content);
        if (split == null) {
            split = freeDashGroup(content);
        }
        if (split != null) {
            return split;
        }
        String[] words = SPACE_OR_DOT.split(content.strip());
        if (words.length == 0 || words[words.length - 1].isEmpty()) {
            return null;
        }
        String last = words[words.length - 1];
        int known = 0;
        for (int i = 0; i < words.length - 1; i++) {
            known += Vocabulary.known(lower(words[i])) ? 1 : 0;
        }
        if (known >= 2 && valid(last) && Character.isLetter(last.charAt(0))) {
            return new String[] {content.substring(0, content.lastIndexOf(last)).strip(), last};
        }
        return null;
    }

    /** Scene rule: {name, group} split at the dash before the group, or null. */
    static String[] dashGroup(String s) {
        int cut = Math.max(Math.max(s.lastIndexOf('.'), s.lastIndexOf(' ')), s.lastIndexOf('_'));
        String chunk = s.substring(cut + 1);
        int dash = chunk.indexOf('-');
        if (dash <= 0 || cut < 0) {
            return null;
        }
        for (int d = dash; d > 0; d = chunk.indexOf('-', d + 1)) {
            String prefix = lower(chunk.substring(0, d));
            String rest = chunk.substring(d + 1);
            if ((Vocabulary.known(prefix) || SCENE_EPISODE.matcher(prefix).matches()) && valid(rest)) {
                return new String[] {s.substring(0, cut + 1 + d), rest};
            }
        }
        int last = chunk.lastIndexOf('-');
        String rest = chunk.substring(last + 1);
        if (!valid(rest) || !hasTags(s.substring(0, cut + 1 + last))) {
            return null;
        }
        return new String[] {s.substring(0, cut + 1 + last), rest};
    }

    /** "... REPACK -SacReD", "... English - HONE": a group after a free dash that follows a tag. */
    private static String[] freeDashGroup(String s) {
        int dash = s.lastIndexOf('-');
        if (dash <= 0 || !Character.isWhitespace(s.charAt(dash - 1))) {
            return null;
        }
        String rest = s.substring(dash + 1).strip();
        String before = s.substring(0, dash).strip();
        int cut = Math.max(before.lastIndexOf(' '), before.lastIndexOf('.'));
        String previous = lower(before.substring(cut + 1));
        if (!valid(rest) || SEPARATOR.matcher(rest).find() || !Vocabulary.known(previous) || !hasTags(before)) {
            return null;
        }
        return new String[] {before, rest};
    }

    /** Whether the words before a dash include a tag, so the dash can start a group ("The.Amazing.Spider-Man" has none). */
    static boolean hasTags(String before) {
        for (String word : WORDS.split(before)) {
            String lower = lower(word);
            if (!lower.isEmpty()
                    && (Vocabulary.isYear(lower)
                            || Vocabulary.known(lower) && !Vocabulary.isNumber(lower)
                            || SCENE_EPISODE.matcher(lower).matches())) {
                return true;
            }
        }
        return false;
    }

    private static boolean valid(String group) {
        return !group.isEmpty()
                && !SEPARATOR.matcher(group).find()
                && !NOT_A_GROUP.matcher(group).matches()
                && !Vocabulary.known(lower(group))
                && lettersDigitsDashes(group);
    }

    private static boolean lettersDigitsDashes(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '-') {
                return false;
            }
        }
        return true;
    }

    /** A bracketed word that can name a group ("YTS.MX"), not a tag ("1080p", "x264", "2019", "Cap.201"). */
    private static boolean plausible(String content) {
        for (String word : DOT_OR_DASH.split(content)) {
            String lower = lower(word);
            if (Vocabulary.isNumber(lower)
                    || Vocabulary.resolution(lower) != null
                    || Vocabulary.strongMedium(lower)
                    || Vocabulary.known(lower) && content.indexOf('.') < 0) {
                return false;
            }
        }
        return true;
    }

    private static int closing(String s, int open) {
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            depth += c == '[' || c == '(' ? 1 : c == ']' || c == ')' ? -1 : 0;
            if (depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static int opening(String s) {
        int depth = 0;
        for (int i = s.length() - 1; i >= 0; i--) {
            char c = s.charAt(i);
            depth += c == ']' || c == ')' ? 1 : c == '[' || c == '(' ? -1 : 0;
            if (depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
