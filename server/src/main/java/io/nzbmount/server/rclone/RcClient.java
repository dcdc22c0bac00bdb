package io.nzbmount.server.rclone;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.Credentials;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;

/**
 * Sends {@link RcCall}s to rclone's remote control: a JSON {@code POST} to {@code <rcUrl><method>}
 * with HTTP Basic when a login is set. Each call is bounded by {@code timeout}. The login never
 * appears in an exception's message. Thread-safe.
 */
final class RcClient implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final Optional<String> authorization;
    private final Duration timeout;
    private final HttpClient http;

    RcClient(URI base, Optional<Credentials> login, Duration timeout) {
        this.base = base;
        this.authorization = login.map(c -> "Basic "
                + Base64.getEncoder()
                        .encodeToString((c.username() + ":" + c.password()).getBytes(StandardCharsets.UTF_8)));
        this.timeout = timeout;
        this.http = HttpClient.newBuilder()
                .connectTimeout(timeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
    }

    /** Sends {@code call}; returns when rclone says it is done. */
    void send(RcCall call) throws RcException, InterruptedException {
        String body;
        try {
            body = JSON.writeValueAsString(Map.of("dir", call.dir()));
        } catch (IOException e) {
            throw new IllegalStateException("a folder name cannot be written as JSON", e);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(call.method()))
                .timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        authorization.ifPresent(a -> request.header("Authorization", a));
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new RcException(base + " could not be reached ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
        JsonNode answer = parse(response.body());
        if (response.statusCode() != 200) {
            String why = answer.path("error").asText("");
            throw new RcException("rclone answered HTTP " + response.statusCode() + (why.isEmpty() ? "" : ": " + why));
        }
        // vfs/refresh answers 200 with a word per folder: "OK", or why that folder was not read.
        for (Map.Entry<String, JsonNode> folder : answer.path("result").properties()) {
            if (!folder.getValue().asText().equals("OK")) {
                throw new RcException("rclone could not read '" + folder.getKey() + "': "
                        + folder.getValue().asText());
            }
        }
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body.isEmpty() ? "{}" : body);
        } catch (IOException notJson) {
            return JSON.createObjectNode();
        }
    }

    /** Ends a call under way at once (it fails) and refuses later ones. */
    @Override
    public void close() {
        http.shutdownNow();
    }
}
