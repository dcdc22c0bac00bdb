package io.nzbmount.config;

import static io.nzbmount.config.ConfigLoaderTest.failure;
import static io.nzbmount.config.ConfigLoaderTest.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretMaskingTest {

    static final String WITH_SECRETS = """
            auth: {username: admin, password: AUTH-SECRET}
            providers:
              - {host: news.example.com, username: u, password: PROVIDER-SECRET}
              - {host: free.example.com}
            indexers:
              - {name: idx, url: "https://i.example/api", apiKey: INDEXER-SECRET}
            """;

    static void assertNoSecret(String text) {
        for (String secret : List.of("AUTH-SECRET", "PROVIDER-SECRET", "INDEXER-SECRET")) {
            assertFalse(text.contains(secret), () -> "secret " + secret + " shown in: " + text);
        }
    }

    @Test
    void toStringOfEveryRecordHidesSecrets() throws ConfigException {
        Settings s = load(WITH_SECRETS);
        assertNoSecret(s.toString());
        assertNoSecret(s.auth().orElseThrow().toString());
        assertNoSecret(s.providers().get(0).toString());
        assertNoSecret(s.providers().get(0).credentials().orElseThrow().toString());
        assertNoSecret(s.indexers().get(0).toString());
        assertEquals("AUTH-SECRET", s.auth().orElseThrow().password());
        assertEquals("INDEXER-SECRET", s.indexers().get(0).apiKey());
    }

    @Test
    void maskedViewReplacesSecretsAndKeepsTheRest() throws ConfigException {
        Map<String, Object> m = load(WITH_SECRETS).masked();
        assertNoSecret(m.toString());
        assertEquals(Map.of("username", "admin", "password", "****"), m.get("auth"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> providers = (List<Map<String, Object>>) m.get("providers");
        assertEquals("****", providers.get(0).get("password"));
        assertEquals("u", providers.get(0).get("username"));
        assertNull(providers.get(1).get("password"));
        assertEquals(119, providers.get(1).get("port"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> indexers = (List<Map<String, Object>>) m.get("indexers");
        assertEquals(Map.of("name", "idx", "url", "https://i.example/api", "apiKey", "****"), indexers.get(0));
        assertEquals(
                Map.of("bind", "127.0.0.1", "port", 8080, "dataDir", "./data", "allowedHosts", List.of()),
                m.get("server"));
        assertEquals(Map.of("enabled", true, "maxStandby", 5, "submitDelaySeconds", 120), m.get("fallback"));
    }

    @Test
    void problemsAboutSecretsDoNotQuoteThem() {
        String bad = WITH_SECRETS
                .replace("apiKey: INDEXER-SECRET", "apiKey: [INDEXER-SECRET]")
                .replace("password: PROVIDER-SECRET", "password: {x: PROVIDER-SECRET}")
                .replace("{username: admin, password: AUTH-SECRET}", "{password: AUTH-SECRET}");
        ConfigException e = failure(bad);
        assertEquals(3, e.problems().size(), e.getMessage());
        assertNoSecret(e.getMessage());
    }
}
