package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kodi playing the posted film from the WebDAV share, replayed request by request as it was
 * observed (DESIGN.md, "Kodi as a client"): every request carries Kodi's Accept-Encoding; the
 * listing is PROPFIND Depth 1 with {@code Range: bytes=0-}; opening the file is two PROPFINDs of
 * its folder and a {@code GET Range: bytes=0-} that stays open and unread while a second
 * connection fetches the last 128 KiB (the Matroska cues) and then seeks far with
 * {@code bytes=N-}; the player then reads on from the first connection; stop is a HEAD, and the
 * first connection is dropped with most of its response unread. Every body byte is compared.
 */
@Tag("realpeer")
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class KodiReplayTest {
    private static final String ITEM = "Test Pattern (2024)";
    private static final String KODI_ACCEPT_ENCODING = "deflate, gzip, br, zstd";
    private static final String KODI_AGENT = "Kodi/20.1 (X11; Linux x86_64) Debian/12 App_Bitness/64 Version/20.1";
    private static final String PROPFIND_BODY = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:"><D:prop>
            <D:resourcetype/><D:getcontentlength/><D:getlastmodified/><D:creationdate/><D:displayname/>
            </D:prop></D:propfind>
            """;
    /** Small, so the unread response backs up into the server rather than into this socket. */
    private static final int SMALL_RECEIVE_BUFFER = 32 * 1024;

    @TempDir(factory = TargetTempDir.class)
    static Path work;

    private static LibraryServer server;
    private static RealPeer.Posted video;
    private static LibraryServer.MountedFile mounted;

    @BeforeAll
    static void importTheVideo() throws Exception {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("ffmpeg");
        video = PostedVideo.get();
        server = LibraryServer.onInn2(work.resolve("data"));
        mounted = server.importSingleFile(video.nzb(), ITEM);
    }

    @AfterAll
    static void stop() {
        if (server != null) server.close();
    }

    @Test
    void kodisOpenSeekAndStopSequenceIsServedByteForByte() throws Exception {
        long size = Files.size(video.file());
        String filePath = mounted.uri().getRawPath();
        String folderPath = filePath.substring(0, filePath.lastIndexOf('/') + 1);
        String libraryPath = "/dav/library/";

        try (RawHttpConnection first = RawHttpConnection.open(server.uri(), SMALL_RECEIVE_BUFFER)) {
            // Browsing: the library, then the item's folder twice, all on one kept-alive connection.
            // The hrefs are absolute URLs; their paths are the percent-encoded paths of the API.
            String listing = propfind(first, libraryPath);
            assertTrue(listing.contains(folderPath), () -> "library listing lacks the item: " + listing);
            for (int i = 0; i < 2; i++) {
                String folder = propfind(first, folderPath);
                assertTrue(folder.contains(filePath), () -> "folder listing lacks the file: " + folder);
                Matcher length = Pattern.compile("getcontentlength>(\\d+)<").matcher(folder);
                assertTrue(length.find(), folder);
                assertEquals(size, Long.parseLong(length.group(1)), "getcontentlength of the file");
            }

            // Open: bytes=0- and the size from its Content-Length; Kodi reads a little, then the seek.
            HttpHead open = first.send("GET", filePath, kodi("Range", "bytes=0-"), null);
            assertSeekableRange(open, 0, size - 1, size);
            assertEquals("video/x-matroska", open.require("Content-Type"));
            int readAtOpen = 256 * 1024;
            Originals.assertSameBytes(video.file(), 0, first.readExactly(readAtOpen), "first connection, start");

            try (RawHttpConnection second = RawHttpConnection.open(server.uri(), 0)) {
                long cues = size - 128 * 1024;
                HttpHead index = second.send("GET", filePath, kodi("Range", "bytes=" + cues + "-"), null);
                assertSeekableRange(index, cues, size - 1, size);
                Originals.assertSameBytes(video.file(), cues, second.readBody(index), "the last 128 KiB");

                long seek = size * 6 / 10 + 12_345;
                HttpHead far = second.send("GET", filePath, kodi("Range", "bytes=" + seek + "-"), null);
                assertSeekableRange(far, seek, size - 1, size);
                Originals.assertSameBytes(video.file(), seek, second.readBody(far), "seek to " + seek);

                // Back on the first connection after it sat idle: it goes on where it stopped.
                Originals.assertSameBytes(
                        video.file(), readAtOpen, first.readExactly(1 << 20), "first connection after the seek");

                // Stop: a HEAD; then the first connection is dropped with most of its answer unread.
                HttpHead stat = second.send("HEAD", filePath, kodi(), null);
                assertEquals(200, stat.status());
                assertEquals(size, stat.contentLength());
                assertEquals("bytes", stat.require("Accept-Ranges"));
            }
        }

        // The server is none the worse: the whole film, on a fresh connection, is the original.
        try (RawHttpConnection again = RawHttpConnection.open(server.uri(), 0)) {
            HttpHead whole = again.send("GET", filePath, kodi("Range", "bytes=0-"), null);
            assertSeekableRange(whole, 0, size - 1, size);
            Originals.assertSameBytes(video.file(), 0, again.readBody(whole), "the whole film after the stop");
        }
    }

    private static String propfind(RawHttpConnection connection, String path) throws Exception {
        Map<String, String> headers = kodi("Depth", "1", "Range", "bytes=0-");
        headers.put("Content-Type", "text/xml; charset=\"utf-8\"");
        HttpHead head = connection.send("PROPFIND", path, headers, PROPFIND_BODY.getBytes(StandardCharsets.UTF_8));
        assertEquals(207, head.status(), "PROPFIND " + path);
        assertFalse(head.has("Content-Encoding"), () -> "PROPFIND answer compressed: " + head);
        return new String(connection.readBody(head), StandardCharsets.UTF_8);
    }

    /** What Kodi checks before it treats a file as seekable, and where it takes the size from. */
    private static void assertSeekableRange(HttpHead head, long first, long last, long size) {
        assertEquals(206, head.status(), () -> "bytes=" + first + "-: " + head);
        assertEquals("bytes " + first + "-" + last + "/" + size, head.require("Content-Range"));
        assertEquals(last - first + 1, head.contentLength(), "Content-Length of bytes=" + first + "-");
        assertEquals("bytes", head.require("Accept-Ranges"));
        assertFalse(head.has("Content-Encoding"), () -> "compressed: " + head);
        assertFalse(head.has("Transfer-Encoding"), () -> "chunked: " + head);
    }

    private static Map<String, String> kodi(String... extra) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("User-Agent", KODI_AGENT);
        headers.put("Accept", "*/*");
        headers.put("Accept-Encoding", KODI_ACCEPT_ENCODING);
        for (int i = 0; i < extra.length; i += 2) headers.put(extra[i], extra[i + 1]);
        return headers;
    }
}
