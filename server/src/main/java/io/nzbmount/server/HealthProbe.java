package io.nzbmount.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * The container's health check: asks the server in the same container for {@code GET /api/health}
 * on {@code 127.0.0.1} and the port of {@code NZBMOUNT_SERVER_PORT} (default 8080). Exit code 0 when
 * it answers 200, or 401 (a login is set: the server is up and answering; no key is sent, since the
 * key a container was started with may have been replaced on the Settings page since), else 1; one
 * line says why. Takes at most 10 seconds. A main class of its own, so the check starts no server.
 */
public final class HealthProbe {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private HealthProbe() {}

    public static void main(String[] args) {
        System.exit(check(System.getenv()));
    }

    /** The exit code for the environment {@code env}; prints one line. */
    static int check(Map<String, String> env) {
        String port = env.getOrDefault("NZBMOUNT_SERVER_PORT", "8080").strip();
        URI health;
        try {
            health = URI.create("http://127.0.0.1:" + Integer.parseInt(port) + "/api/health");
        } catch (NumberFormatException e) {
            System.out.println("NZBMOUNT_SERVER_PORT is no port: " + port);
            return 1;
        }
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
            int status = http.send(
                            HttpRequest.newBuilder(health)
                                    .timeout(TIMEOUT)
                                    .GET()
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            System.out.println(health + " answered " + status);
            return status == 200 || status == 401 ? 0 : 1;
        } catch (IOException e) {
            System.out.println(health + " did not answer: " + e);
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }
}
