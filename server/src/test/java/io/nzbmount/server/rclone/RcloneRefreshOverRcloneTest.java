package io.nzbmount.server.rclone;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.server.app.Application;
import io.nzbmount.server.realpeer.TargetTempDir;
import io.nzbmount.server.realpeer.Tool;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * rclone, for real, sees an import and a removal at once although it caches folder listings for an
 * hour: {@code rclone serve http} of a WebDAV remote on {@code /dav/} with {@code --dir-cache-time 1h}
 * and its remote control on ({@code --rc}, with a login). rclone 1.60 (Debian 12) has no rc call
 * that makes a VFS in {@code rclone rcd}; a serving command with {@code --rc} runs the same remote
 * control next to the VFS a mount would have. Its listing is read once before the import, so only
 * NZBMount's {@code vfs/refresh} can make the new folder appear, and only its {@code vfs/forget} can
 * make the removed one go, within the test's time.
 */
@Tag("realpeer")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RcloneRefreshOverRcloneTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RC_USER = "nzbmount";
    private static final String RC_PASS = "rc-secret-" + Long.toHexString(new Random().nextLong());
    private static final Duration SEEN_WITHIN = Duration.ofSeconds(30);

    @TempDir(factory = TargetTempDir.class)
    Path work;

    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @Test
    void aMountCachingItsListingsSeesAnImportAndARemovalAtOnce() throws Exception {
        Tool.requireOrSkip("rclone");
        byte[] film = new byte[3 * 250_000 + 11];
        new Random(2028).nextBytes(film);
        int rcPort = freePort();
        int servePort = freePort();
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start();
                Application app = Application.start(ConfigLoader.fromText(config(nntp, rcPort), "test", Map.of()))) {
            byte[] nzb = NzbWriter.write(List.of(nntp.post("Refreshed.Film.2024.mkv", film, 250_000)))
                    .getBytes(StandardCharsets.UTF_8);
            Process rclone = startRclone(app.uri().resolve("/dav/"), rcPort, servePort);
            try {
                URI library = URI.create("http://127.0.0.1:" + servePort + "/library/");
                String before = waitFor(library, body -> body.contains("</html>"), "rclone to serve the library");
                assertFalse(before.contains("Refreshed"), before);

                JsonNode item = importNzb(app, nzb);
                String name = item.path("name").asText();
                String folder = URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
                waitFor(library, body -> body.contains(folder + "/"), "the new item in rclone's cached listing");
                HttpResponse<byte[]> served = http.send(
                        HttpRequest.newBuilder(library.resolve(folder + "/Refreshed.Film.2024.mkv"))
                                .build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                assertEquals(200, served.statusCode());
                assertArrayEquals(sha256(film), sha256(served.body()), "the film through rclone");

                HttpResponse<String> removed = http.send(
                        HttpRequest.newBuilder(app.uri()
                                        .resolve("/api/items/" + item.path("id").asLong()))
                                .header("X-NZBMount-Request", "1")
                                .DELETE()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertTrue(removed.statusCode() / 100 == 2, removed::body);
                waitFor(library, body -> !body.contains(folder + "/"), "the removed item to leave rclone's listing");
            } finally {
                rclone.destroy();
                if (!rclone.waitFor(10, TimeUnit.SECONDS)) rclone.destroyForcibly();
            }
            String log = Files.readString(work.resolve("rclone.log"));
            assertFalse(log.contains(RC_PASS), "rclone's log shows the password");
        }
    }

    private String config(EmbeddedNntpServer nntp, int rcPort) {
        return """
                server: {port: 0, dataDir: "%s"}
                providers: [{name: embedded, host: %s, port: %d, connections: 4}]
                rclone:
                  rcUrl: http://127.0.0.1:%d
                  username: %s
                  password: %s
                """.formatted(work.resolve("data"), nntp.host(), nntp.port(), rcPort, RC_USER, RC_PASS);
    }

    private Process startRclone(URI dav, int rcPort, int servePort) throws IOException {
        Path home = Files.createDirectories(work.resolve("home"));
        ProcessBuilder b = new ProcessBuilder(
                        "rclone",
                        "serve",
                        "http",
                        "nzb:",
                        "--addr",
                        "127.0.0.1:" + servePort,
                        "--dir-cache-time",
                        "1h",
                        "--rc",
                        "--rc-addr",
                        "127.0.0.1:" + rcPort,
                        "--rc-user",
                        RC_USER,
                        "--rc-pass",
                        RC_PASS,
                        "-v")
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("rclone.log").toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        b.environment()
                .putAll(Map.of(
                        "HOME",
                        home.toString(),
                        "XDG_CONFIG_HOME",
                        home.resolve(".config").toString(),
                        "XDG_CACHE_HOME",
                        home.resolve(".cache").toString(),
                        "RCLONE_CONFIG",
                        home.resolve("rclone.conf").toString(),
                        "RCLONE_CONFIG_NZB_TYPE",
                        "webdav",
                        "RCLONE_CONFIG_NZB_URL",
                        dav.toString(),
                        "RCLONE_CONFIG_NZB_VENDOR",
                        "other"));
        return b.start();
    }

    private JsonNode importNzb(Application app, byte[] nzb) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(app.uri().resolve("/api/nzbs"))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, r.statusCode(), r::body);
        return JSON.readTree(r.body());
    }

    /** GETs {@code uri} until its body passes {@code test}, for at most {@link #SEEN_WITHIN}. */
    private String waitFor(URI uri, Predicate<String> test, String what) throws Exception {
        long deadline = System.nanoTime() + SEEN_WITHIN.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = http.send(
                        HttpRequest.newBuilder(uri)
                                .timeout(Duration.ofSeconds(10))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                last = r.statusCode() + " " + r.body();
                if (r.statusCode() == 200 && test.test(r.body())) return r.body();
            } catch (IOException notYet) {
                last = notYet.toString();
            }
            Thread.sleep(200);
        }
        fail("waited " + SEEN_WITHIN + " for " + what + "; last answer: " + last + "; rclone log: "
                + Files.readString(work.resolve("rclone.log")));
        return last;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static byte[] sha256(byte[] bytes) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(bytes);
    }
}
