package io.nzbmount.server.dav;

import static io.nzbmount.server.dav.TestFiles.FILM;
import static io.nzbmount.server.dav.TestFiles.ITEM;
import static io.nzbmount.server.dav.TestFiles.ITEM_PATH;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.Await;
import io.nzbmount.server.http.WebServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** How a response ends when the client leaves, the content fails or the server stops. */
class StreamEndTest {

    private MemoryLibrary library;
    private WebServer server;

    @BeforeEach
    void start() throws Exception {
        library = TestFiles.library();
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(library, null))
                .port(0)
                .stopTimeout(Duration.ofMillis(500))
                .build();
        server.start();
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
    }

    @Test
    void clientThatDisconnectsMidBodyHasItsReaderClosed() throws Exception {
        try (RawHttp http = new RawHttp(server.port())) {
            RawHttp.Head head =
                    http.send("GET", ITEM_PATH + "big.mkv", "Range: bytes=0-").readHead();
            assertEquals(206, head.status());
            byte[] start = http.readBody(1 << 20);
            assertArrayEquals(GeneratedContent.bytes(0, 1 << 20), start);
            assertEquals(1, library.openReaders());
        }
        Await.until(
                Duration.ofSeconds(30),
                () -> library.openReaders() == 0,
                () -> "the reader of the abandoned response is closed");
    }

    @Test
    void readerBlockedWhenTheClientLeavesIsClosedByTheIdleTimeout() throws Exception {
        server.stop();
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(library, null))
                .port(0)
                .idleTimeout(Duration.ofMillis(700))
                .build();
        server.start();
        library.stallAfterFirstRead(ITEM, "big.mkv");
        try (RawHttp http = new RawHttp(server.port())) {
            RawHttp.Head head = http.send("GET", ITEM_PATH + "big.mkv").readHead();
            assertEquals(200, head.status());
            assertArrayEquals(GeneratedContent.bytes(0, 1000), http.readBody(1000));
            Await.until(
                    Duration.ofSeconds(30), () -> library.openReaders() == 1, () -> "the reader is open and blocked");
        }
        Await.until(
                Duration.ofSeconds(30),
                () -> library.openReaders() == 0,
                () -> "the blocked reader is closed at the idle timeout");
    }

    @Test
    void readFailureMidBodyCutsTheResponseShortWithOnlyTrueBytes() throws Exception {
        long failAt = 1_000_000;
        library.failAt(ITEM, "film.mkv", failAt);
        try (RawHttp http = new RawHttp(server.port())) {
            RawHttp.Head head = http.send("GET", ITEM_PATH + "film.mkv").readHead();
            assertEquals(200, head.status());
            assertEquals(FILM.length, head.contentLength());
            byte[] received = http.input().readAllBytes();
            assertTrue(received.length < FILM.length, "the body ends before Content-Length");
            assertTrue(received.length <= failAt, "nothing past the failure is sent");
            assertArrayEquals(Arrays.copyOf(FILM, received.length), received, "every byte sent is the original");
        }
        Await.until(Duration.ofSeconds(30), () -> library.openReaders() == 0, () -> "the failed reader is closed");
    }

    @Test
    void readFailureInALaterMultipartPartCutsTheResponseShort() throws Exception {
        library.failAt(ITEM, "film.mkv", 2_000_000);
        try (RawHttp http = new RawHttp(server.port())) {
            RawHttp.Head head = http.send("GET", ITEM_PATH + "film.mkv", "Range: bytes=0-9,1999990-2000010")
                    .readHead();
            assertEquals(206, head.status());
            RawHttp.ShortBodyException shortBody =
                    assertThrows(RawHttp.ShortBodyException.class, () -> http.readBody(head.contentLength()));
            assertTrue(shortBody.received < head.contentLength());
        }
        Await.until(Duration.ofSeconds(30), () -> library.openReaders() == 0, () -> "the failed reader is closed");
    }

    @Test
    void contentThatCannotBeReadAtAllIsA503BeforeAnyHeaderIsSent() throws Exception {
        library.failAt(ITEM, "film.mkv", 0);
        try (RawHttp http = new RawHttp(server.port())) {
            RawHttp.Head head =
                    http.send("GET", ITEM_PATH + "film.mkv", "Range: bytes=0-").readHead();
            assertEquals(503, head.status());
            assertEquals(null, head.get("Content-Range"));
            String body = new String(http.readBody(head.contentLength()), StandardCharsets.UTF_8);
            assertTrue(
                    body.startsWith("{\"error\": \"the content of /dav/library/Film (2024)/film.mkv cannot be read"),
                    body);
        }
        Await.until(Duration.ofSeconds(30), () -> library.openReaders() == 0, () -> "the failed reader is closed");
    }

    @Test
    void stopEndsAnOpenStreamShortAndClosesItsReader() throws Exception {
        try (RawHttp http = new RawHttp(server.port())) {
            RawHttp.Head head =
                    http.send("GET", ITEM_PATH + "big.mkv", "Range: bytes=0-").readHead();
            assertEquals(206, head.status());
            assertArrayEquals(GeneratedContent.bytes(0, 4096), http.readBody(4096));
            long started = System.nanoTime();
            server.stop();
            assertTrue(System.nanoTime() - started < 5_000_000_000L, "stop is bounded by the stop timeout");
            long rest = http.skipBody(head.contentLength() - 4096);
            assertTrue(rest < head.contentLength() - 4096, "the stream ended short");
        }
        Await.until(Duration.ofSeconds(30), () -> library.openReaders() == 0, () -> "the reader is closed on stop");
    }
}
