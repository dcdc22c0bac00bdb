package io.nzbmount.server.docs;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits the text of a shell block into simple commands, the way a POSIX shell reads their
 * words, as far as the docs need: quotes are removed, a backslash at a line's end joins the next
 * line, {@code #} at a word's start begins a comment, {@code | && || ; & ( )} and line ends
 * separate commands, and a redirection ({@code >/dev/null}, {@code 2>&1}) is dropped with its
 * target. {@code $(...)} stays in its word as written. Stateless.
 */
final class ShellCommands {

    /** One simple command: its words in order, leading {@code NAME=value} assignments included. */
    record Command(int line, List<String> words) {

        /** The words after the leading variable assignments. */
        List<String> afterAssignments() {
            int i = 0;
            while (i < words.size() && isAssignment(words.get(i))) i++;
            return words.subList(i, words.size());
        }
    }

    private final String text;
    private final List<Command> commands = new ArrayList<>();
    private List<String> words = new ArrayList<>();
    private StringBuilder word;
    private boolean dropNextWord;
    private int line;
    private int commandLine;
    private int pos;

    private ShellCommands(String text) {
        this.text = text;
    }

    /** The commands of {@code text}; a command's line is counted from 0, the text's first line. */
    static List<Command> of(String text) {
        ShellCommands s = new ShellCommands(text);
        s.read();
        return s.commands;
    }

    static boolean isAssignment(String word) {
        return word.matches("[A-Za-z_][A-Za-z0-9_]*=.*");
    }

    private void read() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == '\\' && pos + 1 < text.length()) {
                char next = text.charAt(pos + 1);
                if (next == '\n') {
                    line++;
                } else {
                    append(next);
                }
                pos += 2;
            } else if (c == '#' && word == null) {
                while (pos < text.length() && text.charAt(pos) != '\n') pos++;
            } else if (c == ' ' || c == '\t') {
                endWord();
                pos++;
            } else if (c == '\n') {
                endCommand();
                line++;
                pos++;
            } else if (c == ';' || c == '&' || c == '|' || c == '(' || c == ')') {
                endCommand();
                pos++;
            } else if (c == '>' || c == '<') {
                redirection();
            } else if (c == '\'') {
                int close = text.indexOf('\'', pos + 1);
                int end = close < 0 ? text.length() : close;
                appendAll(text.substring(pos + 1, end));
                pos = end + 1;
            } else if (c == '"') {
                doubleQuoted();
            } else if (c == '$' && pos + 1 < text.length() && text.charAt(pos + 1) == '(') {
                substitution();
            } else {
                append(c);
                pos++;
            }
        }
        endCommand();
    }

    /** {@code >file}, {@code 2>&1}, {@code >>log}: a file descriptor's number before it is no word. */
    private void redirection() {
        if (word != null && word.chars().allMatch(Character::isDigit)) word = null;
        endWord();
        while (pos < text.length() && (text.charAt(pos) == '>' || text.charAt(pos) == '<' || text.charAt(pos) == '&')) {
            pos++;
        }
        dropNextWord = true;
    }

    private void doubleQuoted() {
        pos++;
        if (word == null) word = new StringBuilder();
        while (pos < text.length() && text.charAt(pos) != '"') {
            char c = text.charAt(pos);
            if (c == '\\' && pos + 1 < text.length() && "\"\\$`".indexOf(text.charAt(pos + 1)) >= 0) {
                word.append(text.charAt(pos + 1));
                pos += 2;
            } else {
                if (c == '\n') line++;
                word.append(c);
                pos++;
            }
        }
        pos++;
    }

    private void substitution() {
        int depth = 0;
        int start = pos;
        while (pos < text.length()) {
            char c = text.charAt(pos++);
            if (c == '(') depth++;
            if (c == ')' && --depth == 0) break;
        }
        appendAll(text.substring(start, pos));
    }

    private void append(char c) {
        if (word == null) word = new StringBuilder();
        word.append(c);
    }

    private void appendAll(String s) {
        if (word == null) word = new StringBuilder();
        word.append(s);
    }

    private void endWord() {
        if (word == null) return;
        if (dropNextWord) {
            dropNextWord = false;
        } else {
            if (words.isEmpty()) commandLine = line;
            words.add(word.toString());
        }
        word = null;
    }

    private void endCommand() {
        endWord();
        dropNextWord = false;
        if (!words.isEmpty()) commands.add(new Command(commandLine, List.copyOf(words)));
        words = new ArrayList<>();
    }
}
