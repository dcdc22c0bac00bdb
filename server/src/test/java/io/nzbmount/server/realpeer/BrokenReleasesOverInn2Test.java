package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Releases broken at different places (articles really cancelled on inn2) that together hold
 * every byte of the film: each is posted by nyuu, added to one item (the first as its primary, the
 * others as standbys added by hand), and a full GET and a range across the holes must each be the
 * original's bytes, whole, compared by SHA-256. The server cuts over at a hole and back at the
 * next one, in the same response, whichever source has the bytes.
 */
@Tag("realpeer")
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class BrokenReleasesOverInn2Test {
    private static final int PART = RealPeer.PART_SIZE;
    /** 30 articles, the last one half full: about 21 MB. */
    private static final long SIZE = 29L * PART + PART / 2;

    private static final int ARTICLES = Releases.articles(SIZE);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir(factory = TargetTempDir.class)
    Path work;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30))
            .build();

    @BeforeEach
    void realPeersAreThere() {
        RealPeer.requireOrSkip();
    }

    /** A-B-A: the primary lacks 2 articles at 30 %, the standby 2 at 70 %, one of them holding a fingerprint sample. */
    @Test
    void twoReleasesBrokenAtDifferentPlacesServeTheWholeFilm() throws Exception {
        Path film = RealPeer.randomFile(SIZE, 2601);
        int a = at(0.30);
        int b = sampleArticle(0.70);
        assertServedWhole(film, List.of(List.of(a, a + 1), List.of(b, b + 1)), "Broken A-B-A");
    }

    /** Three releases, each lacking 2 articles: at 25 %, at 50 % and at 75 %. */
    @Test
    void threeReleasesEachMissingTwoArticlesServeTheWholeFilm() throws Exception {
        Path film = RealPeer.randomFile(SIZE, 2602);
        int a = at(0.25);
        int b = sampleArticle(0.50);
        int c = at(0.75);
        assertServedWhole(film, List.of(List.of(a, a + 1), List.of(b, b + 1), List.of(c, c + 1)), "Broken Three");
    }

    /** The primary lacks one article at 50 %; the standby lacks six single articles elsewhere, some holding samples. */
    @Test
    void aStandbyWithSixOneArticleHolesCoversThePrimarysOneHole() throws Exception {
        Path film = RealPeer.randomFile(SIZE, 2603);
        int hole = at(0.50);
        List<Integer> six = List.of(
                sampleArticle(0.10), at(0.25), sampleArticle(0.40), at(0.60) + 1, sampleArticle(0.75), at(0.90));
        assertServedWhole(film, List.of(List.of(hole), six), "Broken Six");
    }

    /**
     * Posts {@code film} once per entry of {@code holes}, cancels those articles of that post,
     * imports the first post and adds the others as its standbys, then checks a full GET and a
     * range from an article before the first hole to an article past the last one.
     */
    private void assertServedWhole(Path film, List<List<Integer>> holes, String name) throws Exception {
        int first = ARTICLES;
        int last = -1;
        for (List<Integer> h : holes) {
            for (int k : h) {
                first = Math.min(first, k);
                last = Math.max(last, k);
            }
        }
        try (LibraryServer server = LibraryServer.onInn2(work.resolve("data"))) {
            long item = -1;
            for (List<Integer> h : holes) {
                Path nzb = RealPeer.postFile(film);
                List<NzbSegment> segments = Releases.onlyFile(nzb).segments();
                assertEquals(ARTICLES, segments.size(), "articles of " + nzb);
                for (int k : h) RealPeer.cancelArticle(segments.get(k).messageId());
                JsonNode created = post(server, item, Files.readAllBytes(nzb), name);
                if (item < 0) item = created.get("id").asLong();
            }
            URI file = server.uri()
                    .resolve(item(server, item).get("files").get(0).get("path").asText());
            assertSame(film, file, 0, SIZE - 1, null);
            long from = (long) (first - 1) * PART + 12_345;
            long to = Math.min(SIZE - 1, (long) (last + 2) * PART - 54_321);
            assertSame(film, file, from, to, "bytes=" + from + "-" + to);
        }
    }

    /** The article at {@code fraction} of the file. */
    private static int at(double fraction) {
        return (int) (ARTICLES * fraction);
    }

    /** The article that holds the start of the fingerprint sample nearest {@code fraction} of the file. */
    private static int sampleArticle(double fraction) {
        long target = (long) (SIZE * fraction);
        Sample best = null;
        for (Sample s : SamplePlan.forSize(SIZE)) {
            if (best == null || Math.abs(s.offset() - target) < Math.abs(best.offset() - target)) best = s;
        }
        return (int) (best.offset() / PART);
    }

    /** A GET of the file (a range when {@code range} is not null) must be exactly the original's bytes {@code [from, to]}. */
    private void assertSame(Path film, URI file, long from, long to, String range) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(file).timeout(Duration.ofSeconds(120)).GET();
        if (range != null) request.header("Range", range);
        HttpResponse<InputStream> r = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        String what = "GET " + (range == null ? "of the whole file" : range);
        assertEquals(range == null ? 200 : 206, r.statusCode(), what);
        ByteArrayOutputStream got = new ByteArrayOutputStream();
        try (InputStream in = r.body()) {
            in.transferTo(got);
        } catch (IOException e) {
            // The response ended early: the length check below says where.
        }
        Originals.assertSameBytes(Originals.slice(film, from, (int) (to - from + 1)), got.toByteArray(), from, what);
    }

    /** Imports {@code nzb} as a new item ({@code item} below 0) or adds it as a standby of {@code item}. */
    private JsonNode post(LibraryServer server, long item, byte[] nzb, String name) throws Exception {
        String query =
                item < 0 ? "name=" + URLEncoder.encode(name, StandardCharsets.UTF_8) : "item=" + item + "&role=standby";
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(server.uri().resolve("/api/nzbs?" + query))
                        .header("Content-Type", "application/x-nzb")
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, r.statusCode(), () -> "POST /api/nzbs?" + query + ": " + r.body());
        return JSON.readTree(r.body());
    }

    private JsonNode item(LibraryServer server, long item) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(server.uri().resolve("/api/items/" + item))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r::body);
        return JSON.readTree(r.body());
    }
}
