package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * curl against the server with the 64 MiB file from inn2: a full GET, every form of single range
 * ({@code a-b}, {@code a-}, {@code -n}, clamped past the end, unsatisfiable), HEAD, and a client
 * that accepts gzip, which must get the file's bytes as they are. Every body is compared with
 * the original; every Content-Length and Content-Range must be exact.
 */
@Tag("realpeer")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CurlRangesTest {
    private static final long SIZE = Releases.MEDIUM_SIZE;
    private static final int PART = RealPeer.PART_SIZE;

    @TempDir(factory = TargetTempDir.class)
    static Path work;

    private static LibraryServer server;
    private static RealPeer.Posted posted;
    private static String url;
    private static final AtomicInteger downloads = new AtomicInteger();

    @BeforeAll
    static void importTheFile() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("curl");
        posted = Releases.medium();
        server = LibraryServer.onInn2(work.resolve("data"));
        LibraryServer.MountedFile file = server.importSingleFile(posted.nzb(), "Random Data 64MiB");
        assertEquals(SIZE, file.size());
        url = file.uri().toString();
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Test
    void fullGetIsTheWholeOriginalWithAnExactContentLength() throws Exception {
        Download d = curl();
        assertEquals(200, d.head().status());
        assertEquals(SIZE, d.head().contentLength());
        assertEquals("bytes", d.head().require("Accept-Ranges"));
        assertFalse(d.head().has("Transfer-Encoding"), () -> "chunked: " + d.head());
        Originals.assertSameFile(posted.file(), d.body(), "full GET");
    }

    @Test
    void closedRangesGiveExactlyThoseBytes() throws Exception {
        long[][] ranges = {
            {0, 0},
            {0, 99},
            {PART - 1, PART},
            {PART - 10_000, PART + 10_000},
            {5L * PART + 123, 8L * PART + 456},
            {SIZE / 2, SIZE / 2 + 65_535},
            {SIZE - 1, SIZE - 1},
            {93L * PART - 1, SIZE - 1},
        };
        for (long[] r : ranges) {
            assertRange(curl("-r", r[0] + "-" + r[1]), r[0], r[1], "-r " + r[0] + "-" + r[1]);
        }
    }

    @Test
    void aRangeEndingPastTheEndIsClampedToTheFile() throws Exception {
        long first = SIZE - 5000;
        assertRange(curl("-r", first + "-" + (SIZE + 100_000)), first, SIZE - 1, "range past the end");
    }

    @Test
    void openEndedRangesRunToTheEndOfTheFile() throws Exception {
        for (long first : new long[] {SIZE - 1, SIZE - 3L * PART - 17, 90L * PART}) {
            assertRange(curl("-r", first + "-"), first, SIZE - 1, "-r " + first + "-");
        }
    }

    @Test
    void suffixRangesGiveTheLastBytes() throws Exception {
        for (long n : new long[] {1, 500, 131_072, PART + 1, 2L * PART + 99}) {
            assertRange(curl("-r", "-" + n), SIZE - n, SIZE - 1, "-r -" + n);
        }
    }

    @Test
    void aRangeStartingAtTheEndIsUnsatisfiable() throws Exception {
        Download d = curl("-r", SIZE + "-");
        assertEquals(416, d.head().status());
        assertEquals("bytes */" + SIZE, d.head().require("Content-Range"));
        assertEquals(0, Files.size(d.body()));
    }

    @Test
    void headGivesTheExactSizeAndNoBody() throws Exception {
        // HEAD and then a GET on the same kept-alive connection: a body after the HEAD would be
        // taken for the start of the GET's response and break it.
        Path headOfHead = work.resolve("head-of-head.txt");
        Path headOfGet = work.resolve("head-of-get.txt");
        Path bodyOfGet = work.resolve("body-of-get.bin");
        Tool.Result run = Tool.command(
                        "curl",
                        "-sS",
                        "-v",
                        "-I",
                        "-D",
                        headOfHead.toString(),
                        "-o",
                        "/dev/null",
                        url,
                        "--next",
                        "-sS",
                        "-v",
                        "-r",
                        "100-199",
                        "-D",
                        headOfGet.toString(),
                        "-o",
                        bodyOfGet.toString(),
                        url)
                .run()
                .assertSuccess();
        HttpHead head = HttpHead.parse(Files.readString(headOfHead));
        assertEquals(200, head.status());
        assertEquals(SIZE, head.contentLength());
        assertEquals("bytes", head.require("Accept-Ranges"));
        assertFalse(head.has("Content-Encoding"));
        assertTrue(run.stderr().contains("Re-using existing connection"), () -> "one connection: " + run.stderr());
        assertRange(new Download(HttpHead.parse(Files.readString(headOfGet)), bodyOfGet), 100, 199, "GET after HEAD");
    }

    @Test
    void optionsAllowsExactlyTheMethodsTheReadOnlyTreeServes() throws Exception {
        String served = "GET, HEAD, OPTIONS, PROPFIND";
        Download options = curl("-X", "OPTIONS");
        assertEquals(200, options.head().status());
        assertEquals(served, options.head().require("Allow"), "OPTIONS promises what the tree serves");
        Download proppatch = curl(
                "-X",
                "PROPPATCH",
                "-H",
                "Content-Type: text/xml",
                "--data",
                "<?xml version=\"1.0\"?><D:propertyupdate xmlns:D=\"DAV:\"/>");
        assertEquals(405, proppatch.head().status(), "a read-only file's properties cannot be set");
        assertEquals(served, proppatch.head().require("Allow"));
    }

    @Test
    void aClientAcceptingGzipGetsTheBytesUncompressed() throws Exception {
        String acceptGzip = "Accept-Encoding: gzip, deflate, br, zstd";
        Download whole = curl("-H", acceptGzip);
        assertEquals(200, whole.head().status());
        assertFalse(whole.head().has("Content-Encoding"), () -> "compressed: " + whole.head());
        assertEquals(SIZE, whole.head().contentLength());
        Originals.assertSameFile(posted.file(), whole.body(), "full GET accepting gzip");

        long first = 7L * PART - 3;
        Download range = curl("-H", acceptGzip, "-r", first + "-" + (first + 99_999));
        assertFalse(range.head().has("Content-Encoding"), () -> "compressed: " + range.head());
        assertRange(range, first, first + 99_999, "range accepting gzip");
    }

    private static void assertRange(Download d, long first, long last, String what) throws Exception {
        assertEquals(206, d.head().status(), what);
        assertEquals("bytes " + first + "-" + last + "/" + SIZE, d.head().require("Content-Range"), what);
        assertEquals(last - first + 1, d.head().contentLength(), what + ": Content-Length");
        assertFalse(d.head().has("Transfer-Encoding"), what);
        byte[] body = Files.readAllBytes(d.body());
        Originals.assertSameBytes(posted.file(), first, body, what);
        assertEquals(last - first + 1, body.length, what + ": body length");
        Files.delete(d.body());
    }

    /** Runs curl on the file without decoding anything it receives (no --compressed). */
    private static Download curl(String... options) throws Exception {
        int n = downloads.incrementAndGet();
        Path head = work.resolve("head-" + n + ".txt");
        Path body = work.resolve("body-" + n + ".bin");
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "-D", head.toString(), "-o", body.toString()));
        command.addAll(List.of(options));
        command.add(url);
        Tool.command(command).run().assertSuccess();
        if (!Files.exists(body)) Files.createFile(body);
        return new Download(HttpHead.parse(Files.readString(head)), body);
    }

    private record Download(HttpHead head, Path body) {}
}
