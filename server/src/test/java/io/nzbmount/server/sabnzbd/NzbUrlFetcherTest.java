package io.nzbmount.server.sabnzbd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.nzbmount.config.HostPort;
import io.nzbmount.server.library.importing.LibraryImporter;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
        http.createContext("/to-lan", ex -> {
            ex.getResponseHeaders().add("Location", "http://192.168.1.20:5076/getnzb?id=1");
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

    /** The real policy with {@code hosts} named in downloads.allowedNzbHosts (the test server is on loopback). */
    private static NzbUrlFetcher allowing(Set<String> hosts) {
        return new NzbUrlFetcher(NzbUrlFetcher.allowing(
                hosts.stream().map(h -> HostPort.parse(h).orElseThrow()).toList()));
    }

    private static URI at(String host) {
        return URI.create("http://" + host + "/x.nzb");
    }

    @Test
    void theNzbAndTheNameTheServerGaveItAreFetched() throws Exception {
        NzbUrlFetcher.Fetched f = allowing(Set.of("127.0.0.1")).fetch(base + "/get.nzb");
        assertArrayEquals("<nzb/>".getBytes(StandardCharsets.UTF_8), f.bytes());
        assertEquals(Optional.of("Some.Film.2020.nzb"), f.fileName());
    }

    @Test
    void aBodyPastTheNzbCapIsRefused() {
        SabException e = assertThrows(
                SabException.class, () -> allowing(Set.of("127.0.0.1")).fetch(base + "/huge"));
        assertTrue(e.getMessage().contains("larger than"), e::getMessage);
    }

    @Test
    void aRedirectIsCheckedLikeTheFirstUrl() {
        SabException e = assertThrows(
                SabException.class, () -> allowing(Set.of("127.0.0.1")).fetch(base + "/to-metadata"));
        assertTrue(e.getMessage().contains("169.254.169.254"), e::getMessage);
    }

    @Test
    void theRealPolicyRefusesThisMachineAndItsNetworkNamingTheSetting() throws Exception {
        for (String host : new String[] {
            "127.0.0.1",
            "localhost",
            "169.254.169.254",
            "[::1]",
            "0.0.0.0",
            "0.1.2.3",
            "224.0.0.1",
            "192.168.1.20",
            "10.0.0.5",
            "172.16.3.4",
            "172.31.255.254",
            "100.64.1.1",
            "[fd00::5]",
            "[fc12::1]",
            "[fe80::1]",
            "[fec0::1]",
            "[::ffff:192.168.1.20]",
            "[::ffff:127.0.0.1]"
        }) {
            SabException e = assertThrows(SabException.class, () -> NzbUrlFetcher.INTERNET_ONLY.check(at(host)), host);
            assertEquals(SabException.Kind.HOST_REFUSED, e.kind(), host);
            assertTrue(e.getMessage().contains("downloads.allowedNzbHosts"), e::getMessage);
        }
        for (String host : new String[] {"93.184.216.34", "172.32.0.1", "100.128.0.1", "[2606:4700::1111]"}) {
            NzbUrlFetcher.INTERNET_ONLY.check(at(host));
        }
    }

    @Test
    void aLanIndexerIsFetchedOnlyWhenNamedWithItsPort() throws Exception {
        NzbUrlFetcher.AddressPolicy named = NzbUrlFetcher.allowing(List.of(
                HostPort.parse("192.168.1.20:5076").orElseThrow(),
                HostPort.parse("[fd00::5]").orElseThrow()));
        named.check(URI.create("http://192.168.1.20:5076/getnzb?id=1"));
        named.check(URI.create("https://[fd00::5]/getnzb?id=1"));
        named.check(URI.create("http://[fd00:0::5]:8080/getnzb?id=1"));
        SabException otherPort =
                assertThrows(SabException.class, () -> named.check(URI.create("http://192.168.1.20/getnzb?id=1")));
        assertTrue(otherPort.getMessage().contains("'192.168.1.20'"), otherPort::getMessage);
        assertThrows(SabException.class, () -> named.check(URI.create("http://192.168.1.21:5076/getnzb?id=1")));
    }

    @Test
    void aRedirectToTheLanIsRefusedBeforeItIsFollowed() {
        SabException e = assertThrows(
                SabException.class, () -> allowing(Set.of("127.0.0.1")).fetch(base + "/to-lan"));
        assertEquals(SabException.Kind.HOST_REFUSED, e.kind());
        assertTrue(
                e.getMessage().contains("192.168.1.20") && e.getMessage().contains("downloads.allowedNzbHosts"),
                e::getMessage);
    }

    @Test
    void aNamedHostOfThisMachineIsFetchedOnlyUnderItsNameAndPort() throws Exception {
        int port = http.getAddress().getPort();
        NzbUrlFetcher named = allowing(Set.of("127.0.0.1:" + port));
        assertArrayEquals(
                "<nzb/>".getBytes(StandardCharsets.UTF_8),
                named.fetch(base + "/get.nzb").bytes());
        // Another port of the same address is another service of this machine.
        SabException otherPort = assertThrows(
                SabException.class,
                () -> named.fetch("http://127.0.0.1:" + (port == 65535 ? port - 1 : port + 1) + "/get.nzb"));
        assertTrue(otherPort.getMessage().contains("address of this machine"), otherPort::getMessage);
        // A name that is not listed is judged by what it resolves to, even when that is a listed address.
        SabException otherName =
                assertThrows(SabException.class, () -> named.fetch("http://localhost:" + port + "/get.nzb"));
        assertTrue(otherName.getMessage().contains("downloads.allowedNzbHosts"), otherName::getMessage);
    }

    @Test
    void aNamedHostStillNeverReachesLinkLocalAddresses() {
        SabException e = assertThrows(
                SabException.class,
                () -> NzbUrlFetcher.allowing(
                                List.of(HostPort.parse("169.254.169.254").orElseThrow()))
                        .check(URI.create("http://169.254.169.254/latest/")));
        assertTrue(e.getMessage().contains("169.254.169.254") && e.getMessage().contains("never"), e::getMessage);
        assertEquals(SabException.Kind.HOST_REFUSED, e.kind());
    }
}
