package io.nzbmount.server.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nzbmount.config.Credentials;
import io.nzbmount.config.Settings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Reads the settings a client sends to be saved ({@code PUT /api/settings}) into overlay
 * sections, keyed like the YAML file, ready for the loader to validate.
 *
 * <p>Secrets: a password or API key that is left out, empty, or the mask {@value Settings#MASK}
 * keeps the saved one. For a list entry, "the saved one" is the entry's {@code index} (its
 * position in the list as {@code GET} gave it); an entry without {@code index} is new and must
 * bring its secrets. A password is kept only while the entry still has a username (clearing the
 * username is how a login is removed), only while the entry still names the place it was saved
 * for (another host, port or TLS setting is a problem for that field: {@link SecretDestination}),
 * and never when an environment variable sets it anyway (so such a secret is not copied into the
 * database; nor may such an entry move to another place). The answer-only keys ({@code passwordSet},
 * {@code apiKeySet}, {@code restartRequired}, {@code environment}, ...) are ignored, so a
 * {@code GET} answer can be sent back as it is. Stateless.
 */
final class SettingsRequest {

    /** Keys of a GET answer that are information, not settings. */
    private static final Set<String> ANSWER_KEYS =
            Set.of("restartRequired", "appliesLive", "environment", "ignoredSaved");

    private SettingsRequest() {}

    /**
     * The sections given in {@code body}, secrets restored from {@code saved}.
     *
     * @param moved receives, by key path, the saved secrets not restored because their entry names
     *              another place ({@link SecretDestination}); the caller reports them with the
     *              loader's problems, so one answer names everything to fix
     * @throws InvalidSettingsException when the body is not an object, names a saved entry that does
     *                                  not exist, changes what only the file may set, or names a section
     *                                  the settings do not show
     */
    static ObjectNode sections(JsonNode body, Settings saved, Map<String, String> env, Map<String, String> moved)
            throws InvalidSettingsException {
        if (body == null || !body.isObject()) {
            throw new InvalidSettingsException(
                    Map.of(ProblemFields.GENERAL, "the body must be a JSON object of settings"));
        }
        Map<String, String> problems = new LinkedHashMap<>();
        ObjectNode out = SettingsTrees.MAPPER.createObjectNode();
        for (Map.Entry<String, JsonNode> e : body.properties()) {
            String key = e.getKey();
            JsonNode value = e.getValue().deepCopy();
            switch (key) {
                case "server" -> {
                    if (value.has("dataDir")) {
                        problems.put(
                                "server.dataDir",
                                "cannot be changed here (the database lives in it); edit the" + " configuration file");
                    }
                    if (value.has("allowedHosts")) {
                        problems.put(
                                "server.allowedHosts",
                                "cannot be changed here (it guards this page itself);"
                                        + " edit the configuration file");
                    }
                    out.set(key, value);
                }
                case "auth" -> out.set(key, auth(value, saved, env));
                case "providers" ->
                    out.set(
                            key,
                            list(
                                    value,
                                    "providers",
                                    "password",
                                    saved.providers(),
                                    p -> p.credentials().map(Credentials::password),
                                    SecretDestination::moved,
                                    env,
                                    problems,
                                    moved));
                case "indexers" ->
                    out.set(
                            key,
                            list(
                                    value,
                                    "indexers",
                                    "apiKey",
                                    saved.indexers(),
                                    i -> Optional.of(i.apiKey()),
                                    SecretDestination::moved,
                                    env,
                                    problems,
                                    moved));
                case "reader", "downloads", "rclone" ->
                    problems.put(key, "not changed here; edit the configuration file");
                default -> {
                    if (SettingsTrees.EDITABLE.contains(key)) {
                        out.set(key, value);
                    } else if (!ANSWER_KEYS.contains(key)) {
                        // Saved, it would apply at the next start without the page ever showing it.
                        problems.put(
                                key,
                                "not a section of these settings (" + String.join(", ", SettingsTrees.EDITABLE) + ")");
                    }
                }
            }
        }
        if (!problems.isEmpty()) throw new InvalidSettingsException(problems);
        return out;
    }

    private static JsonNode auth(JsonNode value, Settings saved, Map<String, String> env) {
        if (!(value instanceof ObjectNode auth)) return value;
        auth.remove("passwordSet");
        if (keepsSecret(auth, "password")) {
            auth.remove("password");
            if (hasUsername(auth) && !env.containsKey("NZBMOUNT_AUTH_PASSWORD")) {
                saved.auth().ifPresent(c -> auth.put("password", c.password()));
            }
        }
        return auth;
    }

    private static <T> JsonNode list(
            JsonNode value,
            String list,
            String secretKey,
            List<T> saved,
            Function<T, Optional<String>> secretOf,
            BiFunction<T, JsonNode, Optional<String>> moved,
            Map<String, String> env,
            Map<String, String> problems,
            Map<String, String> movedSecrets) {
        if (!(value instanceof ArrayNode entries)) return value;
        for (int i = 0; i < entries.size(); i++) {
            if (!(entries.get(i) instanceof ObjectNode entry)) continue;
            String at = list + "[" + i + "]";
            entry.remove(secretKey + "Set");
            boolean keep = keepsSecret(entry, secretKey);
            if (keep) entry.remove(secretKey);
            JsonNode index = entry.remove("index");
            String envName = SettingsTrees.envName(at + "." + secretKey);
            boolean usesSecret = !secretKey.equals("password") || hasUsername(entry);
            if (env.containsKey(envName)
                    && i < saved.size()
                    && usesSecret
                    && moved.apply(saved.get(i), entry).isPresent()) {
                // The variable sets the secret of whatever entry is at this position: it must not follow a new host.
                movedSecrets.put(
                        at + "." + secretKey,
                        envName + " sets this secret for the place it was set for; to"
                                + " use another host, port or TLS setting, change them where " + envName + " is set");
                continue;
            }
            if (index == null || index.isNull()) continue;
            if (!index.canConvertToInt()
                    || !index.isIntegralNumber()
                    || index.asInt() < 0
                    || index.asInt() >= saved.size()) {
                problems.put(
                        at + ".index",
                        "names no saved entry (there are " + saved.size() + "); leave it out for a" + " new one");
                continue;
            }
            T was = saved.get(index.asInt());
            if (keep && usesSecret && !env.containsKey(envName)) {
                Optional<String> secret = secretOf.apply(was);
                Optional<String> why = secret.isPresent() ? moved.apply(was, entry) : Optional.empty();
                if (why.isPresent()) {
                    movedSecrets.put(at + "." + secretKey, why.get());
                } else {
                    secret.ifPresent(s -> entry.put(secretKey, s));
                }
            }
        }
        return entries;
    }

    /** Whether the secret was left out, empty or masked: the saved one stays. */
    static boolean keepsSecret(JsonNode entry, String key) {
        JsonNode v = entry.get(key);
        return v == null
                || v.isNull()
                || (v.isTextual() && (v.asText().isEmpty() || v.asText().equals(Settings.MASK)));
    }

    private static boolean hasUsername(JsonNode entry) {
        JsonNode u = entry.get("username");
        return u != null && !u.isNull() && !u.asText().isBlank();
    }
}
