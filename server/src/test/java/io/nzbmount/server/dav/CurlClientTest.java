package io.nzbmount.server.dav;

import static io.nzbmount.server.dav.TestFiles.BIG_SIZE;
import static io.nzbmount.server.dav.TestFiles.FILM;
import static io.nzbmount.server.dav.TestFiles.ITEM_PATH;
import static io.nzbmount.server.dav.TestFiles.sha256;
import static io.nzbmount.server.dav.TestFiles.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.Credentials;
import io.nzbmount.server.http.WebServer;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server as curl sees it: full and ranged reads, compressed encodings asked for and refused,
 * a resumed download, HTTP Basic. Skipped when curl is not installed, except in CI, where it
 * must be.
 */
class CurlClientTest {

    private static MemoryLibrary library;
    private static WebServer server;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws Exception {
        boolean hasCurl = isOnPath("curl");
        if (System.getenv("CI") != null) {
            assertTrue(hasCurl, "curl must be installed in CI");
        }
        Assumptions.assumeTrue(hasCurl, "curl is not installed");
        library = TestFiles.library();
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(library, null))
                .port(0)
                .credentials(new Credentials("kodi", "pa ss"))
                .build();
        server.start();
    }

    @AfterAll
    static void stop() throws Exception {
        if (server != null) {
            server.stop();
        }
    }

    private static boolean isOnPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** Runs curl with the arguments (auth added) and returns its exit code. */
    private int curl(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("curl", "--silent", "--show-error", "--user", "kodi:pa ss"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(temp.resolve("curl.log").toFile())
                .start();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "curl finished");
        return process.exitValue();
    }

    private String url(String path) {
        return server.uri().resolve(path).toString();
    }

    @Test
    void fullDownloadWithCompressionOfferedIsTheOriginal() throws Exception {
        Path out = temp.resolve("film.mkv");
        Path headers = temp.resolve("headers.txt");
        assertEquals(
                0,
                curl(
                        "--compressed",
                        "--fail",
                        "-D",
                        headers.toString(),
                        "-o",
                        out.toString(),
                        url(ITEM_PATH + "film.mkv")));
        assertEquals(sha256(FILM), sha256(Files.readAllBytes(out)));
        String head = Files.readString(headers, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        assertTrue(head.contains("content-length: " + FILM.length), head);
        assertTrue(!head.contains("content-encoding") && !head.contains("transfer-encoding"), head);
    }

    @Test
    void rangedReadsAreExact() throws Exception {
        Path out = temp.resolve("part");
        assertEquals(0, curl("--fail", "-r", "100-100099", "-o", out.toString(), url(ITEM_PATH + "film.mkv")));
        assertArrayEquals(slice(FILM, 100, 100099), Files.readAllBytes(out));
        assertEquals(0, curl("--fail", "-r", "-4096", "-o", out.toString(), url(ITEM_PATH + "film.mkv")));
        assertArrayEquals(slice(FILM, FILM.length - 4096, FILM.length - 1), Files.readAllBytes(out));
        long first = 4L * 1024 * 1024 * 1024 + 123;
        assertEquals(
                0,
                curl(
                        "--fail",
                        "-r",
                        first + "-" + (first + 999_999),
                        "-o",
                        out.toString(),
                        url(ITEM_PATH + "big.mkv")));
        assertEquals(sha256(GeneratedContent.bytes(first, 1_000_000)), sha256(Files.readAllBytes(out)));
        assertEquals(0, curl("--fail", "-r", (BIG_SIZE - 10) + "-", "-o", out.toString(), url(ITEM_PATH + "big.mkv")));
        assertArrayEquals(GeneratedContent.bytes(BIG_SIZE - 10, 10), Files.readAllBytes(out));
    }

    @Test
    void resumedDownloadCompletesTheFile() throws Exception {
        Path out = temp.resolve("resumed.mkv");
        Files.write(out, slice(FILM, 0, 1_000_000 - 1));
        assertEquals(0, curl("--fail", "-C", "-", "-o", out.toString(), url(ITEM_PATH + "film.mkv")));
        assertEquals(sha256(FILM), sha256(Files.readAllBytes(out)));
    }

    @Test
    void withoutCredentialsCurlGets401() throws Exception {
        Path out = temp.resolve("denied");
        List<String> command = List.of("curl", "--silent", "-o", out.toString(), "-w", "%{http_code}", url("/dav/"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String code = new String(process.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        assertEquals("401", code);
    }
}
