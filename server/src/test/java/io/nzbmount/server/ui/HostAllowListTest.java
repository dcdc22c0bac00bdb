package io.nzbmount.server.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DNS rebinding: a page on {@code evil.example} whose name now points at 127.0.0.1 is same-origin
 * to itself, so its requests carry {@code Host: evil.example} and a matching {@code Origin}. Such
 * a request must get nothing from {@code /api}, {@code /dav} or the UI; the names a user reaches
 * the server by must keep working.
 */
class HostAllowListTest {

    @TempDir
    Path dir;

    UiServer server;
    int port;

    @BeforeEach
    void start() throws Exception {
        server = UiServer.start(dir, List.of("nas.lan", "*.home.example"));
        port = server.resolve("/").getPort();
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void aReboundNameGetsNothingFromApiDavOrUi() throws Exception {
        String host = "evil.example:" + port;
        String origin = "Origin: http://" + host;
        List<RawHttp.Answer> answers = List.of(
                RawHttp.send(port, "GET", "/api/items", host, null, origin),
                RawHttp.send(port, "POST", "/api/nzbs?name=x", host, "<nzb/>", origin, CsrfHandler.HEADER + ": 1"),
                RawHttp.send(port, "PROPFIND", "/dav/", host, null, origin, "Depth: 1"),
                RawHttp.send(port, "GET", "/dav/library/", host, null, origin),
                RawHttp.send(port, "GET", "/", host, null, origin),
                RawHttp.send(port, "GET", "/app.js", host, null));
        for (RawHttp.Answer a : answers) {
            assertEquals(403, a.status(), a.text());
            assertTrue(a.text().contains("server.allowedHosts"), "the answer names the setting: " + a.text());
            assertTrue(a.text().contains("application/json"), a.text());
        }
    }

    @Test
    void loopbackNamesAddressesAndConfiguredNamesAreServed() throws Exception {
        for (String host : List.of(
                "127.0.0.1:" + port,
                "localhost:" + port,
                "LOCALHOST",
                "[::1]:" + port,
                "192.168.1.20:" + port,
                "nas.lan:" + port,
                "NAS.LAN",
                "media.home.example:" + port,
                "app.localhost")) {
            RawHttp.Answer a = RawHttp.send(port, "GET", "/api/items", host, null);
            assertEquals(200, a.status(), host + ": " + a.text());
        }
        for (String host : List.of("home.example", "nas.lan.evil.example", "localhost.evil.example", "evil.example")) {
            assertEquals(
                    403, RawHttp.send(port, "GET", "/api/items", host, null).status(), host);
        }
    }
}
