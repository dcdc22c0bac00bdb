package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.TestNzbs;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.eclipse.jetty.http.HttpURI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CSRF rules in front of the real API, over real HTTP. */
class CsrfHandlerTest {

    @TempDir
    Path dir;

    UiServer server;
    Http http;

    @BeforeEach
    void start() throws Exception {
        server = UiServer.start(dir);
        http = new Http();
    }

    @AfterEach
    void stop() throws Exception {
        http.close();
        server.close();
    }

    HttpResponse<String> post(byte[] body, String... headers) throws Exception {
        return http.send("POST", server.resolve("/api/nzbs"), body, headers);
    }

    int itemCount() throws Exception {
        return server.catalog.items().size();
    }

    @Test
    void postWithoutTheHeaderIsRefusedAndImportsNothing() throws Exception {
        HttpResponse<String> r = post(TestNzbs.film("c1", "Film"), "Content-Type", "text/plain");
        assertEquals(403, r.statusCode());
        assertTrue(r.body().contains("X-NZBMount-Request: 1"), r.body());
        assertEquals(0, itemCount());
        assertTrue(server.sizer.sized.isEmpty(), "the providers were not even asked");
    }

    @Test
    void postWithTheHeaderFromThisOriginIsImported() throws Exception {
        HttpResponse<String> r = post(TestNzbs.film("c2", "Film"), CsrfHandler.HEADER, "1", "Origin", server.origin());
        assertEquals(201, r.statusCode(), r.body());
        assertEquals(1, itemCount());
    }

    @Test
    void anotherOriginIsRefusedEvenWithTheHeader() throws Exception {
        for (String origin : java.util.List.of(
                "http://evil.example", "http://127.0.0.1:1", "null", "https://127.0.0.1.evil.example", "file://")) {
            HttpResponse<String> r = post(TestNzbs.film("c3", "Film"), CsrfHandler.HEADER, "1", "Origin", origin);
            assertEquals(403, r.statusCode(), origin);
            assertTrue(r.body().contains("cross-origin request refused"), r.body());
        }
        HttpResponse<String> site =
                post(TestNzbs.film("c3", "Film"), CsrfHandler.HEADER, "1", "Sec-Fetch-Site", "cross-site");
        assertEquals(403, site.statusCode());
        assertEquals(0, itemCount());
    }

    @Test
    void deleteNeedsTheHeaderButReadingDoesNot() throws Exception {
        HttpResponse<String> created = post(TestNzbs.film("c4", "Film"), CsrfHandler.HEADER, "1");
        assertEquals(201, created.statusCode());
        String location = created.headers().firstValue("Location").orElseThrow();
        assertEquals(200, http.send("GET", server.resolve(location), null).statusCode());
        assertEquals(
                200,
                http.send("GET", server.resolve("/api/events"), null, "Origin", "http://evil.example")
                        .statusCode());
        assertEquals(403, http.send("DELETE", server.resolve(location), null).statusCode());
        assertEquals(1, itemCount());
        assertEquals(
                204,
                http.send("DELETE", server.resolve(location), null, CsrfHandler.HEADER, "1")
                        .statusCode());
        assertEquals(0, itemCount());
    }

    @Test
    void refusalIsJsonWithoutEchoingControlCharacters() throws Exception {
        HttpResponse<String> r =
                post("x".getBytes(UTF_8), CsrfHandler.HEADER, "1", "Origin", "http://e\u00e9vil.example");
        assertEquals(403, r.statusCode());
        assertTrue(r.headers().firstValue("Content-Type").orElseThrow().startsWith("application/json"));
        assertFalse(r.body().contains("\u00e9"), r.body());
    }

    @Test
    void originMatchesByHostAndPortWithDefaultPorts() {
        HttpURI explicit = HttpURI.from("http://nas.local:8080/api/nzbs");
        assertTrue(CsrfHandler.sameOrigin("http://nas.local:8080", explicit));
        assertTrue(CsrfHandler.sameOrigin("HTTP://NAS.local:8080", explicit));
        assertFalse(CsrfHandler.sameOrigin("http://nas.local:8081", explicit));
        assertFalse(CsrfHandler.sameOrigin("http://nas.local", explicit));
        HttpURI behindProxy = HttpURI.from("http://nas.example/api/nzbs");
        assertTrue(CsrfHandler.sameOrigin("https://nas.example", behindProxy), "TLS ends at the proxy");
        assertTrue(CsrfHandler.sameOrigin("http://nas.example", behindProxy));
        assertFalse(CsrfHandler.sameOrigin("https://nas.example:8443", behindProxy));
        assertTrue(CsrfHandler.sameOrigin("http://[::1]:8080", HttpURI.from("http://[::1]:8080/api/x")));
        assertFalse(CsrfHandler.sameOrigin("http://nas.example/path", behindProxy));
        assertFalse(CsrfHandler.sameOrigin("ftp://nas.example", behindProxy));
    }
}
