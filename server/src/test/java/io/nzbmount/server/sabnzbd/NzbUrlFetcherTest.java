package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.nzbmount.server.library.LibraryImporter;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class NzbUrlFetcherTest {

    private HttpServer http;
    private String base;

    @BeforeEach
    void start() throws Exception {
        http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        http.createContext("/get.nzb", ex -> {
            byte[] body = "<nzb/>".getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Disposition", "attachment; filename=\"Some.Film.2020.nzb\"");
            ex.sendResponseHeaders(200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        });
        http.createContext("/huge", ex -> {
            ex.sendResponseHeaders(200, 0);
            byte[] chunk = new byte[1 << 20];
            try (OutputStream out = ex.getResponseBody()) {
                for (int i = 0; i <= LibraryImporter.MAX_NZB_BYTES / chunk.length; i++) out.write(chunk);
            } catch (java.io.IOException clientLeft) {
                // the fetcher stops reading at the cap
            }
        });
        http.createContext("/to-metadata", ex -> {
            ex.getResponseHeaders().add("Location", "http://169.254.169.254/latest/");
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        http.start();
        base = "http://127.0.0.1:" + http.getAddress().getPort();
    }

    @AfterEach
    void stop() {
        http.stop(0);
    }

    /** A policy for the test only: the test server is on loopback, which the real policy refuses. */
    private static NzbUrlFetcher allowing(Set<String> hosts) {
        return new NzbUrlFetcher(host -> {
            if (!hosts.contains(host)) throw new SabException("addurl: " + host + " refused");
        });
    }

    @Test
    void theNzbAndTheNameTheServerGaveItAreFetched() throws Exception {
        NzbUrlFetcher.Fetched f = allowing(Set.of("127.0.0.1")).fetch(base + "/get.nzb");
        assertArrayEquals("<nzb/>".getBytes(StandardCharsets.UTF_8), f.bytes());
        assertEquals(Optional.of("Some.Film.2020.nzb"), f.fileName());
    }

    @Test
    void aBodyPastTheNzbCapIsRefused() {
        SabException e = assertThrows(SabException.class, () -> allowing(Set.of("127.0.0.1")).fetch(base + "/huge"));
        assertTrue(e.getMessage().contains("larger than"), e::getMessage);
    }

    @Test
    void aRedirectIsCheckedLikeTheFirstUrl() {
        SabException e = assertThrows(SabException.class,
                () -> new NzbUrlFetcher(host -> {
                    if (!host.equals("127.0.0.1")) NzbUrlFetcher.PUBLIC_AND_LAN.check(host);
                }).fetch(base + "/to-metadata"));
        assertTrue(e.getMessage().contains("169.254.169.254"), e::getMessage);
    }

    @Test
    void theRealPolicyRefusesLoopbackAndLinkLocalButNotTheLan() throws Exception {
        for (String host : new String[] {"127.0.0.1", "localhost", "169.254.169.254", "::1", "0.0.0.0", "224.0.0.1"}) {
            assertThrows(SabException.class, () -> NzbUrlFetcher.PUBLIC_AND_LAN.check(host), host);
        }
        NzbUrlFetcher.PUBLIC_AND_LAN.check("192.168.1.20");
        NzbUrlFetcher.PUBLIC_AND_LAN.check("10.0.0.5");
    }
}
