package io.nzbmount.config;

import static io.nzbmount.config.ConfigLoaderTest.assertOnlyProblem;
import static io.nzbmount.config.ConfigLoaderTest.failure;
import static io.nzbmount.config.ConfigLoaderTest.load;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EnvironmentOverrideTest {

    @Test
    void overridesWinOverTheFile() throws ConfigException {
        Settings s = load(
                "server: {port: 1000, bind: 0.0.0.0}\n",
                Map.of(
                        "NZBMOUNT_SERVER_PORT", "2000",
                        "NZBMOUNT_SERVER_DATADIR", "/srv/nzb",
                        "NZBMOUNT_FALLBACK_MAXSTANDBY", "2",
                        "NZBMOUNT_FALLBACK_ENABLED", "FALSE",
                        "NZBMOUNT_READER_RETRYBACKOFFMILLIS", "100, 200",
                        "NZBMOUNT_AUTH_USERNAME", "admin",
                        "NZBMOUNT_AUTH_PASSWORD", "pw"));
        assertEquals(new ServerSettings("0.0.0.0", 2000, Path.of("/srv/nzb")), s.server());
        assertEquals(2, s.fallback().maxStandby());
        assertFalse(s.fallback().enabled());
        assertEquals(List.of(100L, 200L), s.reader().retryBackoffMillis());
        assertEquals(Optional.of(new Credentials("admin", "pw")), s.auth());
    }

    @Test
    void emptyListOverrideMeansNoRetries() throws ConfigException {
        assertEquals(
                List.of(),
                load("", Map.of("NZBMOUNT_READER_RETRYBACKOFFMILLIS", ""))
                        .reader()
                        .retryBackoffMillis());
    }

    @Test
    void listIndexAddressesAnExistingEntry() throws ConfigException {
        Settings s = load(
                "providers:\n  - host: a\n  - host: b\n",
                Map.of("NZBMOUNT_PROVIDERS_1_HOST", "c", "NZBMOUNT_PROVIDERS_1_CONNECTIONS", "20"));
        assertEquals(
                List.of("a", "c"),
                s.providers().stream().map(ProviderSettings::host).toList());
        assertEquals(20, s.providers().get(1).connections());
    }

    @Test
    void listIndexJustPastTheEndCreatesTheEntry() throws ConfigException {
        Settings s = load(
                "",
                Map.of(
                        "NZBMOUNT_PROVIDERS_0_HOST",
                        "news.example.com",
                        "NZBMOUNT_PROVIDERS_0_TLS",
                        "true",
                        "NZBMOUNT_PROVIDERS_0_USERNAME",
                        "u",
                        "NZBMOUNT_PROVIDERS_0_PASSWORD",
                        "p",
                        "NZBMOUNT_PROVIDERS_1_HOST",
                        "backup.example.com",
                        "NZBMOUNT_INDEXERS_0_URL",
                        "https://i.example/api",
                        "NZBMOUNT_INDEXERS_0_APIKEY",
                        "k"));
        assertEquals(
                new ProviderSettings(
                        "news.example.com",
                        "news.example.com",
                        563,
                        true,
                        Optional.of(new Credentials("u", "p")),
                        8,
                        0),
                s.providers().get(0));
        assertEquals("backup.example.com", s.providers().get(1).host());
        assertEquals("k", s.indexers().get(0).apiKey());
    }

    @Test
    void listIndexThatLeavesAGapIsRefused() {
        ConfigException e = failure("providers: [{host: a}]", Map.of("NZBMOUNT_PROVIDERS_3_HOST", "x"));
        assertOnlyProblem(
                "providers[3]: index 3 would leave a gap: the list has 1 entries, so the next one is "
                        + "providers[1] (from NZBMOUNT_PROVIDERS_3_*)",
                e);
    }

    @Test
    void badOverrideValueNamesKeyAndVariable() {
        assertOnlyProblem(
                "server.port: must be between 0 and 65535, got 70000 (from NZBMOUNT_SERVER_PORT)",
                failure("", Map.of("NZBMOUNT_SERVER_PORT", "70000")));
        assertOnlyProblem(
                "reader.retryBackoffMillis[1]: must be a whole number, got 'x' "
                        + "(from NZBMOUNT_READER_RETRYBACKOFFMILLIS)",
                failure("", Map.of("NZBMOUNT_READER_RETRYBACKOFFMILLIS", "1,x")));
    }

    @Test
    void unknownVariableIsAnErrorWithAGuess() {
        assertOnlyProblem(
                "NZBMOUNT_SERVER_PROT: unknown setting (did you mean NZBMOUNT_SERVER_PORT?)",
                failure("", Map.of("NZBMOUNT_SERVER_PROT", "1")));
        assertOnlyProblem("NZBMOUNT_WHATEVER: unknown setting", failure("", Map.of("NZBMOUNT_WHATEVER", "1")));
    }

    @Test
    void otherVariablesAreIgnored() throws ConfigException {
        assertEquals(
                Settings.defaults(), load("", Map.of("PATH", "/bin", "HOME", "/root", "nzbmount_server_port", "1")));
    }

    @Test
    void overrideOfASecretNeverAppearsInMessages() {
        ConfigException e = failure("", Map.of("NZBMOUNT_AUTH_PASSWORD", "s3cr3t-value"));
        assertOnlyProblem("auth: username and password go together; username is missing", e);
        assertTrue(e.problems().stream().noneMatch(p -> p.contains("s3cr3t")));
    }
}
