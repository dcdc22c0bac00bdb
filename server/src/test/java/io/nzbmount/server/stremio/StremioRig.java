package io.nzbmount.server.stremio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.app.Application;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The whole server (as {@code serve} runs it, with a login) on the embedded NNTP server, and an
 * indexer-like HTTP server on loopback that hands out NZBs by URL ({@code /getnzb/<name>.nzb}) and
 * redirects to any URL ({@code /redirect?to=}), as AIOStreams redirects a player. The indexer is
 * named in {@code downloads.allowedNzbHosts}, as a self-hosted one on this machine would be.
 */
final class StremioRig implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String USER = "stremio";
    static final String PASSWORD = "pass-word";

    final EmbeddedNntpServer nntp;
    Application app;
    String apiKey;
    private final String yaml;
    private final HttpServer indexer;
    private final Map<String, byte[]> nzbs = new ConcurrentHashMap<>();
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private StremioRig(Path dataDir, String downloads) throws Exception {
        nntp = EmbeddedNntpServer.start();
        indexer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        indexer.createContext("/getnzb/", exchange -> {
            String name = exchange.getRequestURI().getPath().substring("/getnzb/".length());
            byte[] body = nzbs.get(name);
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
            } else {
                exchange.getResponseHeaders().add("Content-Type", "application/x-nzb");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
            exchange.close();
        });
        indexer.createContext("/redirect", exchange -> {
            String to = exchange.getRequestURI().getRawQuery().substring("to=".length());
            exchange.getResponseHeaders().add("Location", java.net.URLDecoder.decode(to, StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(307, -1);
            exchange.close();
        });
        indexer.start();
        String yaml = """
                server:
                  port: 0
                  dataDir: "%s"
                auth: {username: %s, password: %s}
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    connections: 4
                reader:
                  retryBackoffMillis: [1]
                downloads:
                  completeDir: "%s"
                  allowedNzbHosts: ['127.0.0.1:%d']
                %s
                """.formatted(
                        dataDir,
                        USER,
                        PASSWORD,
                        nntp.host(),
                        nntp.port(),
                        dataDir.resolve("complete"),
                        indexer.getAddress().getPort(),
                        downloads);
        this.yaml = yaml;
        try {
            startApp();
        } catch (Exception | Error e) {
            close();
            throw e;
        }
    }

    private void startApp() throws Exception {
        app = Application.start(ConfigLoader.fromText(yaml, "test", Map.of()));
        HttpResponse<String> key = http.send(
                HttpRequest.newBuilder(app.uri().resolve("/api/settings/apikey"))
                        .header("X-NZBMount-Request", "1")
                        .header("Authorization", basic())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, key.statusCode(), key::body);
        apiKey = JSON.readTree(key.body()).path("apiKey").asText();
    }

    /** Stops the server and starts it again on the same data directory, NNTP server and settings. */
    void restart() throws Exception {
        app.close();
        app = null;
        startApp();
    }

    static StremioRig start(Path dataDir) throws Exception {
        return new StremioRig(dataDir, "");
    }

    /** With more keys of the {@code downloads} section, each line indented by two spaces. */
    static StremioRig start(Path dataDir, String downloads) throws Exception {
        return new StremioRig(dataDir, downloads);
    }

    /** Posts {@code data} as {@code fileName} and offers its NZB at the returned URL ({@code <release>.nzb}). */
    String offer(String release, String fileName, byte[] data, int partSize) {
        return offer(release, List.of(nntp.post(fileName, data, partSize)));
    }

    /** Offers an NZB of the posted files at the returned URL. */
    String offer(String release, List<PostedFile> files) {
        nzbs.put(release + ".nzb", NzbWriter.write(files, release).getBytes(StandardCharsets.UTF_8));
        return "http://127.0.0.1:" + indexer.getAddress().getPort() + "/getnzb/"
                + URLEncoder.encode(release, StandardCharsets.UTF_8).replace("+", "%20") + ".nzb";
    }

    /** Offers {@code body} as it is (no NZB made) at the returned URL ({@code <name>.nzb}). */
    String offerBytes(String name, byte[] body) {
        nzbs.put(name + ".nzb", body.clone());
        return "http://127.0.0.1:" + indexer.getAddress().getPort() + "/getnzb/" + name + ".nzb";
    }

    /** A URL on the indexer-like server that answers 307 to {@code target}. */
    String redirectTo(String target) {
        return "http://127.0.0.1:" + indexer.getAddress().getPort() + "/redirect?to="
                + URLEncoder.encode(target, StandardCharsets.UTF_8);
    }

    /** {@code http://127.0.0.1:PORT} (no trailing slash): the base URL AIOStreams is given. */
    String base() {
        String s = app.uri().toString();
        return s.substring(0, s.length() - 1);
    }

    static String basic() {
        return "Basic " + Base64.getEncoder().encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
    }

    /** The library's items, through the REST API with the key. */
    JsonNode items() throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(base() + "/api/items"))
                        .header("X-Api-Key", apiKey)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r::body);
        return JSON.readTree(r.body()).path("items");
    }

    /** A request with the key in {@code X-Api-Key}, answered as text. */
    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.header("X-Api-Key", apiKey).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A GET with no credentials at all, answered as bytes. */
    HttpResponse<byte[]> anonymousGet(String url, String... headers) throws IOException, InterruptedException {
        return anonymous("GET", url, headers);
    }

    /** A request with no credentials at all and no body, answered as bytes. */
    HttpResponse<byte[]> anonymous(String method, String url, String... headers)
            throws IOException, InterruptedException {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create(url)).method(method, HttpRequest.BodyPublishers.noBody());
        if (headers.length > 0) b.headers(headers);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    @Override
    public void close() {
        http.close();
        if (app != null) app.close();
        indexer.stop(0);
        nntp.close();
    }
}
