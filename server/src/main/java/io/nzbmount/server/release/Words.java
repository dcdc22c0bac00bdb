package io.nzbmount.server.release;

import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A release name cut into words. Words are the pieces between dots, spaces, underscores and
 * brackets; a dash inside a word stays ("Spider-Man", "WEB-DL"), a dash next to a separator is a
 * separator that the next word remembers ({@link #dashBefore}). Each word knows the bracket or
 * parenthesis it was written in, so "(1999)" is told from "1999". Tags glued to a resolution
 * ("Bluray720p", "BD1080p") and a version glued to an episode ("05v2") are split apart.
 * Immutable after construction; not shared between threads.
 */
final class Words {
    private static final Pattern GLUED_RESOLUTION = Pattern.compile(
            "(?i)(?:(bluray|blu-ray|bd|webdl|web-dl|web|hdtv|hd|brrip|bdrip|dvdrip|webrip)-?)?(\\d{3,4}[pi])"
                    + "(bluray|x264|x265|hevc|web|webrip|hdtv)?");
    private static final Pattern GLUED_VERSION = Pattern.compile("(?i)(\\d{1,4}|s\\d{1,3}e\\d{1,4})(v\\d)");

    private String[] text = new String[24];
    private String[] lower = new String[24];
    /** 0 outside brackets; else an id shared by the words of one bracket or parenthesis. */
    private int[] enclosure = new int[24];

    private char[] opener = new char[24];
    private boolean[] dashBefore = new boolean[24];
    private int size;
    private int[] enclosureSize = new int[8];

    private Words() {}

    static Words of(String body) {
        Words words = new Words();
        words.cut(body);
        return words;
    }

    private void cut(String body) {
        int[] stack = new int[16];
        char[] openers = new char[16];
        int depth = 0;
        int nextId = 1;
        boolean dash = false;
        int start = -1;
        int n = body.length();
        for (int i = 0; i <= n; i++) {
            char c = i < n ? body.charAt(i) : ' ';
            boolean separator = c == '.'
                    || c == '_'
                    || Character.isWhitespace(c)
                    || c == '('
                    || c == ')'
                    || c == '['
                    || c == ']'
                    || c == '{'
                    || c == '}';
            boolean spacedDash = c == '-' && (start < 0 || i + 1 >= n || isSeparator(body.charAt(i + 1)));
            if (!separator && !spacedDash) {
                if (start < 0) {
                    start = i;
                }
                continue;
            }
            if (start >= 0) {
                int enclosed = depth == 0 ? 0 : stack[depth - 1];
                char open = depth == 0 ? ' ' : openers[depth - 1];
                addSplit(body.substring(start, i), enclosed, open, dash);
                dash = false;
                start = -1;
            }
            if (spacedDash) {
                dash = true;
            } else if ((c == '(' || c == '[' || c == '{') && depth < stack.length) {
                stack[depth] = nextId++;
                openers[depth] = c;
                depth++;
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
    }

    private static boolean isSeparator(char c) {
        return c == '.'
                || c == '_'
                || c == '-'
                || Character.isWhitespace(c)
                || c == '('
                || c == ')'
                || c == '['
                || c == ']'
                || c == '{'
                || c == '}';
    }

    private void addSplit(String word, int enclosed, char open, boolean dash) {
        // Inner dashes at the edges ("-Moonlit", "Fantasy-") are separators too.
        int from = 0;
        int to = word.length();
        while (from < to && word.charAt(from) == '-') {
            from++;
            dash = true;
        }
        while (to > from && word.charAt(to - 1) == '-') {
            to--;
        }
        if (from == to) {
            return;
        }
        word = word.substring(from, to);
        if (word.length() >= 3 && hasDigit(word)) {
            Matcher glued = GLUED_RESOLUTION.matcher(word);
            if (word.length() >= 5
                    && mayBeGluedResolution(word)
                    && glued.matches()
                    && (glued.group(1) != null || glued.group(3) != null)) {
                addPiece(glued.group(1), enclosed, open, dash);
                addPiece(glued.group(2), enclosed, open, glued.group(1) == null && dash);
                addPiece(glued.group(3), enclosed, open, false);
                return;
            }
            Matcher version = GLUED_VERSION.matcher(word);
            char v = word.charAt(word.length() - 2);
            if ((v == 'v' || v == 'V') && version.matches()) {
                addPiece(version.group(1), enclosed, open, dash);
                addPiece(version.group(2), enclosed, open, false);
                return;
            }
        }
        addPiece(word, enclosed, open, dash);
    }

    private static boolean hasDigit(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (Character.isDigit(word.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /** A resolution inside a longer word: three or four digits, then 'p' or 'i'. */
    private static boolean mayBeGluedResolution(String word) {
        for (int i = 3; i < word.length(); i++) {
            char c = word.charAt(i);
            if ((c == 'p' || c == 'P' || c == 'i' || c == 'I')
                    && Character.isDigit(word.charAt(i - 1))
                    && Character.isDigit(word.charAt(i - 2))
                    && Character.isDigit(word.charAt(i - 3))) {
                return true;
            }
        }
        return false;
    }

    private void addPiece(String word, int enclosed, char open, boolean dash) {
        if (word == null) {
            return;
        }
        if (size == text.length) {
            int grown = size * 2;
            text = Arrays.copyOf(text, grown);
            lower = Arrays.copyOf(lower, grown);
            enclosure = Arrays.copyOf(enclosure, grown);
            opener = Arrays.copyOf(opener, grown);
            dashBefore = Arrays.copyOf(dashBefore, grown);
        }
        text[size] = word;
        lower[size] = word.toLowerCase(Locale.ROOT);
        enclosure[size] = enclosed;
        opener[size] = open;
        dashBefore[size] = dash;
        size++;
        if (enclosed >= enclosureSize.length) {
            enclosureSize = Arrays.copyOf(enclosureSize, enclosed * 2);
        }
        enclosureSize[enclosed]++;
    }

    int size() {
        return size;
    }

    String get(int i) {
        return text[i];
    }

    /** The word in lower case (root locale); "" past the last word. */
    String lower(int i) {
        return i < size ? lower[i] : "";
    }

    /** 0 outside brackets; equal ids mean the same bracket or parenthesis. */
    int enclosure(int i) {
        return enclosure[i];
    }

    /** '(', '[', '{', or ' ' outside brackets. */
    char opener(int i) {
        return opener[i];
    }

    /** How many words the enclosure of word {@code i} holds. */
    int enclosureSize(int i) {
        return enclosureSize[enclosure[i]];
    }

    /** Whether a free-standing dash ("Title - 012") comes right before word {@code i}. */
    boolean dashBefore(int i) {
        return dashBefore[i];
    }

    /** A year written alone in parentheses: "(1999)". */
    boolean parenthesisedYear(int i) {
        return enclosure(i) != 0 && opener(i) == '(' && enclosureSize(i) == 1 && Vocabulary.isYear(get(i));
    }
}
