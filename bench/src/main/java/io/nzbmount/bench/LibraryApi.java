package io.nzbmount.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.server.app.Application;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** The server the cutover benchmarks start, and the few REST calls they make to set up an item with a proved standby. */
final class LibraryApi {
    static final ObjectMapper JSON = new ObjectMapper();

    private LibraryApi() {}

    /** NZBMount on an ephemeral port with its data in {@code dataDir}, reading from {@code nntp} over 8 connections. */
    static Application start(EmbeddedNntpServer nntp, Path dataDir) throws Exception {
        return Application.start(
                ConfigLoader.fromText("""
                server:
                  port: 0
                  dataDir: %s
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    connections: 8
                """.formatted(dataDir, nntp.host(), nntp.port()), "bench", Map.of()));
    }

    /** POSTs {@code body} (with the CSRF header) and returns the 201 answer's body. */
    static String post(HttpClient http, String uri, String body) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(uri))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) throw new AssertionError(uri + ": " + r.statusCode() + " " + r.body());
        return r.body();
    }

    /**
     * The same, asking again after 5 s while the answer is 503 (the server could not reach its
     * providers in time, as on a machine too busy to answer within the fetch budget), at most
     * {@code attempts} times in all.
     */
    static String postRetrying(HttpClient http, String uri, String body, int attempts) throws Exception {
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> r = http.send(
                    HttpRequest.newBuilder(URI.create(uri))
                            .header("X-NZBMount-Request", "1")
                            .POST(HttpRequest.BodyPublishers.ofString(body))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() == 201) return r.body();
            if (r.statusCode() != 503 || attempt >= attempts) {
                throw new AssertionError(uri + ": " + r.statusCode() + " " + r.body());
            }
            System.out.println("# " + uri + " answered 503, asking again in 5 s: " + r.body());
            Thread.sleep(5000);
        }
    }

    /** Waits until the item's standby {@code standby} is verified, polling every 100 ms. */
    static void awaitVerified(HttpClient http, String itemUri, long standby, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode item = JSON.readTree(
                    http.send(HttpRequest.newBuilder(URI.create(itemUri)).build(), HttpResponse.BodyHandlers.ofString())
                            .body());
            for (JsonNode s : item.get("standby")) {
                if (s.get("id").asLong() == standby && s.get("state").asText().equals("validated")) return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the standby was not verified in " + limit.toSeconds() + " s");
    }
}
