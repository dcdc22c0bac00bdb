package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.InitialApiKey;
import io.nzbmount.server.app.Application;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Docker and unattended set-ups give the API key in advance in NZBMOUNT_AUTH_APIKEY: it is the
 * key from the first start on, and a later start with another value keeps the stored one (a key
 * replaced on the Settings page is not undone by a restart).
 */
class InitialApiKeyTest {

    static final String GIVEN = "0123456789abcdef0123456789abcdef-given";
    static final String OTHER = "fedcba9876543210fedcba9876543210-other";

    @TempDir
    Path dataDir;

    @Test
    void theKeyGivenInAdvanceIsTheKeyFromTheFirstStartOn() throws Exception {
        assertEquals(200, itemsWith(GIVEN, GIVEN));
        assertEquals(200, itemsWith(OTHER, GIVEN), "the stored key stays");
        assertEquals(401, itemsWith(OTHER, OTHER));
    }

    /** Starts with {@code envKey} in the environment and lists the items with {@code used}. */
    private int itemsWith(String envKey, String used) throws Exception {
        Map<String, String> env = Map.of(InitialApiKey.ENV, envKey);
        String yaml = "server: {port: 0, dataDir: \"" + dataDir + "\"}\n";
        try (Application app = Application.start(ConfigLoader.fromText(yaml, "test", env), env);
                HttpClient http = HttpClient.newHttpClient()) {
            return http.send(
                            HttpRequest.newBuilder(app.uri().resolve("/api/items"))
                                    .header("X-Api-Key", used)
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
        }
    }
}
