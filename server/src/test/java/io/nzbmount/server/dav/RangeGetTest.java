package io.nzbmount.server.dav;

import static io.nzbmount.server.dav.TestFiles.BIG_SIZE;
import static io.nzbmount.server.dav.TestFiles.FILM;
import static io.nzbmount.server.dav.TestFiles.ITEM_PATH;
import static io.nzbmount.server.dav.TestFiles.sha256;
import static io.nzbmount.server.dav.TestFiles.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.Await;
import io.nzbmount.server.http.WebServer;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** GET and HEAD of files over real HTTP: every Range case, compared byte for byte. */
class RangeGetTest {

    private static final String FILM_URL = ITEM_PATH + "film.mkv";
    private static final String BIG_URL = ITEM_PATH + "big.mkv";
    private static final long FOUR_GIB = 4L * 1024 * 1024 * 1024;

    private static MemoryLibrary library;
    private static WebServer server;
    private static HttpClient client;

    @BeforeAll
    static void start() throws Exception {
        library = TestFiles.library();
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(library, null))
                .port(0)
                .build();
        server.start();
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterAll
    static void stop() throws Exception {
        client.close();
        server.stop();
    }

    @AfterEach
    void everyReaderIsClosed() throws Exception {
        Await.until(Duration.ofSeconds(30), () -> library.openReaders() == 0, () -> "all readers closed");
    }

    private static HttpResponse<byte[]> get(String path, String... headers) throws Exception {
        return send("GET", path, headers);
    }

    private static HttpResponse<byte[]> send(String method, String path, String... headers) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(server.uri().resolve(path)).method(method, HttpRequest.BodyPublishers.noBody());
        for (int i = 0; i < headers.length; i += 2) {
            request.header(headers[i], headers[i + 1]);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String header(HttpResponse<?> response, String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    @Test
    void fullGetSendsEveryByteWithExactLengthUnencodedAndUnchunked() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Accept-Encoding", "deflate, gzip, br, zstd");
        assertEquals(200, response.statusCode());
        assertEquals(String.valueOf(FILM.length), header(response, "Content-Length"));
        assertNull(header(response, "Content-Encoding"));
        assertNull(header(response, "Transfer-Encoding"));
        assertEquals("bytes", header(response, "Accept-Ranges"));
        assertEquals("video/x-matroska", header(response, "Content-Type"));
        assertEquals("Fri, 01 Mar 2024 12:34:56 GMT", header(response, "Last-Modified"));
        assertTrue(header(response, "ETag").matches("\"[0-9a-f]+\""));
        assertEquals(sha256(FILM), sha256(response.body()));
    }

    @Test
    void closedRangeSendsExactlyThoseBytes() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=1000-2999");
        assertEquals(206, response.statusCode());
        assertEquals("bytes 1000-2999/" + FILM.length, header(response, "Content-Range"));
        assertEquals("2000", header(response, "Content-Length"));
        assertEquals("video/x-matroska", header(response, "Content-Type"));
        assertArrayEquals(slice(FILM, 1000, 2999), response.body());
    }

    @Test
    void openRangeFromZeroSendsTheWholeFileAs206WithItsSize() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=0-");
        assertEquals(206, response.statusCode());
        assertEquals(String.valueOf(FILM.length), header(response, "Content-Length"));
        assertEquals("bytes 0-" + (FILM.length - 1) + "/" + FILM.length, header(response, "Content-Range"));
        assertEquals(sha256(FILM), sha256(response.body()));
    }

    @Test
    void openRangeSendsTheRest() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=123456-");
        assertEquals(206, response.statusCode());
        assertArrayEquals(slice(FILM, 123456, FILM.length - 1), response.body());
    }

    @Test
    void suffixRangeSendsTheLastBytes() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=-500");
        assertEquals(206, response.statusCode());
        assertEquals(
                "bytes " + (FILM.length - 500) + "-" + (FILM.length - 1) + "/" + FILM.length,
                header(response, "Content-Range"));
        assertArrayEquals(slice(FILM, FILM.length - 500, FILM.length - 1), response.body());
    }

    @Test
    void suffixLongerThanTheFileSendsTheWholeFile() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=-99999999999");
        assertEquals(206, response.statusCode());
        assertEquals(sha256(FILM), sha256(response.body()));
    }

    @Test
    void rangeEndingPastTheEndIsClamped() throws Exception {
        HttpResponse<byte[]> response =
                get(FILM_URL, "Range", "bytes=" + (FILM.length - 10) + "-99999999999999999999999");
        assertEquals(206, response.statusCode());
        assertEquals(
                "bytes " + (FILM.length - 10) + "-" + (FILM.length - 1) + "/" + FILM.length,
                header(response, "Content-Range"));
        assertArrayEquals(slice(FILM, FILM.length - 10, FILM.length - 1), response.body());
    }

    @Test
    void lastByteAloneIsServed() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=" + (FILM.length - 1) + "-" + (FILM.length - 1));
        assertEquals(206, response.statusCode());
        assertArrayEquals(slice(FILM, FILM.length - 1, FILM.length - 1), response.body());
    }

    @Test
    void rangeStartingAtTheEndIsUnsatisfiable() throws Exception {
        for (String range : List.of(
                "bytes=" + FILM.length + "-", "bytes=" + (FILM.length + 5) + "-" + (FILM.length + 9), "bytes=-0")) {
            HttpResponse<byte[]> response = get(FILM_URL, "Range", range);
            assertEquals(416, response.statusCode(), range);
            assertEquals("bytes */" + FILM.length, header(response, "Content-Range"), range);
            assertEquals(0, response.body().length, range);
        }
    }

    @Test
    void malformedRangeIsIgnoredAndTheWholeFileSent() throws Exception {
        for (String range :
                List.of("bytes=abc", "bytes=5-1", "items=0-5", "bytes=1-2-3", "bytes=", "bytes 0-5", "bytes=0x10-20")) {
            HttpResponse<byte[]> response = get(FILM_URL, "Range", range);
            assertEquals(200, response.statusCode(), range);
            assertEquals(String.valueOf(FILM.length), header(response, "Content-Length"), range);
            assertEquals(sha256(FILM), sha256(response.body()), range);
        }
    }

    @Test
    void multipleRangesComeAsMultipartWithExactLengthAndEveryPartRight() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=0-99, 5000-5999,-300, 200-299,900000-900000");
        assertEquals(206, response.statusCode());
        assertEquals(String.valueOf(response.body().length), header(response, "Content-Length"));
        List<Part> parts = Part.parse(header(response, "Content-Type"), response.body());
        long[][] expected = {{0, 99}, {5000, 5999}, {FILM.length - 300, FILM.length - 1}, {200, 299}, {900000, 900000}};
        assertEquals(expected.length, parts.size());
        for (int i = 0; i < expected.length; i++) {
            Part part = parts.get(i);
            assertEquals("video/x-matroska", part.type);
            assertEquals("bytes " + expected[i][0] + "-" + expected[i][1] + "/" + FILM.length, part.contentRange);
            assertArrayEquals(slice(FILM, expected[i][0], expected[i][1]), part.body, "part " + i);
        }
    }

    @Test
    void overlappingRangesReadTheFileOnce() throws Exception {
        int before = library.readersOpened();
        String header = "bytes="
                + String.join(",", java.util.Collections.nCopies(io.nzbmount.server.http.RangeHeader.MAX_RANGES, "0-"));
        HttpResponse<byte[]> response = get(FILM_URL, "Range", header);
        assertEquals(206, response.statusCode());
        assertEquals("bytes 0-" + (FILM.length - 1) + "/" + FILM.length, header(response, "Content-Range"));
        assertArrayEquals(FILM, response.body());
        assertEquals(1, library.readersOpened() - before, "one reader, not one per range");
    }

    @Test
    void multipleRangesOfWhichOneFitsIsAPlainPartialAnswer() throws Exception {
        HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=10-19," + (FILM.length + 100) + "-");
        assertEquals(206, response.statusCode());
        assertEquals("bytes 10-19/" + FILM.length, header(response, "Content-Range"));
        assertArrayEquals(slice(FILM, 10, 19), response.body());
    }

    @Test
    void rangePastFourGibOfABigFileIsExact() throws Exception {
        long first = FOUR_GIB + 123;
        HttpResponse<byte[]> response = get(BIG_URL, "Range", "bytes=" + first + "-" + (first + 300_000 - 1));
        assertEquals(206, response.statusCode());
        assertEquals("bytes " + first + "-" + (first + 299_999) + "/" + BIG_SIZE, header(response, "Content-Range"));
        assertEquals(sha256(GeneratedContent.bytes(first, 300_000)), sha256(response.body()));
    }

    @Test
    void bigFileReportsItsFullSizeAndItsEndIsRight() throws Exception {
        HttpResponse<byte[]> head = send("HEAD", BIG_URL);
        assertEquals(String.valueOf(BIG_SIZE), header(head, "Content-Length"));
        HttpResponse<byte[]> tail = get(BIG_URL, "Range", "bytes=-131072");
        assertEquals(206, tail.statusCode());
        assertArrayEquals(GeneratedContent.bytes(BIG_SIZE - 131072, 131072), tail.body());
    }

    @Test
    void multipartWithPartsPastFourGibIsExact() throws Exception {
        long a = 3L * 1024 * 1024 * 1024 + 5;
        long b = FOUR_GIB + 1_000_001;
        HttpResponse<byte[]> response =
                get(BIG_URL, "Range", "bytes=" + a + "-" + (a + 999) + "," + b + "-" + (b + 65535) + ",-77");
        assertEquals(206, response.statusCode());
        assertEquals(String.valueOf(response.body().length), header(response, "Content-Length"));
        List<Part> parts = Part.parse(header(response, "Content-Type"), response.body());
        assertEquals(3, parts.size());
        assertEquals("bytes " + b + "-" + (b + 65535) + "/" + BIG_SIZE, parts.get(1).contentRange);
        assertArrayEquals(GeneratedContent.bytes(a, 1000), parts.get(0).body);
        assertArrayEquals(GeneratedContent.bytes(b, 65536), parts.get(1).body);
        assertArrayEquals(GeneratedContent.bytes(BIG_SIZE - 77, 77), parts.get(2).body);
    }

    @Test
    void ifRangeWithTheCurrentEtagOrDateKeepsTheRange() throws Exception {
        HttpResponse<byte[]> head = send("HEAD", FILM_URL);
        for (String ifRange : List.of(header(head, "ETag"), header(head, "Last-Modified"))) {
            HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=10-19", "If-Range", ifRange);
            assertEquals(206, response.statusCode(), ifRange);
            assertArrayEquals(slice(FILM, 10, 19), response.body());
        }
    }

    @Test
    void ifRangeThatDoesNotMatchSendsTheWholeFile() throws Exception {
        HttpResponse<byte[]> head = send("HEAD", FILM_URL);
        for (String ifRange :
                List.of("\"other\"", "W/" + header(head, "ETag"), "Sat, 02 Mar 2024 12:34:56 GMT", "not a date")) {
            HttpResponse<byte[]> response = get(FILM_URL, "Range", "bytes=10-19", "If-Range", ifRange);
            assertEquals(200, response.statusCode(), ifRange);
            assertEquals(sha256(FILM), sha256(response.body()), ifRange);
        }
    }

    @Test
    void headAnswersTheSameHeadersAsGetWithoutABody() throws Exception {
        for (String range : List.of("", "bytes=0-", "bytes=100-200", "bytes=0-1,5-6", "bytes=999999999-")) {
            String[] headers = range.isEmpty() ? new String[0] : new String[] {"Range", range};
            HttpResponse<byte[]> get = get(FILM_URL, headers);
            HttpResponse<byte[]> head = send("HEAD", FILM_URL, headers);
            assertEquals(get.statusCode(), head.statusCode(), range);
            assertEquals(0, head.body().length);
            for (String name : List.of("Content-Length", "Content-Range", "Accept-Ranges", "ETag", "Last-Modified")) {
                assertEquals(header(get, name), header(head, name), range + " " + name);
            }
            if (!range.contains(",")) {
                assertEquals(header(get, "Content-Type"), header(head, "Content-Type"), range);
            }
        }
    }

    @Test
    void headDoesNotOpenTheContent() throws Exception {
        int before = library.readersOpened();
        send("HEAD", BIG_URL, "Range", "bytes=0-");
        assertEquals(before, library.readersOpened());
    }

    @Test
    void contentTypeFollowsTheExtensionAndIsNeverHtml() throws Exception {
        assertEquals("application/x-subrip", header(send("HEAD", ITEM_PATH + "film.en.srt"), "Content-Type"));
        assertEquals("video/mp4", header(send("HEAD", ITEM_PATH + "empty.mp4"), "Content-Type"));
        HttpResponse<byte[]> html = get(ITEM_PATH + "page.html");
        assertEquals("application/octet-stream", header(html, "Content-Type"));
        assertArrayEquals(TestFiles.PAGE, html.body());
    }

    @Test
    void emptyFileIsAnsweredWholeEvenWithARange() throws Exception {
        HttpResponse<byte[]> response = get(ITEM_PATH + "empty.mp4", "Range", "bytes=0-");
        assertEquals(200, response.statusCode());
        assertEquals("0", header(response, "Content-Length"));
        assertEquals(0, response.body().length);
    }

    @Test
    void missingFileIsA404WithAJsonError() throws Exception {
        HttpResponse<byte[]> response = get(ITEM_PATH + "nope.mkv");
        assertEquals(404, response.statusCode());
        String body = new String(response.body(), StandardCharsets.UTF_8);
        assertTrue(header(response, "Content-Type").startsWith("application/json"), header(response, "Content-Type"));
        assertTrue(body.startsWith("{\"error\": \"not found: /dav/library/Film (2024)/nope.mkv\"}"), body);
    }

    @Test
    void folderAnswersGetWithAnHtmlIndex() throws Exception {
        HttpResponse<byte[]> response = get(ITEM_PATH);
        assertEquals(200, response.statusCode());
        assertTrue(header(response, "Content-Type").startsWith("text/html"));
        assertTrue(new String(response.body(), StandardCharsets.UTF_8).contains("href=\"film.mkv\""));
    }

    /** One part of a multipart/byteranges body. */
    record Part(String type, String contentRange, byte[] body) {
        static List<Part> parse(String contentType, byte[] body) {
            Matcher m = Pattern.compile("multipart/byteranges; boundary=([A-Za-z0-9]+)")
                    .matcher(contentType);
            assertTrue(m.matches(), contentType);
            byte[] delimiter = ("\r\n--" + m.group(1)).getBytes(StandardCharsets.US_ASCII);
            List<Part> parts = new ArrayList<>();
            int at = indexOf(body, delimiter, 0);
            assertEquals(0, at, "body starts with the first delimiter");
            while (true) {
                int lineEnd = at + delimiter.length;
                if (body[lineEnd] == '-' && body[lineEnd + 1] == '-') {
                    assertEquals(body.length, lineEnd + 4, "nothing after the close delimiter");
                    return parts;
                }
                int headersEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII), lineEnd);
                String[] lines = new String(body, lineEnd + 2, headersEnd - lineEnd - 2, StandardCharsets.US_ASCII)
                        .split("\r\n");
                String type = null;
                String range = null;
                for (String line : lines) {
                    if (line.startsWith("Content-Type: ")) {
                        type = line.substring(14);
                    } else if (line.startsWith("Content-Range: ")) {
                        range = line.substring(15);
                    }
                }
                long length = rangeLength(range);
                int dataStart = headersEnd + 4;
                ByteArrayOutputStream data = new ByteArrayOutputStream();
                data.write(body, dataStart, (int) length);
                parts.add(new Part(type, range, data.toByteArray()));
                at = dataStart + (int) length;
                assertEquals(at, indexOf(body, delimiter, at), "delimiter right after the part's data");
            }
        }

        private static long rangeLength(String contentRange) {
            String[] bounds =
                    contentRange.substring(6, contentRange.indexOf('/')).split("-");
            return Long.parseLong(bounds[1]) - Long.parseLong(bounds[0]) + 1;
        }

        private static int indexOf(byte[] haystack, byte[] needle, int from) {
            outer:
            for (int i = from; i <= haystack.length - needle.length; i++) {
                for (int j = 0; j < needle.length; j++) {
                    if (haystack[i + j] != needle[j]) {
                        continue outer;
                    }
                }
                return i;
            }
            return -1;
        }
    }
}
