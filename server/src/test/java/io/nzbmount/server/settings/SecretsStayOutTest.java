package io.nzbmount.server.settings;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.server.app.Application;
import io.nzbmount.server.indexer.TestNewznabServer;
import io.nzbmount.server.ui.CsrfHandler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every secret a run is configured with stays out of everything the run writes: the log, every
 * answer (errors, events, diagnostics, settings, health, metrics) and the database. The run
 * does what tends to leak: imports, provider and indexer tests with right and wrong secrets,
 * invalid settings holding a password, failed logins, the API key in a query, a key rotation.
 * The one answer allowed to hold the API key is the one that shows it to a logged-in user; the
 * database holds the key by design.
 */
class SecretsStayOutTest {

    static final String PROVIDER_USER = "reader";
    static final String PROVIDER_PASSWORD = "provider-secret-K2w9";
    static final String INDEXER_KEY = "indexer-secret-P5t1";
    static final String AUTH_PASSWORD = "login-secret-H7c3";
    static final String TYPED_WRONG = "typed-wrong-secret-U4n8";

    @TempDir
    Path dir;

    @Test
    void noSecretIsInTheLogTheAnswersOrTheDatabase() throws Exception {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream original = System.err;
        List<String> answers = new ArrayList<>();
        String apiKey;
        String rotatedKey;
        Path data = dir.resolve("data");
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.builder()
                        .credentials(PROVIDER_USER, PROVIDER_PASSWORD)
                        .start();
                TestNewznabServer indexer = TestNewznabServer.start(INDEXER_KEY)) {
            System.setErr(new PrintStream(new Tee(original, log), true, UTF_8));
            var settings = ConfigLoader.fromText(
                    """
                    server: {port: 0, dataDir: %s}
                    auth: {username: admin, password: %s}
                    providers: [{name: main, host: %s, port: %d, username: %s, password: %s}]
                    indexers: [{name: idx, url: "%s", apiKey: %s}]
                    """.formatted(
                                    data,
                                    AUTH_PASSWORD,
                                    nntp.host(),
                                    nntp.port(),
                                    PROVIDER_USER,
                                    PROVIDER_PASSWORD,
                                    indexer.url(),
                                    INDEXER_KEY),
                    "test",
                    Map.of());
            try (Application app = Application.start(settings, Map.of());
                    HttpClient client = HttpClient.newBuilder()
                            .version(HttpClient.Version.HTTP_1_1)
                            .build()) {
                Run run = new Run(app, client, answers);
                apiKey = new ObjectMapper()
                        .readTree(run.send("GET", "/api/settings/apikey", null, false))
                        .get("apiKey")
                        .asText();
                byte[] film = new byte[300_000];
                new Random(7).nextBytes(film);
                run.send(
                        "POST",
                        "/api/nzbs",
                        NzbWriter.write(
                                        List.of(nntp.post("Secret.Test.2024.1080p.mkv", film, 100_000)),
                                        "Secret.Test.2024.1080p")
                                .getBytes(UTF_8),
                        true);
                run.send("POST", "/api/settings/providers/test", "{\"index\": 0}", true);
                run.send(
                        "POST",
                        "/api/settings/providers/test",
                        "{\"index\": 0, \"password\": \"" + TYPED_WRONG + "\"}",
                        true);
                nntp.faults().rejectCredentials(true);
                run.send("POST", "/api/settings/providers/test", "{\"index\": 0}", true);
                nntp.faults().rejectCredentials(false);
                run.send("POST", "/api/settings/indexers/test", "{\"index\": 0}", true);
                run.send(
                        "POST",
                        "/api/settings/indexers/test",
                        "{\"index\": 0, \"apiKey\": \"" + TYPED_WRONG + "\"}",
                        true);
                run.send("GET", "/api/search?q=secret", null, true);
                run.send("PUT", "/api/settings", "{\"auth\": {\"password\": \"" + TYPED_WRONG, true);
                run.send(
                        "PUT",
                        "/api/settings",
                        "{\"providers\": [{\"index\": 0, \"host\": \"elsewhere.invalid\","
                                + " \"username\": \"u\", \"password\": \"" + TYPED_WRONG + "\", \"port\": 70000}]}",
                        true);
                run.raw("GET", "/api/items?apikey=" + apiKey);
                for (String path : List.of(
                        "/api/items",
                        "/api/events",
                        "/api/diagnostics",
                        "/api/health",
                        "/api/streams",
                        "/metrics",
                        "/api/settings",
                        "/api/items/1",
                        "/api/no-such-thing")) {
                    run.send("GET", path, null, true);
                }
                String rotated = run.send("POST", "/api/settings/apikey", null, false);
                rotatedKey = new ObjectMapper().readTree(rotated).get("apiKey").asText();
                // Last: from here on this address is slowed down.
                run.raw("GET", "/api/items?apikey=" + TYPED_WRONG);
                for (int i = 0; i < 15; i++) {
                    run.raw("GET", "/api/items", "Authorization", basic("admin", TYPED_WRONG + i));
                }
            }
        } finally {
            System.setErr(original);
        }

        String written = log.toString(UTF_8);
        assertTrue(written.contains("failed logins"), "the run logged (the capture works): " + written);
        List<String> secrets = List.of(PROVIDER_PASSWORD, INDEXER_KEY, AUTH_PASSWORD, TYPED_WRONG, apiKey, rotatedKey);
        for (String secret : secrets) {
            assertFalse(written.contains(secret), "the log holds " + secret + ":\n" + written);
            for (String answer : answers) {
                assertFalse(answer.contains(secret), "an answer holds " + secret + ": " + answer);
            }
        }
        try (Stream<Path> files = Files.list(data)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String bytes = new String(Files.readAllBytes(file), ISO_8859_1);
                for (String secret : List.of(PROVIDER_PASSWORD, INDEXER_KEY, AUTH_PASSWORD, TYPED_WRONG)) {
                    assertFalse(bytes.contains(secret), file.getFileName() + " holds " + secret);
                }
            }
        }
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(UTF_8));
    }

    /** Requests of the run; every answer (but the key's own) is kept to be searched. */
    private record Run(Application app, HttpClient client, List<String> answers) {
        String send(String method, String path, Object body, boolean keep) throws Exception {
            HttpRequest.BodyPublisher publisher = body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : body instanceof byte[] b
                            ? HttpRequest.BodyPublishers.ofByteArray(b)
                            : HttpRequest.BodyPublishers.ofString((String) body);
            HttpRequest request = HttpRequest.newBuilder(app.uri().resolve(path))
                    .method(method, publisher)
                    .header("Authorization", basic("admin", AUTH_PASSWORD))
                    .header(CsrfHandler.HEADER, "1")
                    .build();
            HttpResponse<String> r = client.send(request, HttpResponse.BodyHandlers.ofString());
            String text = r.statusCode() + " " + r.headers().map() + " " + r.body();
            if (keep) answers.add(text);
            assertTrue(r.statusCode() < 500, method + " " + path + ": " + text);
            return r.body();
        }

        void raw(String method, String path, String... headers) throws Exception {
            HttpRequest.Builder b =
                    HttpRequest.newBuilder(app.uri().resolve(path)).method(method, HttpRequest.BodyPublishers.noBody());
            if (headers.length > 0) b.header(headers[0], headers[1]);
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            answers.add(r.statusCode() + " " + r.headers().map() + " " + r.body());
        }
    }

    /** Writes to two streams. */
    private static final class Tee extends OutputStream {
        private final OutputStream a;
        private final OutputStream b;

        Tee(OutputStream a, OutputStream b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public void write(int c) throws IOException {
            a.write(c);
            synchronized (b) {
                b.write(c);
            }
        }

        @Override
        public void write(byte[] bytes, int off, int len) throws IOException {
            a.write(bytes, off, len);
            synchronized (b) {
                b.write(bytes, off, len);
            }
        }
    }
}
