package io.nzbmount.server.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.library.naming.ItemNames;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole server as {@code serve} runs it, against the embedded NNTP server. */
class ApplicationTest {
    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private final HttpClient http = HttpClient.newHttpClient();
    private Application app;

    @BeforeEach
    void startNntp() throws IOException {
        nntp = EmbeddedNntpServer.start();
    }

    /** Stops the application before the demo content it reads is deleted. */
    private void closeAppFirst() {
        if (app != null) app.close();
        app = null;
    }

    @AfterEach
    void stopAll() {
        if (app != null) app.close();
        nntp.close();
    }

    private Settings settings() throws Exception {
        return ConfigLoader.fromText("""
                server:
                  port: 0
                  dataDir: %s
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    connections: 4
                reader:
                  retryBackoffMillis: [1]
                """.formatted(dataDir, nntp.host(), nntp.port()), "test", Map.of());
    }

    @Test
    void importedNzbIsServedOverWebDavByteForByteAndSurvivesARestart() throws Exception {
        byte[] film = random(5 * 200_000 + 777, 7);
        PostedFile post = nntp.post("Great.Film.2021.1080p.mkv", film, 200_000);
        String nzb = NzbWriter.write(List.of(post), "Great Film (2021)");
        app = Application.start(settings());

        HttpResponse<String> created = http.send(
                HttpRequest.newBuilder(api("nzbs"))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, created.statusCode(), created.body());
        HttpResponse<String> again = http.send(
                HttpRequest.newBuilder(api("nzbs"))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, again.statusCode(), "the same NZB twice is the same item: " + again.body());

        URI file = dav("Great Film (2021)", "Great.Film.2021.1080p.mkv");
        assertArrayEquals(sha256(film), sha256(get(file, null)));
        assertRange(file, film, 199_990, 400_010);
        assertRange(file, film, film.length - 1, film.length - 1);
        assertRange(file, film, 0, 0);

        HttpResponse<String> listing = http.send(
                HttpRequest.newBuilder(davRoot())
                        .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                        .header("Depth", "1")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(207, listing.statusCode());
        assertTrue(
                listing.body().contains("Great%20Film%20(2021)")
                        || listing.body().contains("Great Film (2021)"),
                listing.body());

        app.close();
        app = Application.start(settings());
        assertArrayEquals(
                sha256(film),
                sha256(get(dav("Great Film (2021)", "Great.Film.2021.1080p.mkv"), null)),
                "after a restart the same library serves the same bytes");
    }

    @Test
    void putOfAnNzbIntoTheNzbsFolderImportsIt() throws Exception {
        byte[] clip = random(150_000, 9);
        PostedFile post = nntp.post("Clip.2022.mkv", clip, 64_000);
        app = Application.start(settings());
        HttpResponse<String> put = http.send(
                HttpRequest.newBuilder(app.uri().resolve("/dav/nzbs/Clip.2022.nzb"))
                        .PUT(HttpRequest.BodyPublishers.ofString(NzbWriter.write(List.of(post))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, put.statusCode(), put.body());
        HttpResponse<String> items =
                http.send(HttpRequest.newBuilder(api("items")).build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(items.body().contains("\"name\":\"Clip (2022)\""), items.body());
    }

    @Test
    void aMissingArticleCutsTheResponseShortAndNeverServesWrongBytes() throws Exception {
        byte[] film = random(4 * 100_000, 11);
        PostedFile post = nntp.post("Broken.Film.2019.mkv", film, 100_000);
        app = Application.start(settings());
        assertEquals(
                201,
                http.send(
                                HttpRequest.newBuilder(api("nzbs"))
                                        .header("X-NZBMount-Request", "1")
                                        .POST(HttpRequest.BodyPublishers.ofString(NzbWriter.write(List.of(post))))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode());
        nntp.removeArticle(post.messageIds().get(2));
        URI file = dav("Broken.Film.2019", "Broken.Film.2019.mkv");
        // A raw socket sees every byte the server sent before it closed; an HTTP client may drop
        // what it had buffered when it meets the premature end.
        try (java.net.Socket socket = new java.net.Socket(file.getHost(), file.getPort())) {
            socket.getOutputStream()
                    .write(("GET " + file.getRawPath() + " HTTP/1.1\r\nHost: " + file.getHost() + ":" + file.getPort()
                                    + "\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            byte[] all = readUntilCut(socket.getInputStream());
            int headerEnd = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII)) + 4;
            String headers = new String(all, 0, headerEnd, StandardCharsets.US_ASCII);
            assertTrue(headers.startsWith("HTTP/1.1 200"), headers);
            assertTrue(headers.contains("Content-Length: " + film.length), headers);
            byte[] got = Arrays.copyOfRange(all, headerEnd, all.length);
            assertEquals(200_000, got.length, "the response ends where the missing article starts");
            assertArrayEquals(Arrays.copyOf(film, got.length), got);
        }
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i + pattern.length <= data.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) continue outer;
            }
            return i;
        }
        throw new AssertionError("no end of headers in the response");
    }

    @Test
    void demoModeKeepsTheConfiguredDownloadsSection() throws Exception {
        Settings configured = ConfigLoader.fromText("""
                server:
                  port: 0
                downloads:
                  layout: symlink
                  mountPath: /mnt/nzbmount
                  categories: [anime]
                """, "test", Map.of());
        try (DemoContent demo = DemoContent.start()) {
            assertEquals(configured.downloads(), demo.settings(configured).downloads());
            closeAppFirst();
        }
    }

    @Test
    void demoModeServesTheSampleFilm() throws Exception {
        try (DemoContent demo = DemoContent.start()) {
            app = Application.start(demo.settings(settings()));
            for (Map.Entry<String, byte[]> nzb : demo.nzbs().entrySet()) {
                app.importer().importFile(nzb.getKey(), nzb.getValue());
            }
            byte[] original;
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("demo/" + DemoContent.FILM)) {
                original = in.readAllBytes();
            }
            assertArrayEquals(sha256(original), sha256(get(dav("Demo Film (2024)", DemoContent.FILM), null)));
            closeAppFirst();
        }
    }

    @Test
    void demoModeServesTheFilmFromObfuscatedRarVolumesUnderItsRealNameWholeAndAtRanges() throws Exception {
        try (DemoContent demo = DemoContent.start()) {
            app = Application.start(demo.settings(settings()));
            for (Map.Entry<String, byte[]> nzb : demo.nzbs().entrySet()) {
                app.importer().importFile(nzb.getKey(), nzb.getValue());
            }
            byte[] original;
            try (InputStream in = getClass().getClassLoader().getResourceAsStream("demo/" + DemoContent.FILM)) {
                original = in.readAllBytes();
            }
            String nzb = new String(demo.nzbs().get("Demo.Film.2024.360p.RAR.nzb"), StandardCharsets.UTF_8);
            assertTrue(
                    nzb.contains("<file ")
                            && !nzb.contains(".rar")
                            && !nzb.contains(".par2")
                            && !nzb.contains(DemoContent.FILM),
                    "no real name is posted: " + nzb);
            JsonNode item = null;
            for (JsonNode i : new ObjectMapper()
                    .readTree(http.send(
                                    HttpRequest.newBuilder(app.uri().resolve("/api/items"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body())
                    .get("items")) {
                if (i.get("name").asText().equals(DemoContent.ARCHIVED_TITLE)) item = i;
            }
            assertNotNull(item, "the archived demo item is listed");
            item = new ObjectMapper()
                    .readTree(http.send(
                                    HttpRequest.newBuilder(app.uri()
                                                    .resolve("/api/items/"
                                                            + item.get("id").asLong()))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body());
            assertEquals(1, item.get("files").size(), item.toString());
            assertEquals(DemoContent.FILM, item.get("files").get(0).get("name").asText(), item.toString());

            URI file = dav(DemoContent.ARCHIVED_TITLE, DemoContent.FILM);
            assertArrayEquals(sha256(original), sha256(get(file, null)), "the whole film");
            int size = original.length;
            // Volume edges lie near every 200000 bytes of the film; articles every 48000 bytes of a volume.
            long[][] ranges = {
                {0, 0},
                {0, 99},
                {199_900, 200_100},
                {47_990, 48_010},
                {399_000, 401_000},
                {size - 5_000, size - 1},
                {123_456, 523_456}
            };
            for (long[] r : ranges) assertRange(file, original, r[0], r[1]);
            closeAppFirst();
        }
    }

    private void assertRange(URI file, byte[] original, long first, long last) throws Exception {
        byte[] got = get(file, "bytes=" + first + "-" + last);
        assertArrayEquals(
                Arrays.copyOfRange(original, (int) first, (int) last + 1), got, "range " + first + "-" + last);
    }

    private byte[] get(URI uri, String range) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (range != null) b.header("Range", range);
        HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(range == null ? 200 : 206, r.statusCode());
        return r.body();
    }

    private static byte[] readUntilCut(InputStream in) {
        java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try (in) {
            for (int n; (n = in.read(buf)) > 0; ) got.write(buf, 0, n);
        } catch (IOException expectedWhenCutShort) {
            // The server closes the connection short of Content-Length.
        }
        return got.toByteArray();
    }

    private URI api(String path) {
        return app.uri().resolve("/api/" + path);
    }

    private URI davRoot() {
        return app.uri().resolve("/dav/library/");
    }

    /** The WebDAV URL of {@code file} in the folder of the item imported under the name {@code item}. */
    private URI dav(String item, String file) {
        return app.uri().resolve("/dav/library/" + encode(ItemNames.folder(item).orElseThrow()) + "/" + encode(file));
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
