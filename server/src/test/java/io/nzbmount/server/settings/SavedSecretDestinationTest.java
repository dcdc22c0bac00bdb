package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.server.indexer.TestNewznabServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A saved password or API key is only ever sent to the host, port and TLS setting it was saved
 * with. Each test names another host (a {@link Recorder}) while leaving the secret out, and checks
 * that the recorder never sees it and that the answer says to type the secret again.
 */
class SavedSecretDestinationTest {

    static final String USER = "tester";
    static final String PASSWORD = "saved-pass-Qm7x";
    static final String KEY = "saved-key-Lp4z";

    @TempDir
    Path dir;

    EmbeddedNntpServer nntp;
    TestNewznabServer newznab;
    Recorder attacker;
    SettingsServer server;

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.builder().credentials(USER, PASSWORD).start();
        newznab = TestNewznabServer.start(KEY);
        String file = """
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    username: %s
                    password: %s
                indexers:
                  - name: local
                    url: %s
                    apiKey: %s
                """.formatted(nntp.host(), nntp.port(), USER, PASSWORD, newznab.url(), KEY);
        server = SettingsServer.start(dir, file, Map.of(), PASSWORD, KEY);
    }

    @AfterEach
    void stop() throws Exception {
        if (attacker != null) attacker.close();
        server.close();
        newznab.close();
        nntp.close();
    }

    @Test
    void providerTestDoesNotSendTheSavedPasswordToAnotherHost() throws Exception {
        attacker = new Recorder(true);
        refusedUnseen(
                "/api/settings/providers/test",
                "{\"index\": 0, \"host\": \"localhost\", \"port\": %d}".formatted(attacker.port()),
                "password",
                PASSWORD);
    }

    @Test
    void providerTestDoesNotSendTheSavedPasswordToAnotherPortOrWithoutTls() throws Exception {
        attacker = new Recorder(true);
        refusedUnseen(
                "/api/settings/providers/test",
                "{\"index\": 0, \"port\": %d}".formatted(attacker.port()),
                "password",
                PASSWORD);
        HttpResponse<String> tls = server.send("POST", "/api/settings/providers/test", "{\"index\": 0, \"tls\": true}");
        assertEquals(400, tls.statusCode(), tls.body());
    }

    @Test
    void providerTestOfAnotherHostWorksWithThePasswordTypedAgain() throws Exception {
        attacker = new Recorder(true);
        HttpResponse<String> r = server.send(
                "POST",
                "/api/settings/providers/test",
                "{\"index\": 0, \"host\": \"localhost\", \"port\": %d, \"password\": \"typed-again\"}"
                        .formatted(attacker.port()));
        assertEquals(200, r.statusCode(), r.body());
        assertTrue(attacker.received().contains("AUTHINFO PASS typed-again"), attacker.received());
        JsonNode same = SettingsServer.JSON.readTree(
                server.send("POST", "/api/settings/providers/test", "{\"index\": 0, \"connections\": 2}")
                        .body());
        assertTrue(same.get("ok").asBoolean(), "the saved host still gets the saved password: " + same);
    }

    @Test
    void indexerTestDoesNotSendTheSavedKeyToAnotherHost() throws Exception {
        attacker = new Recorder(false);
        refusedUnseen(
                "/api/settings/indexers/test",
                "{\"index\": 0, \"url\": \"http://localhost:%d/\"}".formatted(attacker.port()),
                "apiKey",
                KEY);
        HttpResponse<String> https = server.send(
                "POST",
                "/api/settings/indexers/test",
                "{\"index\": 0, \"url\": \"%s\"}"
                        .formatted(newznab.url().toString().replace("http://", "https://")));
        assertEquals(400, https.statusCode(), "another scheme is another destination: " + https.body());
        JsonNode path = SettingsServer.JSON.readTree(server.send(
                        "POST",
                        "/api/settings/indexers/test",
                        "{\"index\": 0, \"url\": \"%s\"}".formatted(newznab.url()))
                .body());
        assertTrue(path.get("ok").asBoolean(), path.toString());
    }

    @Test
    void savingAnotherHostDoesNotKeepTheSavedSecrets() throws Exception {
        attacker = new Recorder(true);
        HttpResponse<String> r =
                server.send("PUT", "/api/settings", """
                {"providers": [{"index": 0, "name": "embedded", "host": "localhost", "port": %d, "username": "%s"}],
                 "indexers": [{"index": 0, "name": "local", "url": "http://localhost:%d/"}]}
                """.formatted(attacker.port(), USER, attacker.port()));
        assertEquals(400, r.statusCode(), r.body());
        JsonNode fields = SettingsServer.JSON.readTree(r.body()).get("fields");
        assertTrue(fields.get("providers[0].password").asText().contains("type it again"), r.body());
        assertTrue(fields.get("indexers[0].apiKey").asText().contains("type it again"), r.body());
        server.send("POST", "/api/settings/providers/test", "{\"index\": 0}");
        server.send("POST", "/api/settings/indexers/test", "{\"index\": 0}");
        Thread.sleep(200);
        assertFalse(attacker.received().contains(PASSWORD), attacker.received());
        assertFalse(attacker.received().contains(KEY), attacker.received());
    }

    @Test
    void savingTheSameHostKeepsTheSavedSecrets() throws Exception {
        HttpResponse<String> r = server.send("PUT", "/api/settings", """
                {"providers": [{"index": 0, "name": "renamed", "host": "%s", "port": %d, "username": "%s"}],
                 "indexers": [{"index": 0, "name": "local", "url": "%s"}]}
                """.formatted(
                        nntp.host().toUpperCase(Locale.ROOT), nntp.port(), USER, newznab.url()));
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(
                PASSWORD,
                server.service
                        .current()
                        .providers()
                        .get(0)
                        .credentials()
                        .orElseThrow()
                        .password());
        assertEquals(KEY, server.service.current().indexers().get(0).apiKey());
    }

    @Test
    void aSecretFromTheEnvironmentDoesNotFollowANewHost() throws Exception {
        server.close();
        String file = """
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    username: %s
                """.formatted(nntp.host(), nntp.port(), USER);
        server = SettingsServer.start(
                dir.resolve("env"), file, Map.of("NZBMOUNT_PROVIDERS_0_PASSWORD", PASSWORD), PASSWORD);
        HttpResponse<String> r = server.send("PUT", "/api/settings", """
                {"providers": [{"name": "embedded", "host": "localhost", "port": 119, "username": "%s",
                 "password": "typed"}]}
                """.formatted(USER));
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(
                SettingsServer.JSON
                        .readTree(r.body())
                        .get("fields")
                        .get("providers[0].password")
                        .asText()
                        .contains("NZBMOUNT_PROVIDERS_0_PASSWORD"),
                r.body());
        assertEquals(nntp.host(), server.service.current().providers().get(0).host(), "nothing saved");
    }

    /** The test is a 400 that says to type {@code field} again, and the attacker never sees {@code secret}. */
    private void refusedUnseen(String path, String body, String field, String secret) throws Exception {
        HttpResponse<String> r = server.send("POST", path, body);
        assertEquals(400, r.statusCode(), r.body());
        String message =
                SettingsServer.JSON.readTree(r.body()).get("fields").get(field).asText();
        assertTrue(message.contains("type it again"), r.body());
        Thread.sleep(200);
        assertFalse(attacker.received().contains(secret), attacker.received());
    }
}
