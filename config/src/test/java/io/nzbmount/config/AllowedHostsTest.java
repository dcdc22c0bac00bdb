package io.nzbmount.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code server.allowedHosts}: host names in lower case, from the file or a comma-separated variable. */
class AllowedHostsTest {

    @Test
    void namesAreReadInLowerCaseAndTheVariableIsCommaSeparated() throws ConfigException {
        Settings file = ConfigLoader.fromText("server: {allowedHosts: [NAS.lan, \"*.example.lan\"]}", "t", Map.of());
        assertEquals(List.of("nas.lan", "*.example.lan"), file.server().allowedHosts());
        Settings env = ConfigLoader.fromText("", "t", Map.of("NZBMOUNT_SERVER_ALLOWEDHOSTS", "a.lan, b.lan"));
        assertEquals(List.of("a.lan", "b.lan"), env.server().allowedHosts());
        assertEquals(List.of(), Settings.defaults().server().allowedHosts());
    }

    @Test
    void aUrlOrAPortIsNamedAsTheProblem() {
        ConfigException e = assertThrows(
                ConfigException.class,
                () -> ConfigLoader.fromText(
                        "server: {allowedHosts: [ok.lan, \"http://nas.lan:8080/\"]}", "t", Map.of()));
        assertTrue(e.getMessage().contains("server.allowedHosts[1]"), e.getMessage());
        assertTrue(e.getMessage().contains("must be a host name"), e.getMessage());
        assertThrows(
                ConfigException.class, () -> ConfigLoader.fromText("server: {allowedHosts: nas.lan}", "t", Map.of()));
    }
}
