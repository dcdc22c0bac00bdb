package io.nzbmount.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The few REST calls the cutover benchmarks make to set up an item with a proved standby. */
final class LibraryApi {
    static final ObjectMapper JSON = new ObjectMapper();

    private LibraryApi() {}

    /** POSTs {@code body} (with the CSRF header) and returns the 201 answer's body. */
    static String post(HttpClient http, String uri, String body) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(uri)).header("X-NZBMount-Request", "1")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 201) throw new AssertionError(uri + ": " + r.statusCode() + " " + r.body());
        return r.body();
    }

    /** Waits until the item's standby {@code standby} is verified, polling every 100 ms. */
    static void awaitVerified(HttpClient http, String itemUri, long standby, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode item = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(itemUri)).build(),
                    HttpResponse.BodyHandlers.ofString()).body());
            for (JsonNode s : item.get("standby")) {
                if (s.get("id").asLong() == standby && s.get("state").asText().equals("validated")) return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the standby was not verified in " + limit.toSeconds() + " s");
    }
}
