package io.nzbmount.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The example file and the reference page stay in step with the keys the loader knows. */
class DocumentedKeysTest {

    static final Path EXAMPLE = Path.of("nzbmount.example.yaml");
    static final Path REFERENCE = Path.of("../docs/configuration.md");

    @Test
    void exampleFileLoadsAndItsDefaultSectionsEqualTheDefaults() throws ConfigException {
        Settings example = ConfigLoader.load(EXAMPLE, Map.of());
        Settings defaults = Settings.defaults();
        assertEquals(defaults.server(), example.server());
        assertEquals(defaults.fallback(), example.fallback());
        assertEquals(defaults.reader(), example.reader());
        assertEquals(defaults.downloads(), example.downloads());
        assertEquals(defaults.health(), example.health());
        assertEquals(defaults.rclone(), example.rclone());
        assertEquals(Optional.empty(), example.auth());
        assertEquals(List.of(), example.indexers());
        ProviderSettings p = example.providers().get(0);
        assertEquals(
                new ProviderSettings(
                        "main",
                        "news.example.com",
                        ProviderSettings.DEFAULT_TLS_PORT,
                        true,
                        Optional.of(new Credentials("your-user", "your-password")),
                        ProviderSettings.DEFAULT_CONNECTIONS,
                        ProviderSettings.DEFAULT_PRIORITY),
                p);
    }

    @Test
    void exampleFileWithItsCommentedSectionsSwitchedOnStillLoads() throws IOException, ConfigException {
        StringBuilder yaml = new StringBuilder();
        for (String line : Files.readAllLines(EXAMPLE)) {
            // "# auth:" and "#   username: x" are commented-out settings; "# Login..." is prose.
            Matcher m = Pattern.compile("^# ( *(?:- )?[a-zA-Z]+:.*)$").matcher(line);
            yaml.append(m.matches() ? m.group(1) : line).append('\n');
        }
        Settings s = ConfigLoader.fromText(yaml.toString(), "example", Map.of());
        assertEquals(Optional.of(new Credentials("admin", "change-me")), s.auth());
        assertEquals("my-indexer", s.indexers().get(0).name());
    }

    @Test
    void everyKeyIsInTheExampleAndInTheReferenceWithItsVariable() throws IOException, ConfigException {
        String example = Files.readString(EXAMPLE);
        String reference = Files.readString(REFERENCE);
        Settings full = ConfigLoader.fromText("""
                auth: {username: a, password: b}
                providers: [{host: h, username: u, password: p}]
                indexers: [{url: "https://i.example", apiKey: k}]
                """, "full", Map.of());
        List<String> keys = new ArrayList<>();
        flatten("", full.masked(), keys);
        assertEquals(48, keys.size(), keys.toString());
        for (String key : keys) {
            String leaf = key.substring(key.lastIndexOf('.') + 1);
            assertTrue(example.contains(leaf + ":"), () -> "example lacks " + key);
            assertTrue(reference.contains("`" + key + "`"), () -> "reference lacks " + key);
            String variable = "NZBMOUNT_"
                    + key.replace("[]", "_<i>")
                            .replace('.', '_')
                            .toUpperCase(Locale.ROOT)
                            .replace("_<I>", "_<i>");
            assertTrue(reference.contains("`" + variable + "`"), () -> "reference lacks " + variable);
        }
    }

    @SuppressWarnings("unchecked")
    private static void flatten(String prefix, Object value, List<String> out) {
        if (value instanceof Map<?, ?> map) {
            map.forEach((k, v) -> flatten(prefix.isEmpty() ? (String) k : prefix + "." + k, v, out));
        } else if (value instanceof List<?> list && !list.isEmpty() && list.get(0) instanceof Map<?, ?>) {
            flatten(prefix + "[]", list.get(0), out);
        } else {
            out.add(prefix);
        }
    }
}
