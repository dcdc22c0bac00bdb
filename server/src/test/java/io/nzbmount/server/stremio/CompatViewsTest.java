package io.nzbmount.server.stremio;

import static io.nzbmount.server.stremio.StremioRig.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.stremio.AioStreamsClient.Entry;
import io.nzbmount.server.stremio.AioStreamsClient.Service;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /content/<category>/<job>/} and {@code /webdav/complete/<category>/<job>/} show the
 * download client's jobs, read-only, with the bytes of {@code /dav/library/}: PROPFIND at Depth 0,
 * 1 and infinity (refused above a job, where it would walk the library), GET and HEAD with ranges,
 * categories in any case, the login as under {@code /dav}.
 */
class CompatViewsTest {
    private static final int PART = 100_000;
    private static final String JOB = "Views.Film.2020.1080p.BluRay.x264-NZBM";

    @TempDir
    Path dataDir;

    private StremioRig rig;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @AfterEach
    void stop() {
        http.close();
        if (rig != null) rig.close();
    }

    @Test
    void bothLayoutsListAndServeTheJobsOfTheLibrary() throws Exception {
        rig = StremioRig.start(dataDir);
        byte[] film = random(5 * PART + 11, 12);
        addurl(rig.offer("ignored-file-name", JOB + ".mkv", film, PART), "Movies", JOB);
        AioStreamsClient nzbdav = new AioStreamsClient(Service.NZBDAV, rig.base(), rig.apiKey, "u", "p");
        AioStreamsClient altmount = new AioStreamsClient(Service.ALTMOUNT, rig.base(), rig.apiKey, "u", "p");

        assertEquals(
                List.of(new Entry("/content/tv", true, 0), new Entry("/content/movies", true, 0)),
                nzbdav.propfind("/content", "1"));
        assertEquals(List.of(new Entry("/complete", true, 0)), altmount.propfind("/", "1"));
        assertEquals(
                List.of(new Entry("/complete/MOVIES/" + JOB, true, 0)), altmount.propfind("/complete/MOVIES", "1"));
        assertEquals(List.of(), nzbdav.propfind("/content/TV", "1"));
        Entry file = new Entry("/content/movies/" + JOB + "/" + JOB + ".mkv", false, film.length);
        assertEquals(List.of(file), nzbdav.propfind("/content/movies/" + JOB, "infinity"));
        assertTrue(nzbdav.stat("/content/Movies/" + JOB).orElseThrow().directory());
        assertEquals(file, nzbdav.stat(file.filename()).orElseThrow());
        assertTrue(nzbdav.stat("/content/Movies/Not.There").isEmpty());
        // Depth infinity above a job would walk the whole library: refused, so clients list level by level.
        for (String path : List.of("/content", "/content/movies", "/webdav", "/webdav/complete/tv")) {
            HttpResponse<String> deep = propfind(path, "infinity");
            assertEquals(403, deep.statusCode(), path);
            assertTrue(
                    StremioRig.JSON.readTree(deep.body()).path("error").asText().contains("Depth: 1"), deep::body);
        }

        // The same bytes as /dav/library/, ranges and HEAD included, under every path.
        String item = rig.items().path(0).path("name").asText();
        for (String path : List.of(
                "/content/movies/" + JOB + "/" + JOB + ".mkv",
                "/webdav/complete/Movies/" + JOB + "/" + JOB + ".mkv",
                "/dav/library/" + enc(item) + "/" + JOB + ".mkv")) {
            HttpResponse<byte[]> range = get(path, "GET", "bytes=" + (PART - 5) + "-" + (PART + 4));
            assertEquals(206, range.statusCode(), path);
            assertArrayEquals(Arrays.copyOfRange(film, PART - 5, PART + 5), range.body(), path);
            HttpResponse<byte[]> suffix = get(path, "GET", "bytes=-7");
            assertArrayEquals(Arrays.copyOfRange(film, film.length - 7, film.length), suffix.body(), path);
            HttpResponse<byte[]> head = get(path, "HEAD", null);
            assertEquals(200, head.statusCode(), path);
            assertEquals(
                    String.valueOf(film.length),
                    head.headers().firstValue("Content-Length").orElse(""));
            assertEquals(416, get(path, "GET", "bytes=" + film.length + "-").statusCode(), path);
        }
        // Read-only, and behind the login like /dav.
        for (String method : List.of("PUT", "DELETE", "MKCOL", "MOVE")) {
            int status = http.send(
                            HttpRequest.newBuilder(
                                            URI.create(rig.base() + "/content/movies/" + JOB + "/" + JOB + ".mkv"))
                                    .header("Authorization", StremioRig.basic())
                                    .method(method, HttpRequest.BodyPublishers.noBody())
                                    .build(),
                            HttpResponse.BodyHandlers.discarding())
                    .statusCode();
            assertTrue(status == 403 || status == 405, method + " " + status);
        }
        assertEquals(
                401,
                rig.anonymousGet(rig.base() + "/content/movies/" + JOB + "/" + JOB + ".mkv")
                        .statusCode());
        assertEquals(
                401, rig.anonymous("PROPFIND", rig.base() + "/webdav/complete/").statusCode());
    }

    private void addurl(String url, String cat, String nzbname) throws Exception {
        HttpResponse<String> r = rig.send(HttpRequest.newBuilder(URI.create(rig.base()
                + "/api?mode=addurl&output=json&cat=" + cat + "&nzbname=" + enc(nzbname) + "&name=" + enc(url))));
        JsonNode body = StremioRig.JSON.readTree(r.body());
        assertTrue(body.path("status").asBoolean(), r::body);
    }

    private HttpResponse<String> propfind(String path, String depth) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(rig.base() + path))
                        .header("Depth", depth)
                        .header("Authorization", StremioRig.basic())
                        .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<byte[]> get(String path, String method, String range) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(rig.base() + path))
                .header("Authorization", StremioRig.basic())
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (range != null) b.header("Range", range);
        return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
