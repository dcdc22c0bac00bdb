package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.server.app.Application;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The whole NZBMount server, started in the test JVM as {@code serve} runs it, reading from one
 * NNTP provider (inn2 for the realpeer tests), with NZBs imported the way a user does it:
 * {@code POST /api/nzbs}. The caller owns the instance and closes it.
 */
public final class LibraryServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Application app;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private LibraryServer(Application app) {
        this.app = app;
    }

    /** A server on a free loopback port that reads from inn2's login-free port with 8 connections. */
    public static LibraryServer onInn2(Path dataDir) throws Exception {
        return start(dataDir, RealPeer.HOST, RealPeer.PORT, 8);
    }

    /** A server on a free loopback port that reads from one provider without login. */
    public static LibraryServer start(Path dataDir, String host, int port, int connections) throws Exception {
        return withProvider(dataDir, """
                    host: %s
                    port: %d
                    connections: %d
                """.formatted(host, port, connections));
    }

    /**
     * A server on a free loopback port that reads from one provider, {@code providerKeys} its keys
     * after {@code name} (YAML lines indented by 4 spaces).
     */
    public static LibraryServer withProvider(Path dataDir, String providerKeys) throws Exception {
        String yaml = """
                server:
                  port: 0
                  dataDir: "%s"
                providers:
                  - name: test-provider
                %sreader:
                  retryBackoffMillis: [200, 500]
                health:
                  enabled: false
                """.formatted(dataDir, providerKeys);
        return new LibraryServer(Application.start(ConfigLoader.fromText(yaml, "test", Map.of())));
    }

    /** The server's base URI, e.g. {@code http://127.0.0.1:41234/}. */
    public URI uri() {
        return app.uri();
    }

    /** The WebDAV root, {@code /dav/}. */
    public URI davRoot() {
        return app.uri().resolve("/dav/");
    }

    /**
     * Imports an NZB as a new item named {@code name} and returns its files as the API lists
     * them; fails the test unless the server answers 201.
     */
    public List<MountedFile> importNzb(byte[] nzb, String name) throws IOException, InterruptedException {
        URI endpoint = app.uri().resolve("/api/nzbs?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8));
        HttpResponse<String> created = http.send(
                HttpRequest.newBuilder(endpoint)
                        .header("Content-Type", "application/x-nzb")
                        // The API refuses changes without it (a guard against cross-site requests).
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, created.statusCode(), () -> "POST /api/nzbs: " + created.body());
        JsonNode item = JSON.readTree(created.body());
        List<MountedFile> files = new ArrayList<>();
        for (JsonNode file : item.path("files")) {
            files.add(new MountedFile(
                    item.path("name").asText(),
                    file.path("name").asText(),
                    file.path("size").asLong(),
                    app.uri().resolve(file.path("path").asText())));
        }
        return files;
    }

    /** Imports a one-file NZB written to disk and returns that file. */
    public MountedFile importSingleFile(Path nzb, String name) throws IOException, InterruptedException {
        List<MountedFile> files = importNzb(Files.readAllBytes(nzb), name);
        assertEquals(1, files.size(), () -> "files of the imported item: " + files);
        return files.get(0);
    }

    @Override
    public void close() {
        http.close();
        app.close();
    }

    /**
     * A file of the library as the API describes it.
     *
     * @param item the item's name (the WebDAV folder)
     * @param name the file's name
     * @param size the size the server announces
     * @param uri  its absolute WebDAV URL
     */
    public record MountedFile(String item, String name, long size, URI uri) {}
}
