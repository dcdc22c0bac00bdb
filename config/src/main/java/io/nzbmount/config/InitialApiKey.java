package io.nzbmount.config;

import java.util.Map;
import java.util.Optional;

/**
 * The API key given in advance in {@value #ENV} (Docker and other unattended set-ups, as Sonarr and
 * Radarr allow): the server uses it as its key at the first start, when the data directory holds
 * none yet. It is no key of the file. {@link ConfigLoader} refuses a value shorter than
 * {@value #MIN_LENGTH} characters or holding white space, so a key read with {@link #from} after a
 * load is a valid one. Stateless.
 */
public final class InitialApiKey {

    /** The environment variable. */
    public static final String ENV = EnvironmentOverrides.ENV_PREFIX + "AUTH_APIKEY";
    /** The shortest key taken: as long as the keys NZBMount makes (32 hex digits, 128 bits). */
    public static final int MIN_LENGTH = 32;

    private InitialApiKey() {}

    /** The key in {@code env}; empty when the variable is unset or empty. */
    public static Optional<String> from(Map<String, String> env) {
        return Optional.ofNullable(env.get(ENV)).filter(v -> !v.isEmpty());
    }

    /** Reads {@code auth.apiKey} of the auth section: only the variable may set it. */
    static void read(Section auth) {
        Optional<Section.Value> v = auth.value("apiKey");
        if (v.isEmpty() || v.get().text().isEmpty()) return;
        if (v.get().envName() == null) {
            auth.problem(
                    "apiKey",
                    "is no key of the file: NZBMount makes the API key at the first start and keeps it"
                            + " in the data directory (the Settings page shows it); to give one in advance, set " + ENV,
                    v.get());
        } else if (v.get().text().length() < MIN_LENGTH
                || v.get().text().chars().anyMatch(Character::isWhitespace)) {
            auth.problem(
                    "apiKey",
                    "must be at least " + MIN_LENGTH + " characters without spaces (got "
                            + v.get().text().length() + ")",
                    v.get());
        }
    }
}
