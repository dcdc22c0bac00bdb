package io.nzbmount.server.dav;

import static io.nzbmount.server.dav.TestFiles.BIG_SIZE;
import static io.nzbmount.server.dav.TestFiles.ITEM_PATH;
import static io.nzbmount.server.dav.TestFiles.sha256;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.nzbmount.server.Await;
import io.nzbmount.server.http.WebServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Replays what Kodi 20 does to play and seek in an MKV on a WebDAV share (DESIGN.md, "Kodi as a
 * client"), with every header it sends, and checks every byte.
 */
class KodiSequenceTest {

    private static final String ACCEPT_ENCODING = "Accept-Encoding: deflate, gzip, br, zstd";
    private static final String USER_AGENT = "User-Agent: Kodi/20.1 (X11; Linux x86_64) App_Bitness/64 Version/20.1";
    private static final String FILE = ITEM_PATH + "big.mkv";

    private MemoryLibrary library;
    private WebServer server;

    @BeforeEach
    void start() throws Exception {
        library = TestFiles.library();
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(library, null))
                .port(0)
                .build();
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
    }

    private RawHttp.Head kodiPropfind(RawHttp http) throws Exception {
        RawHttp.Head head = http.send(
                        "PROPFIND",
                        ITEM_PATH,
                        PropfindTest.KODI_PROPFIND.getBytes(StandardCharsets.UTF_8),
                        "Depth: 1",
                        "Range: bytes=0-",
                        ACCEPT_ENCODING,
                        USER_AGENT,
                        "Content-Type: text/xml")
                .readHead();
        assertEquals(207, head.status());
        assertNull(head.get("Content-Encoding"));
        Multistatus listing = Multistatus.parse(http.readBody(head.contentLength()));
        assertEquals(
                String.valueOf(BIG_SIZE),
                Multistatus.value(listing.at("/dav/library/Film (2024)/big.mkv"), "getcontentlength"));
        return head;
    }

    @Test
    void playbackWithAFarSeekOnASecondConnectionServesEveryByteAndReleasesTheIdleStream() throws Exception {
        try (RawHttp listing = new RawHttp(server.port())) {
            kodiPropfind(listing);
            kodiPropfind(listing);
            kodiPropfind(listing);
        }

        RawHttp first = new RawHttp(server.port());
        RawHttp.Head opened = first.send("GET", FILE, "Range: bytes=0-", ACCEPT_ENCODING, USER_AGENT)
                .readHead();
        assertEquals(206, opened.status());
        assertEquals(BIG_SIZE, opened.contentLength(), "Kodi takes the size from this Content-Length");
        assertEquals("bytes 0-" + (BIG_SIZE - 1) + "/" + BIG_SIZE, opened.get("Content-Range"));
        assertNull(opened.get("Content-Encoding"));
        assertNull(opened.get("Transfer-Encoding"));
        assertEquals("bytes", opened.get("Accept-Ranges"));
        byte[] cache = first.readBody(2 * 1024 * 1024);
        assertEquals(sha256(GeneratedContent.bytes(0, cache.length)), sha256(cache));
        // The first response now sits idle, unread, while Kodi seeks on a second connection.

        try (RawHttp second = new RawHttp(server.port())) {
            long indexAt = BIG_SIZE - 131072;
            RawHttp.Head index = second.send("GET", FILE, "Range: bytes=" + indexAt + "-", ACCEPT_ENCODING, USER_AGENT)
                    .readHead();
            assertEquals(206, index.status());
            assertEquals(131072, index.contentLength());
            assertArrayEquals(GeneratedContent.bytes(indexAt, 131072), second.readBody(131072));

            long seekTo = BIG_SIZE - 3 * 1024 * 1024 - 12345;
            RawHttp.Head seek = second.send("GET", FILE, "Range: bytes=" + seekTo + "-", ACCEPT_ENCODING, USER_AGENT)
                    .readHead();
            assertEquals(206, seek.status());
            assertEquals(BIG_SIZE - seekTo, seek.contentLength());
            byte[] played = second.readBody(seek.contentLength());
            assertEquals(sha256(GeneratedContent.bytes(seekTo, played.length)), sha256(played));

            Await.until(
                    Duration.ofSeconds(30),
                    () -> library.openReaders() == 1,
                    () -> "only the idle first stream holds a reader");

            RawHttp.Head stat =
                    second.send("HEAD", FILE, ACCEPT_ENCODING, USER_AGENT).readHead();
            assertEquals(200, stat.status());
            assertEquals(BIG_SIZE, stat.contentLength());
        }

        first.close(); // Kodi stops playback
        Await.until(
                Duration.ofSeconds(30),
                () -> library.openReaders() == 0,
                () -> "the idle stream's reader is closed when Kodi closes it");
    }

    @Test
    void mkvCuesNearTheEndThenAFarSeekOnTheSameFileAreExact() throws Exception {
        try (RawHttp http = new RawHttp(server.port())) {
            long cues = BIG_SIZE - 700_000;
            RawHttp.Head tail = http.send("GET", FILE, "Range: bytes=" + cues + "-" + (BIG_SIZE - 1), ACCEPT_ENCODING)
                    .readHead();
            assertEquals(206, tail.status());
            assertArrayEquals(GeneratedContent.bytes(cues, 700_000), http.readBody(tail.contentLength()));
            long seek = 4L * 1024 * 1024 * 1024 + 999;
            RawHttp.Head far = http.send("GET", FILE, "Range: bytes=" + seek + "-" + (seek + 500_000), ACCEPT_ENCODING)
                    .readHead();
            assertEquals(206, far.status());
            assertArrayEquals(GeneratedContent.bytes(seek, 500_001), http.readBody(far.contentLength()));
        }
        Await.until(Duration.ofSeconds(30), () -> library.openReaders() == 0, () -> "all readers closed");
    }
}
