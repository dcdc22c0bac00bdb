package io.nzbmount.config;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The environment overrides of one load and the problems found so far. Remembers which
 * {@code NZBMOUNT_*} names were looked up, so names nobody asked for can be reported as unknown.
 * Used by one thread for one load.
 */
final class EnvironmentOverrides {

    static final String ENV_PREFIX = "NZBMOUNT_";
    /** Environment names that are not settings. */
    static final Set<String> RESERVED = Set.of(ConfigLoader.CONFIG_FILE_ENV);

    private final Map<String, String> env;
    private final Set<String> known = new HashSet<>();
    private final Set<String> handled = new HashSet<>();
    private final List<String> problems = new ArrayList<>();

    EnvironmentOverrides(Map<String, String> env) {
        this.env = new TreeMap<>();
        env.forEach((k, v) -> {
            if (k.startsWith(ENV_PREFIX) && !RESERVED.contains(k) && v != null) this.env.put(k, v);
        });
    }

    /** The override for {@code name}, or null; records the name as a known one. */
    String env(String name) {
        known.add(name);
        return env.get(name);
    }

    /** The list indexes used by overrides named {@code prefix + index + "_" + key}, ascending. */
    TreeSet<Integer> indexes(String prefix) {
        Pattern p = Pattern.compile(Pattern.quote(prefix) + "(0|[1-9][0-9]{0,3})_.+");
        TreeSet<Integer> found = new TreeSet<>();
        for (String name : env.keySet()) {
            Matcher m = p.matcher(name);
            if (m.matches()) found.add(Integer.parseInt(m.group(1)));
        }
        return found;
    }

    /** Marks every override starting with {@code prefix} as dealt with (already reported). */
    void handledAll(String prefix) {
        for (String name : env.keySet()) {
            if (name.startsWith(prefix)) handled.add(name);
        }
    }

    void problem(String path, String message, String envName) {
        String where = path.isEmpty() ? "(top level)" : path;
        problems.add(where + ": " + message + (envName == null ? "" : " (from " + envName + ")"));
    }

    void problem(String message) {
        problems.add(message);
    }

    /** Adds a problem for every override that no setting asked for. */
    void reportUnknownOverrides() {
        for (String name : env.keySet()) {
            if (known.contains(name) || handled.contains(name)) continue;
            String guess = Suggestions.closest(name, known);
            problems.add(name + ": unknown setting" + (guess == null ? "" : " (did you mean " + guess + "?)"));
        }
    }

    List<String> problems() {
        return problems;
    }
}
