package io.nzbmount.server.settings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nzbmount.config.ConfigException;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.IndexerSettings;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.Settings;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * Reads what a connection test is about: one provider's or indexer's fields, or {@code index},
 * a saved entry (by its position as {@code GET /api/settings} gave it), with any fields given
 * replacing the saved ones. A secret left out, empty or masked is the saved entry's (a password
 * only while a username is set), and only while the entry still names the place the secret was
 * saved for ({@link SecretDestination}). The fields are checked with the configuration's rules;
 * problems are keyed relative to the entry ({@code port}). No environment override applies: the
 * test is of exactly what was sent. Stateless.
 */
final class TestTargets {

    private TestTargets() {}

    static ProviderSettings provider(JsonNode body, Settings saved) throws InvalidSettingsException {
        ObjectNode entry = entry(
                body,
                SettingsTrees.editable(saved).get("providers"),
                "password",
                (i, e) -> saved.providers().get(i).credentials().isEmpty()
                        ? Optional.empty()
                        : SecretDestination.moved(saved.providers().get(i), e));
        JsonNode user = entry.get("username");
        if (user == null || user.isNull() || user.asText().isBlank()) entry.remove("password");
        return load("providers", entry).providers().get(0);
    }

    static IndexerSettings indexer(JsonNode body, Settings saved) throws InvalidSettingsException {
        ObjectNode entry = entry(
                body,
                SettingsTrees.editable(saved).get("indexers"),
                "apiKey",
                (i, e) -> SecretDestination.moved(saved.indexers().get(i), e));
        return load("indexers", entry).indexers().get(0);
    }

    /**
     * The entry to test; {@code moved} says, for a saved entry's position and the merged entry, why
     * its saved secret may not go there ({@link SecretDestination}).
     */
    private static ObjectNode entry(
            JsonNode body, JsonNode savedList, String secretKey, BiFunction<Integer, JsonNode, Optional<String>> moved)
            throws InvalidSettingsException {
        if (!(body instanceof ObjectNode given)) {
            throw new InvalidSettingsException(Map.of(ProblemFields.GENERAL, "the body must be a JSON object"));
        }
        ObjectNode request = given.deepCopy();
        request.remove(secretKey + "Set");
        JsonNode index = request.remove("index");
        ObjectNode entry = SettingsTrees.MAPPER.createObjectNode();
        if (index != null && !index.isNull()) {
            if (!index.isIntegralNumber()
                    || !index.canConvertToInt()
                    || index.asInt() < 0
                    || index.asInt() >= savedList.size()) {
                throw new InvalidSettingsException(
                        Map.of("index", "names no saved entry (there are " + savedList.size() + ")"));
            }
            entry = (ObjectNode) savedList.get(index.asInt()).deepCopy();
        }
        boolean keep = SettingsRequest.keepsSecret(request, secretKey);
        if (keep) request.remove(secretKey);
        entry.setAll(request);
        if (keep && index != null && !index.isNull()) {
            Optional<String> why = moved.apply(index.asInt(), entry);
            if (why.isPresent()) throw new InvalidSettingsException(Map.of(secretKey, why.get()));
        }
        return entry;
    }

    private static Settings load(String list, ObjectNode entry) throws InvalidSettingsException {
        ObjectNode tree = SettingsTrees.MAPPER.createObjectNode();
        tree.putArray(list).add(entry);
        try {
            return ConfigLoader.fromText(SettingsService.yaml(tree), "the test request", Map.of());
        } catch (ConfigException e) {
            throw new InvalidSettingsException(ProblemFields.ofEntry(e.problems(), list));
        }
    }
}
