package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.server.indexer.ClientOptions;
import io.nzbmount.server.store.Database;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The settings API for tests: a bare Jetty server on 127.0.0.1 with {@link SettingsHandler} over
 * a real SQLite database in {@code dataDir}, and the settings of a YAML text and an environment
 * as the "file". Every response body is checked for the secrets it must never hold.
 */
final class SettingsServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    /** A provider test gives up after this long here, so the timeout test is quick. */
    static final Duration TEST_LIMIT = Duration.ofSeconds(2);

    final Database db;
    final SettingsService service;
    private final Server server;
    private final HttpClient client = HttpClient.newHttpClient();
    private final URI base;
    private final List<String> secrets;

    private SettingsServer(Path dataDir, String yaml, Map<String, String> env, List<String> secrets) throws Exception {
        this.secrets = List.copyOf(secrets);
        Settings file = ConfigLoader.fromText(yaml, "test.yaml", env);
        db = Database.open(dataDir);
        service = SettingsService.open(db, file, env);
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new SettingsHandler(
                service,
                new ProviderTester(TEST_LIMIT, null),
                new IndexerTester(ClientOptions.DEFAULTS.withTimeouts(Duration.ofSeconds(2), Duration.ofSeconds(3)))));
        server.start();
        base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
    }

    /**
     * Starts a server.
     *
     * @param secrets strings no response may contain (the passwords and keys of the settings)
     */
    static SettingsServer start(Path dataDir, String yaml, Map<String, String> env, String... secrets)
            throws Exception {
        return new SettingsServer(dataDir, yaml, env, List.of(secrets));
    }

    /** Sends a request with a JSON body (or none); asserts the answer holds no secret. */
    HttpResponse<String> send(String method, String path, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
        for (String secret : secrets) {
            assertFalse(
                    r.body().contains(secret), "a secret in the answer to " + method + " " + path + ": " + r.body());
        }
        return r;
    }

    int port() {
        return base.getPort();
    }

    JsonNode getSettings() throws Exception {
        return JSON.readTree(send("GET", "/api/settings", null).body());
    }

    @Override
    public void close() throws Exception {
        try {
            server.stop();
            client.close();
        } finally {
            db.close();
        }
    }
}
