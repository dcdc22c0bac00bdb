package io.nzbmount.bench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The {@code --key value} options of a harness main. Unknown keys are errors, so a typo never
 * silently measures the default. Not thread-safe; used once at start-up.
 */
final class Options {
    private final Map<String, String> values = new HashMap<>();

    /** @param defaults key, default value, key, default value, ...; an empty default means "required" */
    Options(String[] args, String... defaults) {
        for (int i = 0; i + 1 < defaults.length; i += 2) values.put(defaults[i], defaults[i + 1]);
        for (int i = 0; i < args.length; i++) {
            String key = args[i];
            if (!key.startsWith("--") || !values.containsKey(key.substring(2))) {
                throw new IllegalArgumentException("unknown option " + key + "; known: " + values.keySet());
            }
            if (i + 1 >= args.length) throw new IllegalArgumentException(key + " needs a value");
            values.put(key.substring(2), args[++i]);
        }
    }

    String text(String key) {
        String v = values.get(key);
        if (v == null || v.isEmpty()) throw new IllegalArgumentException("--" + key + " is required");
        return v;
    }

    /** The value, or empty when the option was not given and has no default. */
    String optional(String key) {
        return values.getOrDefault(key, "");
    }

    int integer(String key) {
        return Integer.parseInt(text(key));
    }

    Path path(String key) {
        return Path.of(text(key));
    }
}
