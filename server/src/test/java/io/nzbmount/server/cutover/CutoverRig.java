package io.nzbmount.server.cutover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.app.Application;
import io.nzbmount.server.library.naming.ItemNames;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A whole server (as {@code serve} runs it) over embedded NNTP servers, with helpers to import a
 * primary and standbys through the API, wait for proofs and read responses on a raw socket.
 */
final class CutoverRig implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();

    /** The embedded server the rig owns; null when it reads from a provider of the caller's (inn2). */
    final EmbeddedNntpServer nntp;

    final Application app;
    private final HttpClient http = HttpClient.newHttpClient();

    /**
     * @param yaml extra settings (e.g. a {@code fallback:} block); the providers are the servers given.
     *             Without a {@code reader:} block of its own the reader retries once after 1 ms;
     *             without a {@code health:} block of its own no health check runs (its STATs
     *             would meet the faults a test places for its reads)
     */
    CutoverRig(Path dataDir, String yaml, boolean demo, EmbeddedNntpServer nntp, String providersYaml)
            throws Exception {
        this.nntp = nntp;
        Settings settings = ConfigLoader.fromText(
                """
                server:
                  port: 0
                  dataDir: %s
                providers:
                %s
                %s
                %s
                %s
                """.formatted(
                                dataDir,
                                providersYaml,
                                yaml.contains("reader:") ? "" : "reader:\n  retryBackoffMillis: [1]",
                                yaml.contains("health:") ? "" : "health:\n  enabled: false",
                                yaml),
                "test",
                Map.of());
        this.app = Application.start(settings, Map.of(), demo);
    }

    static String provider(String name, EmbeddedNntpServer server, int priority) {
        return provider(name, server.host(), server.port(), priority);
    }

    static String provider(String name, String host, int port, int priority) {
        return """
                  - name: %s
                    host: %s
                    port: %d
                    connections: 4
                    priority: %d
                """.formatted(name, host, port, priority);
    }

    static CutoverRig start(Path dataDir, String yaml) throws Exception {
        EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
        try {
            return new CutoverRig(dataDir, yaml, false, nntp, provider("embedded", nntp, 0));
        } catch (Exception | Error e) {
            nntp.close();
            throw e;
        }
    }

    /** Imports the NZB of {@code post} as a new item; returns the item's id. */
    long importPrimary(String title, PostedFile post) throws Exception {
        HttpResponse<String> r = post(URI.create(app.uri() + "api/nzbs"), NzbWriter.write(List.of(post), title));
        assertEquals(201, r.statusCode(), r.body());
        return JSON.readTree(r.body()).get("id").asLong();
    }

    /** Imports {@code nzb} as a new item named {@code title}; returns the item's id. */
    long importPrimary(String title, String nzb) throws Exception {
        HttpResponse<String> r = post(URI.create(app.uri() + "api/nzbs?name=" + encode(title)), nzb);
        assertEquals(201, r.statusCode(), r.body());
        return JSON.readTree(r.body()).get("id").asLong();
    }

    /** Adds {@code post} as a standby of {@code item}; returns the new source's id. */
    long addStandby(long item, String title, PostedFile post) throws Exception {
        return addStandby(item, NzbWriter.write(List.of(post), title));
    }

    /** Adds {@code nzb} as a standby of {@code item}; returns the new source's id. */
    long addStandby(long item, String nzb) throws Exception {
        HttpResponse<String> r = post(URI.create(app.uri() + "api/nzbs?item=" + item + "&role=standby"), nzb);
        assertEquals(201, r.statusCode(), r.body());
        long newest = -1;
        for (JsonNode s : JSON.readTree(r.body()).get("standby"))
            newest = Math.max(newest, s.get("id").asLong());
        return newest;
    }

    HttpResponse<String> post(URI uri, String body) throws Exception {
        return http.send(
                HttpRequest.newBuilder(uri)
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** {@code DELETE} of {@code path} (e.g. {@code /api/items/3}); returns the status. */
    int delete(String path) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(app.uri().resolve(path))
                                .header("X-NZBMount-Request", "1")
                                .DELETE()
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    JsonNode item(long id) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(app.uri() + "api/items/" + id))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    /** Waits (at most 60 s) until the standby source is verified (its API state {@code validated}). */
    void awaitVerified(long item, long source) throws Exception {
        JsonNode[] last = {null};
        Await.until(
                Duration.ofSeconds(60),
                () -> {
                    last[0] = item(item);
                    for (JsonNode s : last[0].get("standby")) {
                        if (s.get("id").asLong() == source
                                && s.get("state").asText().equals("validated")) return true;
                    }
                    return false;
                },
                () -> "standby " + source + " verified: " + last[0]);
    }

    /** Waits (at most 60 s) for the item's first event of {@code kind}; returns it. */
    JsonNode awaitEvent(long item, String kind) throws Exception {
        return Await.value(
                Duration.ofSeconds(60),
                () -> {
                    List<JsonNode> found = events(item, kind);
                    return found.isEmpty() ? null : found.get(0);
                },
                () -> "a " + kind + " event of item " + item);
    }

    /** The source {@code id} of the item as the API shows it, wherever it sits (primary, standby or other). */
    JsonNode source(long item, long id) throws Exception {
        JsonNode view = item(item);
        if (view.get("primary").get("id").asLong() == id) return view.get("primary");
        for (String list : List.of("standby", "otherSources")) {
            for (JsonNode s : view.get(list)) if (s.get("id").asLong() == id) return s;
        }
        throw new AssertionError("item " + item + " has no source " + id + ": " + view);
    }

    /** The item's timeline events of {@code kind}, oldest first. */
    List<JsonNode> events(long item, String kind) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(app.uri() + "api/events?item=" + item + "&limit=500"))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        List<JsonNode> out = new ArrayList<>();
        JsonNode root = JSON.readTree(r.body());
        JsonNode list = root.isArray() ? root : root.get("events");
        for (JsonNode e : list) if (e.get("kind").asText().equals(kind)) out.add(e);
        return out;
    }

    /** The WebDAV URL of {@code file} in the folder of the item imported under the name {@code item}. */
    URI dav(String item, String file) {
        return app.uri().resolve("/dav/library/" + encode(ItemNames.folder(item).orElseThrow()) + "/" + encode(file));
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** One GET's status line, headers and every body byte the server sent, read on a raw socket. */
    record Raw(String headers, byte[] body) {
        void assertOne200(long contentLength) {
            assertTrue(headers.startsWith("HTTP/1.1 200"), headers);
            assertTrue(headers.contains("Content-Length: " + contentLength), headers);
        }
    }

    static Raw rawGet(URI file) throws IOException {
        return rawGet(file, "");
    }

    /** A GET with {@code Range: range} (none when empty). */
    static Raw rawGet(URI file, String range) throws IOException {
        try (Socket socket = new Socket(file.getHost(), file.getPort())) {
            socket.setSoTimeout(60_000);
            String rangeHeader = range.isEmpty() ? "" : "Range: " + range + "\r\n";
            socket.getOutputStream()
                    .write(("GET " + file.getRawPath() + " HTTP/1.1\r\nHost: " + file.getHost() + ":" + file.getPort()
                                    + "\r\n" + rangeHeader + "Connection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] buf = new byte[65536];
            try {
                for (int n; (n = in.read(buf)) > 0; ) got.write(buf, 0, n);
            } catch (IOException cutShort) {
                // The server may reset the connection when it ends the response short.
            }
            byte[] all = got.toByteArray();
            int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII)) + 4;
            return new Raw(
                    new String(all, 0, end, StandardCharsets.US_ASCII), Arrays.copyOfRange(all, end, all.length));
        }
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) if (data[i + j] != pattern[j]) continue outer;
            return i;
        }
        throw new AssertionError("no end of headers in the response");
    }

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        app.close();
        if (nntp != null) nntp.close();
    }
}
