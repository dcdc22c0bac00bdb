package io.nzbmount.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML document as a small tree that keeps every scalar's text as written (so a password
 * {@code 0123} stays {@code 0123}) and its line. Built from Jackson's streaming YAML parser.
 */
final class YamlTree {

    private static final int MAX_DEPTH = 32;

    /** A node of the tree. */
    sealed interface Node permits MapNode, ListNode, Scalar {
        int line();
    }

    record MapNode(Map<String, Node> entries, int line) implements Node {}

    record ListNode(List<Node> items, int line) implements Node {}

    /** A scalar; {@code isNull} for an empty value or {@code ~}; {@code yamlBoolean} for true/false/yes/no. */
    record Scalar(String text, boolean isNull, boolean yamlBoolean, int line) implements Node {}

    private final JsonParser parser;
    private final String source;
    private final List<String> problems;

    private YamlTree(JsonParser parser, String source, List<String> problems) {
        this.parser = parser;
        this.source = source;
        this.problems = problems;
    }

    /**
     * Parses {@code text}. Returns null for an empty document. Syntax errors become a
     * {@link ConfigException} that gives the line and the parser's description of the problem,
     * but not the offending text (it may hold a password). Duplicate keys are added to
     * {@code problems}.
     */
    static Node parse(String text, String source, List<String> problems) throws ConfigException {
        try (JsonParser parser = new YAMLFactory().createParser(text)) {
            YamlTree tree = new YamlTree(parser, source, problems);
            JsonToken first = parser.nextToken();
            if (first == null) return null;
            Node root = tree.node("", 0);
            if (parser.nextToken() != null) {
                throw new ConfigException(source + ": only one YAML document is allowed (found another at line "
                        + parser.currentTokenLocation().getLineNr() + ")");
            }
            return root;
        } catch (JsonProcessingException e) {
            throw new ConfigException(syntaxError(source, e));
        } catch (IOException e) {
            throw new ConfigException(source + ": cannot be read: " + e.getMessage());
        }
    }

    private Node node(String path, int depth) throws IOException, ConfigException {
        if (depth > MAX_DEPTH) {
            throw new ConfigException(source + ": nested deeper than " + MAX_DEPTH + " levels at line " + line());
        }
        JsonToken token = parser.currentToken();
        int line = line();
        switch (token) {
            case START_OBJECT -> {
                Map<String, Node> entries = new LinkedHashMap<>();
                Map<String, Integer> lines = new LinkedHashMap<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    int keyLine = line();
                    parser.nextToken();
                    String child = path.isEmpty() ? key : path + "." + key;
                    Node value = node(child, depth + 1);
                    if (entries.containsKey(key)) {
                        problems.add(child + ": set twice (lines " + lines.get(key) + " and " + keyLine + ")");
                    } else {
                        entries.put(key, value);
                        lines.put(key, keyLine);
                    }
                }
                return new MapNode(entries, line);
            }
            case START_ARRAY -> {
                List<Node> items = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    items.add(node(path + "[" + items.size() + "]", depth + 1));
                }
                return new ListNode(items, line);
            }
            case VALUE_NULL -> {
                return new Scalar("", true, false, line);
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return new Scalar(parser.getText(), false, true, line);
            }
            default -> {
                return new Scalar(parser.getText(), false, false, line);
            }
        }
    }

    private int line() {
        return parser.currentTokenLocation().getLineNr();
    }

    private static String syntaxError(String source, JsonProcessingException e) {
        // SnakeYAML's own exception carries the problem alone; the full message quotes the
        // offending line, which may be a password.
        Throwable cause = e.getCause();
        String problem =
                cause instanceof org.yaml.snakeyaml.error.MarkedYAMLException marked && marked.getProblem() != null
                        ? marked.getProblem()
                        : "not valid YAML";
        int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
        int column = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
        return source + ": YAML syntax error at line " + line + ", column " + column + ": " + problem;
    }
}
