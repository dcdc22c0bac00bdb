package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** POST /api/settings/providers/test against the embedded NNTP server and sockets that misbehave. */
class ProviderTestEndpointTest {

    static final String USER = "tester";
    static final String PASSWORD = "nntp-pass-4Rt9";

    @TempDir
    Path dir;

    EmbeddedNntpServer nntp;
    SettingsServer server;

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.builder().credentials(USER, PASSWORD).start();
        String file = """
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    username: %s
                    password: %s
                """.formatted(nntp.host(), nntp.port(), USER, PASSWORD);
        server = SettingsServer.start(dir, file, Map.of(), PASSWORD);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        nntp.close();
    }

    JsonNode test(String body) throws Exception {
        HttpResponse<String> r = server.send("POST", "/api/settings/providers/test", body);
        assertEquals(200, r.statusCode(), r.body());
        return SettingsServer.JSON.readTree(r.body());
    }

    @Test
    void aWorkingAccountReportsGreetingLoginAndRoundTrip() throws Exception {
        JsonNode r = test("""
                {"host": "%s", "port": %d, "tls": false, "username": "%s", "password": "%s"}
                """.formatted(nntp.host(), nntp.port(), USER, PASSWORD));
        assertTrue(r.get("ok").asBoolean(), r.toString());
        assertEquals(
                "200 NZBMount embedded server ready, posting allowed",
                r.get("greeting").asText());
        assertEquals("ok", r.get("auth").asText());
        assertEquals("281 authentication accepted", r.get("authReply").asText());
        assertFalse(r.get("tls").asBoolean());
        assertTrue(
                r.get("roundTripMillis").isIntegralNumber()
                        && r.get("roundTripMillis").asLong() >= 0,
                r.toString());
        assertTrue(r.get("connectMillis").asLong() >= 0);
        assertTrue(r.get("failure").isNull());
    }

    @Test
    void aSavedProviderIsTestedWithItsSavedPassword() throws Exception {
        JsonNode r = test("{\"index\": 0}");
        assertTrue(r.get("ok").asBoolean(), r.toString());
        assertEquals("ok", r.get("auth").asText());
        JsonNode masked = test("{\"index\": 0, \"password\": \"****\", \"connections\": 3}");
        assertEquals("ok", masked.get("auth").asText(), "the mask stands for the saved password");
    }

    @Test
    void withoutAUsernameNoLoginIsTried() throws Exception {
        JsonNode r = test("{\"host\": \"%s\", \"port\": %d}".formatted(nntp.host(), nntp.port()));
        assertTrue(r.get("ok").asBoolean(), r.toString());
        assertEquals("not needed", r.get("auth").asText());
        assertTrue(r.get("authReply").isNull());
    }

    @Test
    void rejectedCredentialsAreReportedAsSuch() throws Exception {
        nntp.faults().rejectCredentials(true);
        JsonNode r = test("{\"index\": 0}");
        assertFalse(r.get("ok").asBoolean());
        assertEquals("rejected", r.get("auth").asText());
        assertEquals("auth-rejected", r.get("failure").asText());
        assertEquals("481 authentication failed", r.get("authReply").asText());
        assertTrue(r.get("greeting").asText().startsWith("200 "), "the greeting was read before the login");
    }

    @Test
    void aClosedPortIsRefused() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        JsonNode r = test("{\"host\": \"127.0.0.1\", \"port\": %d}".formatted(closed));
        assertFalse(r.get("ok").asBoolean());
        assertEquals("refused", r.get("failure").asText());
        assertTrue(r.get("greeting").isNull());
        assertTrue(r.get("message").asText().contains("refused"), r.toString());
    }

    @Test
    void aServerThatNeverGreetsTimesOutWithinTheLimit() throws Exception {
        try (ServerSocket silent = new ServerSocket()) {
            silent.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            Thread acceptor = Thread.ofVirtual().start(() -> {
                try (Socket held = silent.accept()) {
                    held.getInputStream().read();
                } catch (Exception e) {
                    // The test closes the socket: done.
                }
            });
            long start = System.nanoTime();
            JsonNode r = test("{\"host\": \"127.0.0.1\", \"port\": %d}".formatted(silent.getLocalPort()));
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertFalse(r.get("ok").asBoolean());
            assertEquals("timeout", r.get("failure").asText(), r.toString());
            assertTrue(
                    millis >= SettingsServer.TEST_LIMIT.toMillis() - 100
                            && millis < SettingsServer.TEST_LIMIT.toMillis() + 2000,
                    "bounded by the limit: " + millis + " ms");
            silent.close();
            acceptor.join(5000);
        }
    }

    @Test
    void tlsAgainstAPlainServerIsAFailedHandshake() throws Exception {
        JsonNode r = test("{\"host\": \"%s\", \"port\": %d, \"tls\": true}".formatted(nntp.host(), nntp.port()));
        assertFalse(r.get("ok").asBoolean());
        assertEquals("tls", r.get("failure").asText(), r.toString());
        assertTrue(r.get("tls").asBoolean());
        assertTrue(r.get("message").asText().startsWith("TLS handshake failed"), r.toString());
    }

    @Test
    void anUnknownHostIsNamed() throws Exception {
        JsonNode r = test("{\"host\": \"no-such-host.invalid\", \"port\": 119}");
        assertFalse(r.get("ok").asBoolean());
        assertEquals("unknown-host", r.get("failure").asText(), r.toString());
    }

    @Test
    void invalidFieldsAreA400KeyedByTheField() throws Exception {
        HttpResponse<String> r = server.send(
                "POST", "/api/settings/providers/test", "{\"host\": \"nntp://news.example.com\", \"port\": 70000}");
        assertEquals(400, r.statusCode(), r.body());
        JsonNode fields = SettingsServer.JSON.readTree(r.body()).get("fields");
        assertEquals(
                "must be between 1 and 65535, got 70000", fields.get("port").asText());
        assertTrue(fields.get("host").asText().startsWith("must be a host name"), r.body());
        HttpResponse<String> index = server.send("POST", "/api/settings/providers/test", "{\"index\": 4}");
        assertEquals(400, index.statusCode());
        assertTrue(SettingsServer.JSON.readTree(index.body()).get("fields").has("index"));
    }
}
