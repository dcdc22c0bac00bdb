package io.nzbmount.config;

import java.util.List;

/**
 * A configuration that cannot be used. Each problem names the key path and what is wrong, e.g.
 * {@code providers[1].port: must be between 1 and 65535, got 70000}; values of secrets are never
 * included. All problems found are reported together.
 */
public final class ConfigException extends Exception {

    private final List<String> problems;

    public ConfigException(List<String> problems) {
        super(render(problems));
        this.problems = List.copyOf(problems);
    }

    public ConfigException(String problem) {
        this(List.of(problem));
    }

    /** Every problem, one per entry, in the order found. */
    public List<String> problems() {
        return problems;
    }

    private static String render(List<String> problems) {
        if (problems.isEmpty()) throw new IllegalArgumentException("a ConfigException needs a problem");
        if (problems.size() == 1) return problems.get(0);
        return problems.size() + " problems in the configuration:\n  " + String.join("\n  ", problems);
    }
}
