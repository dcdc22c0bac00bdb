package io.nzbmount.server.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.server.app.Application;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The whole application as {@code serve} runs it (its default reader and fallback settings) over
 * two embedded NNTP servers: provider {@code a} (asked first) and {@code b}. The REST and WebDAV
 * calls the matrix makes. Seeds run on it one after another; not for use by two threads at once.
 */
final class MatrixRig implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(60);

    final EmbeddedNntpServer a;
    final EmbeddedNntpServer b;
    final Application app;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(CALL_TIMEOUT).build();

    private MatrixRig(EmbeddedNntpServer a, EmbeddedNntpServer b, Application app) {
        this.a = a;
        this.b = b;
        this.app = app;
    }

    /** @param loginFault provider {@code a} answers 502 to every connection past its first, from the start */
    static MatrixRig start(Path dataDir, boolean loginFault) throws Exception {
        EmbeddedNntpServer a = EmbeddedNntpServer.start();
        EmbeddedNntpServer b = EmbeddedNntpServer.start();
        if (loginFault) a.faults().connectionLimit(1, false);
        try {
            Settings settings = ConfigLoader.fromText(
                    """
                    server:
                      port: 0
                      dataDir: %s
                    providers:
                      - name: a
                        host: %s
                        port: %d
                        connections: 4
                        priority: 0
                      - name: b
                        host: %s
                        port: %d
                        connections: 4
                        priority: 1
                    """.formatted(dataDir, a.host(), a.port(), b.host(), b.port()), "matrix", Map.of());
            return new MatrixRig(a, b, Application.start(settings, Map.of(), false));
        } catch (Exception | Error e) {
            a.close();
            b.close();
            throw e;
        }
    }

    /** POST of an NZB: to import it as a new item ({@code item} 0) or to add it as a standby of {@code item}. */
    HttpResponse<String> postNzb(String name, long item, String nzb) throws Exception {
        String query = item == 0 ? "name=" + encode(name) : "item=" + item + "&role=standby";
        return send(HttpRequest.newBuilder(uri("/api/nzbs?" + query))
                .header("X-NZBMount-Request", "1")
                .POST(HttpRequest.BodyPublishers.ofString(nzb)));
    }

    JsonNode item(long id) throws Exception {
        return json("/api/items/" + id);
    }

    /** {@code GET /api/items/{id}/repair}: the repairs of the item's sources. */
    JsonNode repairs(long id) throws Exception {
        return json("/api/items/" + id + "/repair");
    }

    JsonNode coverage(long id) throws Exception {
        return json("/api/items/" + id + "/coverage");
    }

    JsonNode health() throws Exception {
        return json("/api/health");
    }

    JsonNode streams() throws Exception {
        return json("/api/streams");
    }

    int delete(long id) throws Exception {
        return send(HttpRequest.newBuilder(uri("/api/items/" + id))
                        .header("X-NZBMount-Request", "1")
                        .DELETE())
                .statusCode();
    }

    /** The item's timeline events of {@code kind} (every kind when null), oldest first. */
    List<JsonNode> events(long item, String kind) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode e : json("/api/events?item=" + item + "&limit=1000").get("events")) {
            if (kind == null || e.get("kind").asText().equals(kind)) out.add(e);
        }
        return out;
    }

    /**
     * The item's first event of {@code kind} whose detail {@code field} is {@code value}, waiting up
     * to {@code millis} for it to be stored; null when none came.
     */
    JsonNode awaitEvent(long item, String kind, String field, long value, long millis) throws Exception {
        long until = System.nanoTime() + millis * 1_000_000;
        do {
            for (JsonNode e : events(item, kind)) if (e.get("detail").get(field).asLong() == value) return e;
            Thread.sleep(50);
        } while (System.nanoTime() < until);
        return null;
    }

    /** PROPFIND Depth 1 of a WebDAV path: status and body. */
    HttpResponse<String> propfind(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path))
                .header("Depth", "1")
                .method("PROPFIND", HttpRequest.BodyPublishers.noBody()));
    }

    /** HEAD of a WebDAV path. */
    HttpResponse<String> head(String path) throws Exception {
        return send(HttpRequest.newBuilder(uri(path)).method("HEAD", HttpRequest.BodyPublishers.noBody()));
    }

    URI uri(String pathAndQuery) {
        return app.uri().resolve(pathAndQuery);
    }

    private JsonNode json(String path) throws Exception {
        HttpResponse<String> r = send(HttpRequest.newBuilder(uri(path)).GET());
        if (r.statusCode() != 200)
            throw new AssertionError("GET " + path + " answered " + r.statusCode() + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(CALL_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }

    static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Override
    public void close() {
        a.faults().clearAll();
        b.faults().clearAll();
        app.close();
        a.close();
        b.close();
    }
}
