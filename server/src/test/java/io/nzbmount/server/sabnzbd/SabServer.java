package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.server.app.Application;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;

/**
 * The whole server as {@code serve} runs it, with one provider and the download client configured,
 * for the tests of SABnzbd's API. Closes the application with itself.
 */
final class SabServer implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();

    final Application app;
    final String apiKey;
    final Path completeDir;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private SabServer(Application app, Path completeDir, String basicLogin) throws IOException, InterruptedException {
        this.app = app;
        this.completeDir = completeDir;
        HttpRequest.Builder ask = HttpRequest.newBuilder(app.uri().resolve("/api/settings/apikey"))
                .header("X-NZBMount-Request", "1");
        if (basicLogin != null) ask.header("Authorization", basicLogin);
        HttpResponse<String> key = http.send(ask.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, key.statusCode(), key::body);
        this.apiKey = JSON.readTree(key.body()).path("apiKey").asText();
    }

    /**
     * Starts a server reading from {@code host:port}.
     *
     * @param downloads more keys of the {@code downloads} section, each line indented by two spaces
     * @param extra     more top-level YAML (auth, indexers), or ""
     */
    static SabServer start(Path dataDir, String host, int port, String downloads, String extra) throws Exception {
        Path complete = dataDir.resolve("complete-root").toAbsolutePath();
        String yaml = """
                server:
                  port: 0
                  dataDir: "%s"
                providers:
                  - name: test-provider
                    host: %s
                    port: %d
                    connections: 4
                reader:
                  retryBackoffMillis: [100]
                health:
                  enabled: false
                downloads:
                  completeDir: "%s"
                %s
                %s
                """.formatted(dataDir, host, port, complete, downloads, extra);
        Application app = Application.start(ConfigLoader.fromText(yaml, "test", Map.of()));
        try {
            String login = extra.contains("auth:")
                    ? "Basic " + Base64.getEncoder().encodeToString("sonarr:pass-word".getBytes(StandardCharsets.UTF_8))
                    : null;
            return new SabServer(app, complete, login);
        } catch (Exception | Error e) {
            app.close();
            throw e;
        }
    }

    /** {@code auth} for {@link #start}: the login the Basic tests use. */
    static final String AUTH = "auth: {username: sonarr, password: pass-word}";

    /** {@code http://127.0.0.1:PORT} (no trailing slash): what Sonarr's host and port make. */
    String base() {
        String s = app.uri().toString();
        return s.substring(0, s.length() - 1);
    }

    /** GET of a path and query as given (no key added), answered as text. */
    HttpResponse<String> get(String pathAndQuery, String... headers) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base() + pathAndQuery));
        if (headers.length > 0) b.headers(headers);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** POST of a body with a content type to a path and query as given. */
    HttpResponse<String> post(String pathAndQuery, String contentType, byte[] body)
            throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(base() + pathAndQuery))
                        .header("Content-Type", contentType)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The items of the library, through the REST API with the key. */
    JsonNode items() throws IOException, InterruptedException {
        HttpResponse<String> r = get("/api/items", "X-Api-Key", apiKey);
        assertEquals(200, r.statusCode(), r::body);
        return JSON.readTree(r.body()).path("items");
    }

    /** The status line of a GET sent with the given Host header (the JDK's client will not set one). */
    String statusWithHost(String pathAndQuery, String host) throws IOException {
        String all = raw(pathAndQuery, host);
        return all.substring(0, all.indexOf("\r\n"));
    }

    /** The whole answer to a GET of a request target sent as given, even one no URI class takes. */
    String raw(String requestTarget, String host) throws IOException {
        try (java.net.Socket s =
                new java.net.Socket(app.uri().getHost(), app.uri().getPort())) {
            s.getOutputStream()
                    .write(("GET " + requestTarget + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** A REST call with the key, answered as bytes. */
    HttpResponse<byte[]> bytes(String pathAndQuery) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(base() + pathAndQuery))
                        .header("X-Api-Key", apiKey)
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** {@code POST /api/nzbs} with the key: an import by hand. */
    HttpResponse<String> importByHand(byte[] nzb) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(base() + "/api/nzbs"))
                        .header("X-Api-Key", apiKey)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A REST POST with the key. */
    HttpResponse<String> restPost(String path) throws IOException, InterruptedException {
        return http.send(
                HttpRequest.newBuilder(URI.create(base() + path))
                        .header("X-Api-Key", apiKey)
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    SonarrLikeClient sonarr(String category) {
        return new SonarrLikeClient(base(), apiKey, category);
    }

    @Override
    public void close() {
        http.close();
        app.close();
    }
}
