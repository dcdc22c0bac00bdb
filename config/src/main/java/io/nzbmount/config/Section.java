package io.nzbmount.config;

import io.nzbmount.config.YamlTree.ListNode;
import io.nzbmount.config.YamlTree.MapNode;
import io.nzbmount.config.YamlTree.Node;
import io.nzbmount.config.YamlTree.Scalar;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One mapping of the configuration (the top level, {@code server}, {@code providers[1]}, ...)
 * being read. A key's value comes from its environment override when there is one, else from
 * the YAML file. Bad values are reported to {@link EnvironmentOverrides} and replaced by the default, so one
 * load finds every problem. {@link #finish()} reports keys that nothing asked for.
 */
final class Section {

    /** A raw value and where it came from ({@code envName} null: the YAML file). */
    record Value(String text, boolean yamlBoolean, String envName) {}

    private final EnvironmentOverrides overrides;
    private final String path;
    private final String envPrefix;
    private final MapNode node;
    private final Set<String> asked = new LinkedHashSet<>();
    /** Keys already reported as bad, so checks that depend on them stay quiet. */
    private final Set<String> reported = new HashSet<>();

    private Section(EnvironmentOverrides overrides, String path, String envPrefix, MapNode node) {
        this.overrides = overrides;
        this.path = path;
        this.envPrefix = envPrefix;
        this.node = node;
    }

    static Section root(EnvironmentOverrides overrides, Node root) {
        return new Section(overrides, "", EnvironmentOverrides.ENV_PREFIX, asMap(overrides, root, ""));
    }

    String path() {
        return path;
    }

    String keyPath(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    String envName(String key) {
        return envPrefix + key.toUpperCase(Locale.ROOT);
    }

    void problem(String key, String message, Value from) {
        if (key != null) reported.add(key);
        overrides.problem(key == null ? path : keyPath(key), message, from == null ? null : from.envName());
    }

    /** Whether a problem with this key was already reported. */
    boolean reported(String key) {
        return reported.contains(key);
    }

    /** The key's single value, empty when unset; a list or a mapping there is a problem. */
    Optional<Value> value(String key) {
        asked.add(key);
        String env = overrides.env(envName(key));
        if (env != null) return Optional.of(new Value(env, false, envName(key)));
        Node n = node == null ? null : node.entries().get(key);
        if (n == null) return Optional.empty();
        if (n instanceof Scalar s) {
            return s.isNull() ? Optional.empty() : Optional.of(new Value(s.text(), s.yamlBoolean(), null));
        }
        problem(key, "must be a single value, not a " + (n instanceof ListNode ? "list" : "mapping"), null);
        return Optional.empty();
    }

    /** Text, stripped; empty text counts as unset. Never put in a message, so fit for secrets. */
    Optional<String> text(String key) {
        return value(key).map(v -> v.text().strip()).filter(t -> !t.isEmpty());
    }

    /** A secret: kept exactly as written (spaces included); only the empty string is unset. */
    Optional<String> secret(String key) {
        return value(key).map(Value::text).filter(t -> !t.isEmpty());
    }

    int integer(String key, int fallback, int min, int max) {
        Optional<Value> v = value(key);
        if (v.isEmpty()) return fallback;
        Long parsed = whole(key, v.get());
        if (parsed == null) return fallback;
        if (parsed < min || parsed > max) {
            problem(key, "must be between " + min + " and " + max + ", got " + parsed, v.get());
            return fallback;
        }
        return (int) (long) parsed;
    }

    boolean bool(String key, boolean fallback) {
        Optional<Value> v = value(key);
        if (v.isEmpty()) return fallback;
        String t = v.get().text().strip().toLowerCase(Locale.ROOT);
        if (t.equals("true") || t.equals("false")) return t.equals("true");
        if (v.get().yamlBoolean()) return t.equals("yes") || t.equals("on") || t.equals("y");
        problem(key, "must be true or false, got " + quote(v.get().text()), v.get());
        return fallback;
    }

    /**
     * A list of whole numbers: a YAML list, or a comma-separated override
     * ({@code NZBMOUNT_READER_RETRYBACKOFFMILLIS=500,1500}).
     */
    List<Long> wholeList(String key, List<Long> fallback, long min, long max, int maxEntries) {
        List<Value> raw = rawList(key, "a list of whole numbers, like [500, 1500]");
        if (raw == null) return fallback;
        String envName = envName(key);
        String env = overrides.env(envName);
        if (raw.size() > maxEntries) {
            problem(
                    key,
                    "at most " + maxEntries + " entries, got " + raw.size(),
                    env != null ? new Value(env, false, envName) : null);
            return fallback;
        }
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            String itemKey = key + "[" + i + "]";
            Long parsed = whole(itemKey, raw.get(i));
            if (parsed == null) return fallback;
            if (parsed < min || parsed > max) {
                problem(itemKey, "must be between " + min + " and " + max + ", got " + parsed, raw.get(i));
                return fallback;
            }
            out.add(parsed);
        }
        return List.copyOf(out);
    }

    /**
     * A list of texts: a YAML list of scalars, or a comma-separated override
     * ({@code NZBMOUNT_SERVER_ALLOWEDHOSTS=nas.lan,media.lan}). Entries are stripped; empty ones
     * are problems. Absent: an empty list.
     */
    List<Value> textList(String key) {
        List<Value> raw = rawList(key, "a list, like [nas.lan, media.example.com]");
        if (raw == null) return List.of();
        List<Value> out = new ArrayList<>();
        for (Value v : raw) out.add(new Value(v.text().strip(), v.yamlBoolean(), v.envName()));
        for (int i = 0; i < out.size(); i++) {
            if (out.get(i).text().isEmpty()) {
                problem(key + "[" + i + "]", "must not be empty", out.get(i));
                return List.of();
            }
        }
        return out;
    }

    /**
     * The entries of a list key as given: the parts of a comma-separated override, or the scalars
     * of a YAML list (an entry that is no scalar is empty). Null when the key is absent, or when it
     * is no list (a problem saying it must be {@code shape} is reported then).
     */
    private List<Value> rawList(String key, String shape) {
        asked.add(key);
        String envName = envName(key);
        String env = overrides.env(envName);
        List<Value> raw = new ArrayList<>();
        if (env != null) {
            if (!env.isBlank()) {
                for (String part : env.split(",", -1)) raw.add(new Value(part, false, envName));
            }
            return raw;
        }
        Node n = node == null ? null : node.entries().get(key);
        if (n == null || (n instanceof Scalar s && s.isNull())) return null;
        if (!(n instanceof ListNode list)) {
            problem(key, "must be " + shape, null);
            return null;
        }
        for (Node item : list.items()) {
            raw.add(
                    item instanceof Scalar s && !s.isNull()
                            ? new Value(s.text(), false, null)
                            : new Value("", false, null));
        }
        return raw;
    }

    /** The mapping under {@code key}; an absent key gives an empty section (overrides still apply). */
    Section section(String key) {
        asked.add(key);
        Node n = node == null ? null : node.entries().get(key);
        return new Section(overrides, keyPath(key), envName(key) + "_", asMap(overrides, n, keyPath(key)));
    }

    /**
     * The mappings of the list under {@code key}. Overrides may address an entry by index
     * ({@code NZBMOUNT_PROVIDERS_0_HOST}) and may add entries at the end, one index after the
     * other; an index past the end would leave a hole and is a problem.
     */
    List<Section> list(String key) {
        asked.add(key);
        String listPath = keyPath(key);
        String prefix = envName(key) + "_";
        Node n = node == null ? null : node.entries().get(key);
        List<Node> items = new ArrayList<>();
        if (n instanceof ListNode list) {
            items.addAll(list.items());
        } else if (n != null && !(n instanceof Scalar s && s.isNull())) {
            overrides.problem(listPath, "must be a list", null);
        }
        TreeSet<Integer> indexes = overrides.indexes(prefix);
        for (int index : indexes) {
            if (index == items.size()) {
                items.add(null);
            } else if (index > items.size()) {
                overrides.handledAll(prefix + index + "_");
                overrides.problem(
                        listPath + "[" + index + "]",
                        "index " + index + " would leave a gap: the list has " + items.size()
                                + " entries, so the next one is " + listPath + "[" + items.size() + "]",
                        prefix + index + "_*");
            }
        }
        List<Section> sections = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String itemPath = listPath + "[" + i + "]";
            Node item = items.get(i);
            MapNode map = asMap(overrides, item, itemPath);
            // An entry that is not a mapping is reported once, not again for each missing key.
            if (map == null && item != null && !(item instanceof Scalar s && s.isNull())) continue;
            sections.add(new Section(overrides, itemPath, prefix + i + "_", map));
        }
        return sections;
    }

    /** Reports keys of this mapping that were never asked for, with a guess when one is close. */
    void finish() {
        if (node == null) return;
        for (String key : node.entries().keySet()) {
            if (asked.contains(key)) continue;
            String guess = Suggestions.closest(key, asked);
            overrides.problem(
                    keyPath(key), "unknown key" + (guess == null ? "" : " (did you mean " + guess + "?)"), null);
        }
    }

    private static MapNode asMap(EnvironmentOverrides overrides, Node n, String at) {
        if (n == null || n instanceof Scalar s && s.isNull()) return null;
        if (n instanceof MapNode map) return map;
        overrides.problem(at, "must be a mapping of keys to values", null);
        return null;
    }

    private Long whole(String key, Value v) {
        String t = v.text().strip();
        if (!t.matches("[-+]?[0-9]{1,18}")) {
            problem(key, "must be a whole number, got " + quote(v.text()), v);
            return null;
        }
        return Long.parseLong(t);
    }

    static String quote(String text) {
        String shown = text.length() > 60 ? text.substring(0, 60) + "..." : text;
        return "'" + shown + "'";
    }
}
