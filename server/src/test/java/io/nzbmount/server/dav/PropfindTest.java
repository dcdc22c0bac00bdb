package io.nzbmount.server.dav;

import static io.nzbmount.server.dav.TestFiles.BIG_SIZE;
import static io.nzbmount.server.dav.TestFiles.FILM;
import static io.nzbmount.server.dav.TestFiles.ITEM_PATH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.http.HttpDates;
import io.nzbmount.server.http.WebServer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** PROPFIND and OPTIONS through Milton, and the methods a read-only tree refuses. */
class PropfindTest {

    static final String KODI_PROPFIND = "<?xml version=\"1.0\" encoding=\"utf-8\"?>"
            + "<D:propfind xmlns:D=\"DAV:\"><D:prop><D:resourcetype/><D:getcontentlength/>"
            + "<D:getlastmodified/><D:creationdate/><D:displayname/><D:getcontenttype/><D:getetag/>"
            + "</D:prop></D:propfind>";

    private static MemoryLibrary library;
    private static WebServer server;

    @BeforeAll
    static void start() throws Exception {
        library = TestFiles.library();
        // media.example: the name a client used, allowed as a user would (server.allowedHosts).
        server = WebServer.builder()
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(library, null))
                .port(0)
                .allowedHosts(java.util.List.of("media.example"))
                .build();
        server.start();
    }

    @AfterAll
    static void stop() throws Exception {
        server.stop();
    }

    /** A PROPFIND over a raw socket; returns the head and the parsed body. */
    static Multistatus propfind(int port, String target, String depth, String... headers) throws Exception {
        try (RawHttp http = new RawHttp(port)) {
            String[] all = new String[headers.length + 2];
            all[0] = "Depth: " + depth;
            all[1] = "Content-Type: application/xml; charset=utf-8";
            System.arraycopy(headers, 0, all, 2, headers.length);
            RawHttp.Head head = http.send("PROPFIND", target, KODI_PROPFIND.getBytes(StandardCharsets.UTF_8), all)
                    .readHead();
            byte[] body = head.get("Content-Length") != null ? http.readBody(head.contentLength()) : readChunked(http);
            assertEquals(207, head.status(), new String(body, StandardCharsets.UTF_8));
            assertNull(head.get("Content-Encoding"));
            return Multistatus.parse(body);
        }
    }

    private static byte[] readChunked(RawHttp http) throws Exception {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.InputStream in = http.input();
        while (true) {
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            int size = Integer.parseInt(line.toString().trim(), 16);
            if (size == 0) {
                in.read();
                in.read();
                return out.toByteArray();
            }
            out.write(in.readNBytes(size));
            in.read();
            in.read();
        }
    }

    @Test
    void depthOneOnAnItemFolderListsItsFilesWithWhatKodiReads() throws Exception {
        Multistatus answer =
                propfind(server.port(), ITEM_PATH, "1", "Range: bytes=0-", "Accept-Encoding: deflate, gzip, br, zstd");
        assertEquals(6, answer.byHref().size(), answer.byHref().keySet().toString());
        Map<String, Element> folder = answer.at("/dav/library/Film (2024)/");
        assertTrue(Multistatus.isCollection(folder));
        assertEquals("Film (2024)", Multistatus.value(folder, "displayname"));

        Map<String, Element> film = answer.at("/dav/library/Film (2024)/film.mkv");
        assertFalse(Multistatus.isCollection(film));
        assertEquals(String.valueOf(FILM.length), Multistatus.value(film, "getcontentlength"));
        assertEquals("film.mkv", Multistatus.value(film, "displayname"));
        assertEquals("video/x-matroska", Multistatus.value(film, "getcontenttype"));
        assertEquals(
                MemoryLibrary.MODIFIED,
                HttpDates.parse(Multistatus.value(film, "getlastmodified")).orElseThrow());
        assertNotNull(Multistatus.value(film, "creationdate"));

        Map<String, Element> big = answer.at("/dav/library/Film (2024)/big.mkv");
        assertEquals(String.valueOf(BIG_SIZE), Multistatus.value(big, "getcontentlength"));
    }

    @Test
    void getetagIsTheEtagThatGetSends() throws Exception {
        Multistatus answer = propfind(server.port(), ITEM_PATH + "film.mkv", "0");
        assertEquals(1, answer.byHref().size());
        String etag = Multistatus.value(answer.at("/dav/library/Film (2024)/film.mkv"), "getetag");
        try (RawHttp http = new RawHttp(server.port())) {
            assertEquals(http.send("HEAD", ITEM_PATH + "film.mkv").readHead().get("ETag"), etag);
        }
    }

    @Test
    void hrefsAreAbsoluteUrlsOnTheHostTheClientUsed() throws Exception {
        Multistatus answer = propfind(server.port(), ITEM_PATH, "1", "Host: media.example:9999");
        for (String href : answer.byHref().keySet()) {
            URI uri = URI.create(href);
            assertEquals("http", uri.getScheme(), href);
            assertEquals("media.example:9999", uri.getRawAuthority(), href);
            assertTrue(
                    uri.getRawPath().startsWith("/dav/library/Film%20(2024)/")
                            || uri.getRawPath().startsWith("/dav/library/Film%20%282024%29/"),
                    href);
        }
    }

    @Test
    void hrefsOfNamesWithSpecialCharactersDecodeToTheNameAndLeadBackToTheFolder() throws Exception {
        Multistatus library = propfind(server.port(), "/dav/library/", "1");
        String item = "Ünïcode & [brackets] #1";
        String href = library.byHref().keySet().stream()
                .filter(h -> Multistatus.decodedPath(h).equals("/dav/library/" + item + "/"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(library.byHref().keySet().toString()));
        Multistatus inside = propfind(server.port(), URI.create(href).getRawPath(), "1");
        assertEquals("4000", Multistatus.value(inside.at("/dav/library/" + item + "/clip.mp4"), "getcontentlength"));
    }

    @Test
    void aRequestPathWithCharactersAUriMayNotHoldIsA400NotA500() throws Exception {
        for (String target : List.of("/dav/library/a|b", "/dav/library/[x]/", "/dav/library/\u00dcn/")) {
            try (RawHttp http = new RawHttp(server.port())) {
                RawHttp.Head head = http.send("PROPFIND", target, "Depth: 1").readHead();
                assertEquals(400, head.status(), target);
                assertTrue(head.get("Content-Type").startsWith("application/json"), target);
            }
        }
    }

    @Test
    void depthInfinityIsAnsweredAsDepthOne() throws Exception {
        Set<String> paths = new TreeSet<>();
        for (String href : propfind(server.port(), "/dav/", "infinity").byHref().keySet()) {
            paths.add(Multistatus.decodedPath(href));
        }
        assertEquals(Set.of("/dav/", "/dav/library/"), paths);
    }

    @Test
    void rootListsTheLibraryAndNoUploadFolderWithoutASink() throws Exception {
        Multistatus answer = propfind(server.port(), "/dav/", "1");
        assertTrue(Multistatus.isCollection(answer.at("/dav/library/")));
        assertTrue(answer.byHref().keySet().stream().noneMatch(h -> h.contains("nzbs")));
    }

    @Test
    void miltonDoesNotLogEveryRequestAtInfo() {
        assertFalse(org.slf4j.LoggerFactory.getLogger(io.milton.http.HttpManager.class)
                .isInfoEnabled());
    }

    @Test
    void propfindOfAMissingPathIs404() throws Exception {
        try (RawHttp http = new RawHttp(server.port())) {
            assertEquals(
                    404,
                    http.send("PROPFIND", ITEM_PATH + "missing.mkv", "Depth: 0")
                            .readHead()
                            .status());
        }
    }

    @Test
    void optionsAdvertisesDavAndTheReadMethods() throws Exception {
        try (RawHttp http = new RawHttp(server.port())) {
            RawHttp.Head head = http.send("OPTIONS", ITEM_PATH + "film.mkv").readHead();
            assertEquals(200, head.status());
            assertNotNull(head.get("DAV"));
            assertEquals("GET, HEAD, OPTIONS, PROPFIND", head.get("Allow"));
        }
    }

    @Test
    void optionsOnTheUploadFolderAlsoOffersPut() throws Exception {
        WebServer uploads = WebServer.builder()
                .port(0)
                .route(DavHandlers.PATH_SPEC, DavHandlers.of(library, (name, bytes) -> {}))
                .build();
        uploads.start();
        try (RawHttp http = new RawHttp(uploads.port())) {
            RawHttp.Head head = http.send("OPTIONS", "/dav/nzbs/").readHead();
            assertEquals(200, head.status());
            assertEquals("GET, HEAD, OPTIONS, PROPFIND, PUT", head.get("Allow"));
        } finally {
            uploads.stop();
        }
    }

    @Test
    void writeMethodsOnTheReadOnlyTreeAre403Or405AndNever500() throws Exception {
        String[][] cases = {
            {"MKCOL", "/dav/library/new/", "403"},
            {"MKCOL", ITEM_PATH, "405"},
            {"DELETE", ITEM_PATH + "film.mkv", "405"},
            {"MOVE", ITEM_PATH + "film.mkv", "405"},
            {"COPY", ITEM_PATH + "film.mkv", "405"},
            {"PROPPATCH", ITEM_PATH + "film.mkv", "405"},
            {"LOCK", ITEM_PATH + "film.mkv", "405"},
            {"UNLOCK", ITEM_PATH + "film.mkv", "405"},
            {"PUT", ITEM_PATH + "film.mkv", "405"},
            {"PUT", ITEM_PATH + "new.mkv", "403"},
            {"PUT", "/dav/nzbs/new.nzb", "403"},
            {"POST", ITEM_PATH + "film.mkv", "405"},
            {"FROBNICATE", ITEM_PATH, "405"},
        };
        for (String[] c : cases) {
            try (RawHttp http = new RawHttp(server.port())) {
                RawHttp.Head head = http.send(c[0], c[1], "Destination: http://127.0.0.1/dav/library/x")
                        .readHead();
                assertEquals(Integer.parseInt(c[2]), head.status(), c[0] + " " + c[1]);
                assertTrue(head.get("Content-Type").startsWith("application/json"), c[0] + " " + c[1]);
                if (head.status() == 405) {
                    assertEquals("GET, HEAD, OPTIONS, PROPFIND", head.get("Allow"), c[0] + " " + c[1]);
                }
            }
        }
        assertEquals(0, library.openReaders());
    }
}
