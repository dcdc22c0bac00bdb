package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Byte offsets past 4 GiB, where 32-bit arithmetic anywhere on the path (Content-Length,
 * Content-Range, segment maths, multipart framing) would break. The film is 4.5 GiB of 716800-byte
 * parts that the embedded NNTP server generates on demand, so nothing that large is ever stored;
 * the server reads only the articles the ranges need. Read with Java's HttpClient and with curl.
 */
@Tag("realpeer")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PastFourGibTest {
    private static final long FOUR_GIB = 1L << 32;
    private static final long SIZE = (9L << 30) / 2;
    private static final int PART = 716_800;
    private static final FileContent CONTENT = FileContent.pattern(4545);

    @TempDir(factory = TargetTempDir.class)
    static Path work;

    private static EmbeddedNntpServer nntp;
    private static LibraryServer server;
    private static URI file;
    private static final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeAll
    static void importTheHugeFilm() throws Exception {
        Tool.requireOrSkip("curl");
        nntp = EmbeddedNntpServer.start();
        PostedFile post = nntp.postLazy("Huge.Film.2025.2160p.mkv", SIZE, PART, CONTENT);
        server = LibraryServer.start(work.resolve("data"), nntp.host(), nntp.port(), 8);
        List<LibraryServer.MountedFile> files = server.importNzb(
                NzbWriter.write(List.of(post), "Huge Film (2025)").getBytes(StandardCharsets.UTF_8),
                "Huge Film (2025)");
        assertEquals(1, files.size());
        assertEquals(SIZE, files.get(0).size());
        file = files.get(0).uri();
    }

    @AfterAll
    static void stop() {
        http.close();
        if (server != null) server.close();
        if (nntp != null) {
            long articles = (SIZE + PART - 1) / PART;
            long fetched = nntp.counters().bodyCommands();
            nntp.close();
            System.out.println(fetched + " of " + articles + " articles fetched");
            // Every range below needs a handful of articles; the whole file is 6741 of them.
            assertTrue(fetched < 400, fetched + " of " + articles + " articles fetched: ranges must not read the file");
        }
    }

    @Test
    void headAndFullGetAnnounceTheExactSizePast4GiB() throws Exception {
        HttpResponse<Void> head = http.send(
                HttpRequest.newBuilder(file)
                        .method("HEAD", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.discarding());
        assertEquals(200, head.statusCode());
        assertEquals(SIZE, head.headers().firstValueAsLong("Content-Length").orElseThrow());

        // A full GET, read only at its start and then dropped, as a player that opens the file does.
        HttpResponse<InputStream> get =
                http.send(HttpRequest.newBuilder(file).build(), HttpResponse.BodyHandlers.ofInputStream());
        try (InputStream body = get.body()) {
            assertEquals(200, get.statusCode());
            assertEquals(SIZE, get.headers().firstValueAsLong("Content-Length").orElseThrow());
            Originals.assertSameBytes(expected(0, 3 * PART), body.readNBytes(3 * PART), 0, "start of a full GET");
        }
    }

    @Test
    void rangesPast4GiBGiveTheGeneratedBytes() throws Exception {
        long[][] ranges = {
            {FOUR_GIB, FOUR_GIB},
            {FOUR_GIB + 1, FOUR_GIB + 4096},
            {FOUR_GIB + 123_456_789, FOUR_GIB + 123_456_789 + 65_535},
            {FOUR_GIB + 500_000_000, FOUR_GIB + 500_000_000 + 2L * PART},
            {SIZE - 1, SIZE - 1},
        };
        for (long[] r : ranges) {
            assertRange("bytes=" + r[0] + "-" + r[1], r[0], r[1]);
        }
        assertRange("bytes=" + (SIZE - 3000) + "-", SIZE - 3000, SIZE - 1);
        assertRange("bytes=-70000", SIZE - 70_000, SIZE - 1);
    }

    @Test
    void aRangeStraddlingExactly4GiBIsContinuous() throws Exception {
        assertRange("bytes=" + (FOUR_GIB - 1000) + "-" + (FOUR_GIB + 999), FOUR_GIB - 1000, FOUR_GIB + 999);

        Path head = work.resolve("straddle.head");
        Path body = work.resolve("straddle.bin");
        long first = FOUR_GIB - PART - 7;
        long last = FOUR_GIB + PART + 7;
        Tool.command(
                        "curl",
                        "-sS",
                        "-D",
                        head.toString(),
                        "-o",
                        body.toString(),
                        "-r",
                        first + "-" + last,
                        file.toString())
                .run()
                .assertSuccess();
        HttpHead response = HttpHead.parse(Files.readString(head));
        assertEquals(206, response.status());
        assertEquals("bytes " + first + "-" + last + "/" + SIZE, response.require("Content-Range"));
        Originals.assertSameBytes(
                expected(first, (int) (last - first + 1)), Files.readAllBytes(body), first, "curl -r across 4 GiB");
    }

    @Test
    void multipleRangesPast4GiBAreFramedAndExact() throws Exception {
        long[][] ranges = {{FOUR_GIB - 10, FOUR_GIB + 10}, {4_800_000_000L, 4_800_000_099L}};
        HttpResponse<byte[]> r = http.send(
                HttpRequest.newBuilder(file)
                        .header(
                                "Range",
                                "bytes=" + ranges[0][0] + "-" + ranges[0][1] + "," + ranges[1][0] + "-" + ranges[1][1])
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(206, r.statusCode());
        String type = r.headers().firstValue("Content-Type").orElseThrow();
        assertTrue(type.startsWith("multipart/byteranges; boundary="), type);
        byte[] body = r.body();
        assertEquals(body.length, r.headers().firstValueAsLong("Content-Length").orElseThrow());
        String text = new String(body, StandardCharsets.ISO_8859_1);
        int at = 0;
        for (long[] range : ranges) {
            int header = text.indexOf("Content-Range: bytes " + range[0] + "-" + range[1] + "/" + SIZE + "\r\n", at);
            assertTrue(header >= 0, () -> "no part for " + Arrays.toString(range) + " in:\n" + text);
            int start = text.indexOf("\r\n\r\n", header) + 4;
            int length = (int) (range[1] - range[0] + 1);
            Originals.assertSameBytes(
                    expected(range[0], length),
                    Arrays.copyOfRange(body, start, start + length),
                    range[0],
                    "part " + Arrays.toString(range));
            at = start + length;
        }
        String boundary = type.substring(type.indexOf('=') + 1);
        assertEquals("\r\n--" + boundary + "--\r\n", text.substring(at));
    }

    private static void assertRange(String header, long first, long last) throws Exception {
        HttpResponse<byte[]> r = http.send(
                HttpRequest.newBuilder(file).header("Range", header).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(206, r.statusCode(), header);
        assertEquals(
                "bytes " + first + "-" + last + "/" + SIZE,
                r.headers().firstValue("Content-Range").orElseThrow(),
                header);
        assertEquals(
                last - first + 1, r.headers().firstValueAsLong("Content-Length").orElseThrow(), header);
        Originals.assertSameBytes(expected(first, (int) (last - first + 1)), r.body(), first, header);
    }

    private static byte[] expected(long offset, int length) {
        byte[] bytes = new byte[length];
        CONTENT.read(offset, bytes, 0, length);
        return bytes;
    }
}
