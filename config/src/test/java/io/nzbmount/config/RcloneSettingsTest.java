package io.nzbmount.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The {@code rclone} section: the remote control's address, its login and the remote's root. */
class RcloneSettingsTest {

    private static RcloneSettings load(String yaml, Map<String, String> env) throws ConfigException {
        return ConfigLoader.fromText(yaml, "t", env).rclone();
    }

    private static List<String> problems(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml, Map.of())).problems();
    }

    @Test
    void withoutTheSectionNothingIsAsked() throws ConfigException {
        assertEquals(RcloneSettings.defaults(), load("", Map.of()));
        assertEquals(Optional.empty(), RcloneSettings.defaults().rcUrl());
    }

    @Test
    void theAddressTheLoginAndTheRootAreReadFromTheFileAndTheEnvironment() throws ConfigException {
        RcloneSettings s = load(
                "rclone: {rcUrl: 'HTTP://127.0.0.1:5572', username: rc, password: 'pass word'}",
                Map.of("NZBMOUNT_RCLONE_REMOTEROOT", "/"));
        assertEquals(Optional.of(URI.create("http://127.0.0.1:5572/")), s.rcUrl());
        assertEquals(Optional.of(new Credentials("rc", "pass word")), s.login());
        assertEquals("/", s.remoteRoot());
        assertEquals(
                Optional.of(URI.create("http://rclone.lan:5572/rc/")),
                load("rclone: {rcUrl: 'http://rclone.lan:5572/rc'}", Map.of()).rcUrl());
        assertEquals(
                "/dav/library/",
                load("rclone: {remoteRoot: /dav/library}", Map.of()).remoteRoot());
    }

    @Test
    void aBadAddressALoneHalfOfTheLoginOrAnotherRootIsNamed() {
        assertTrue(problems("rclone: {rcUrl: 'ftp://127.0.0.1:5572'}")
                .get(0)
                .startsWith("rclone.rcUrl: must be an http:// or https:// URL"));
        List<String> login = problems("rclone: {rcUrl: 'http://u:hunter2@127.0.0.1:5572'}");
        assertTrue(login.get(0).startsWith("rclone.rcUrl: must not contain a user name or password"), login::toString);
        assertFalse(login.toString().contains("hunter2"), "the password is shown");
        assertTrue(problems("rclone: {rcUrl: 'http://127.0.0.1:5572', username: rc}")
                .get(0)
                .contains("username and password go together"));
        assertTrue(problems("rclone: {username: rc, password: p}").get(0).startsWith("rclone.rcUrl: required"));
        assertTrue(
                problems("rclone: {remoteRoot: /content/}").get(0).startsWith("rclone.remoteRoot: must be /, /dav/"));
    }

    @Test
    void thePasswordIsMaskedInTheExport() throws ConfigException {
        Settings s = ConfigLoader.fromText(
                "rclone: {rcUrl: 'http://127.0.0.1:5572', username: rc, password: secret-pw}", "t", Map.of());
        assertEquals("****", ((Map<?, ?>) s.masked().get("rclone")).get("password"));
        assertFalse(s.masked().toString().contains("secret-pw"));
        assertFalse(s.toString().contains("secret-pw"));
    }
}
