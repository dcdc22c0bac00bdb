package io.nzbmount.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code downloads.allowedNzbHosts}: host names or addresses with an optional port, each checked. */
class AllowedNzbHostsTest {

    private static List<String> hosts(String yaml, Map<String, String> env) throws ConfigException {
        return ConfigLoader.fromText(yaml, "t", env).downloads().allowedNzbHosts().stream()
                .map(HostPort::toString)
                .toList();
    }

    @Test
    void namesAddressesAndPortsAreReadFromTheFileAndTheVariable() throws ConfigException {
        assertEquals(
                List.of("hydra.lan", "127.0.0.1:5076", "[::1]:5076", "fd00::5"),
                hosts(
                        "downloads: {allowedNzbHosts: [Hydra.LAN., '127.0.0.1:5076', '[::1]:5076', 'fd00::5']}",
                        Map.of()));
        assertEquals(
                List.of("localhost:5076", "nas.lan"),
                hosts("", Map.of("NZBMOUNT_DOWNLOADS_ALLOWEDNZBHOSTS", "localhost:5076, nas.lan")));
        assertEquals(List.of(), hosts("", Map.of()));
    }

    @Test
    void aUrlAPathABadPortOrALinkLocalAddressIsNamedAsTheProblem() {
        for (String bad : List.of(
                "http://hydra.lan:5076/",
                "hydra.lan/api",
                "hydra.lan:0",
                "hydra.lan:70000",
                "user@hydra.lan",
                "300.1.1.1",
                "[fd00::5",
                "*.lan")) {
            ConfigException e = assertThrows(
                    ConfigException.class,
                    () -> hosts("downloads: {allowedNzbHosts: [ok.lan, '" + bad + "']}", Map.of()),
                    bad);
            assertEquals(1, e.problems().size(), e.problems()::toString);
            assertTrue(
                    e.problems()
                            .get(0)
                            .startsWith("downloads.allowedNzbHosts[1]: must be a host name or IP address"
                                    + " with an optional port"),
                    e.problems()::toString);
            assertTrue(e.problems().get(0).contains(bad), e.problems()::toString);
        }
        for (String metadata : List.of("169.254.169.254", "[fe80::1]:80")) {
            ConfigException e = assertThrows(
                    ConfigException.class, () -> hosts("downloads: {allowedNzbHosts: ['" + metadata + "']}", Map.of()));
            assertTrue(e.problems().get(0).contains("link-local"), e.problems()::toString);
        }
    }

    @Test
    void anEntryMatchesItsHostWrittenAlikeAndItsPortOnly() {
        HostPort hydra = HostPort.parse("hydra.lan:5076").orElseThrow();
        assertTrue(hydra.matches(URI.create("http://HYDRA.lan:5076/getnzb?id=1")));
        assertFalse(hydra.matches(URI.create("http://hydra.lan:5077/getnzb")));
        assertFalse(hydra.matches(URI.create("http://hydra.lan/getnzb")));
        assertFalse(hydra.matches(URI.create("http://other.lan:5076/getnzb")));
        HostPort anyPort = HostPort.parse("::1").orElseThrow();
        assertTrue(anyPort.matches(URI.create("http://[0:0:0:0:0:0:0:1]:9/x")));
        HostPort https = HostPort.parse("10.0.0.5:443").orElseThrow();
        assertTrue(https.matches(URI.create("https://10.0.0.5/x")));
        assertFalse(https.matches(URI.create("http://10.0.0.5/x")));
    }
}
