package io.nzbmount.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigLoaderTest {

    static Settings load(String yaml) throws ConfigException {
        return ConfigLoader.fromText(yaml, "test.yaml", Map.of());
    }

    static Settings load(String yaml, Map<String, String> env) throws ConfigException {
        return ConfigLoader.fromText(yaml, "test.yaml", env);
    }

    static ConfigException failure(String yaml) {
        return assertThrows(ConfigException.class, () -> load(yaml));
    }

    static ConfigException failure(String yaml, Map<String, String> env) {
        return assertThrows(ConfigException.class, () -> load(yaml, env));
    }

    static void assertOnlyProblem(String expected, ConfigException e) {
        assertEquals(List.of(expected), e.problems());
        assertEquals(expected, e.getMessage());
    }

    @Test
    void emptyConfigurationGivesTheDefaults() throws ConfigException {
        Settings s = load("");
        assertEquals(Settings.defaults(), s);
        assertEquals("127.0.0.1", s.server().bind());
        assertEquals(8080, s.server().port());
        assertEquals(Path.of("./data"), s.server().dataDir());
        assertEquals(Optional.empty(), s.auth());
        assertEquals(List.of(), s.providers());
        assertEquals(List.of(), s.indexers());
        assertEquals(new FallbackSettings(true, 5, 120), s.fallback());
        assertEquals(new ReaderSettings(64, 3, 1500, 1000, 5000, List.of(500L, 1500L, 3000L)), s.reader());
    }

    @Test
    void noFileAndNoConfigVariableGivesTheDefaults() throws ConfigException {
        assertEquals(Settings.defaults(), ConfigLoader.load(null, Map.of()));
    }

    @Test
    void sectionsWrittenWithoutValuesCountAsUnset() throws ConfigException {
        assertEquals(Settings.defaults(), load("server:\nauth:\nproviders:\nfallback:\n  maxStandby:\n"));
    }

    @Test
    void providerDefaultsDependOnTls() throws ConfigException {
        Settings s = load("""
                providers:
                  - host: news.example.com
                  - host: secure.example.com
                    tls: true
                """);
        assertEquals(
                new ProviderSettings("news.example.com", "news.example.com", 119, false, Optional.empty(), 8, 0),
                s.providers().get(0));
        assertEquals(563, s.providers().get(1).port());
        assertTrue(s.providers().get(1).tls());
    }

    @Test
    void fullConfigurationIsRead() throws ConfigException {
        Settings s = load("""
                server: {bind: 0.0.0.0, port: 9090, dataDir: /var/lib/nzbmount}
                auth: {username: admin, password: "0123"}
                providers:
                  - {name: main, host: news.a.com, port: 443, tls: true, username: u, password: p, connections: 50, priority: 1}
                indexers:
                  - {url: "https://indexer.example/api", apiKey: k}
                fallback: {enabled: false, maxStandby: 0, submitDelaySeconds: 0}
                reader: {readAheadArticles: 64, connectTimeoutSeconds: 4, firstByteTimeoutMillis: 800, betweenBytesTimeoutMillis: 600,
                  fetchBudgetMillis: 9000, retryBackoffMillis: []}
                """);
        assertEquals(new ServerSettings("0.0.0.0", 9090, Path.of("/var/lib/nzbmount")), s.server());
        assertEquals(Optional.of(new Credentials("admin", "0123")), s.auth());
        assertEquals(
                new ProviderSettings("main", "news.a.com", 443, true, Optional.of(new Credentials("u", "p")), 50, 1),
                s.providers().get(0));
        assertEquals(
                new IndexerSettings("indexer.example", URI.create("https://indexer.example/api"), "k"),
                s.indexers().get(0));
        assertEquals(new FallbackSettings(false, 0, 0), s.fallback());
        assertEquals(new ReaderSettings(64, 4, 800, 600, 9000, List.of()), s.reader());
    }

    @Test
    void yamlBooleanWordsAndQuotedNumbersAreAccepted() throws ConfigException {
        Settings s = load("server: {port: \"8081\"}\nfallback: {enabled: no}\nproviders: [{host: h, tls: yes}]\n");
        assertEquals(8081, s.server().port());
        assertFalse(s.fallback().enabled());
        assertTrue(s.providers().get(0).tls());
    }

    @Test
    void configFileComesFromTheConfigVariable(@TempDir Path dir) throws IOException, ConfigException {
        Path file = dir.resolve("c.yaml");
        Files.writeString(file, "server:\n  port: 1234\n");
        assertEquals(
                1234,
                ConfigLoader.load(null, Map.of("NZBMOUNT_CONFIG", file.toString()))
                        .server()
                        .port());
        assertEquals(1234, ConfigLoader.load(file, Map.of()).server().port());
    }

    @Test
    void missingFileIsReported(@TempDir Path dir) {
        Path file = dir.resolve("absent.yaml");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigLoader.load(file, Map.of()));
        assertOnlyProblem(file + ": configuration file not found", e);
    }

    // ---- validation messages ----

    @Test
    void portOutOfRangeNamesTheListEntry() {
        ConfigException e = failure("providers:\n  - host: a\n  - host: b\n    port: 70000\n");
        assertOnlyProblem("providers[1].port: must be between 1 and 65535, got 70000", e);
    }

    @Test
    void misspeltKeyIsUnknownWithAGuess() {
        assertOnlyProblem("server.prot: unknown key (did you mean port?)", failure("server:\n  prot: 8080\n"));
        assertOnlyProblem(
                "fallback.maxstandby: unknown key (did you mean maxStandby?)", failure("fallback: {maxstandby: 3}"));
        assertOnlyProblem("colour: unknown key", failure("colour: blue\n"));
        assertOnlyProblem(
                "providers[0].hots: unknown key (did you mean host?)", failure("providers: [{host: a, hots: b}]"));
    }

    @Test
    void standbyPoolHasAHardCeilingOfFive() {
        ConfigException e = failure("fallback:\n  maxStandby: 6\n");
        assertEquals(1, e.problems().size());
        assertTrue(e.getMessage().startsWith("fallback.maxStandby: at most 5, got 6"), e.getMessage());
        assertOnlyProblem("fallback.maxStandby: at least 0, got -1", failure("fallback: {maxStandby: -1}"));
    }

    @Test
    void everyRangeIsChecked() throws ConfigException {
        assertOnlyProblem("server.port: must be between 0 and 65535, got 65536", failure("server: {port: 65536}"));
        assertEquals(0, load("server: {port: 0}").server().port(), "0 asks for any free port");
        assertOnlyProblem(
                "providers[0].connections: must be between 1 and 200, got 201",
                failure("providers: [{host: a, connections: 201}]"));
        assertOnlyProblem(
                "providers[0].connections: must be between 1 and 200, got 0",
                failure("providers: [{host: a, connections: 0}]"));
        assertOnlyProblem(
                "fallback.submitDelaySeconds: must be between 0 and 86400, got -5",
                failure("fallback: {submitDelaySeconds: -5}"));
        assertOnlyProblem(
                "reader.readAheadArticles: must be between 1 and 64, got 65",
                failure("reader: {readAheadArticles: 65}"));
        assertOnlyProblem(
                "reader.socketTimeoutSeconds: replaced by firstByteTimeoutMillis and betweenBytesTimeoutMillis"
                        + " (see docs/configuration.md, reader)",
                failure("reader: {socketTimeoutSeconds: 30}"));
        assertOnlyProblem(
                "reader.firstByteTimeoutMillis: must be between 100 and 3600000, got 50",
                failure("reader: {firstByteTimeoutMillis: 50}"));
        assertOnlyProblem(
                "reader.fetchBudgetMillis: must be at least firstByteTimeoutMillis (1500), got 1000",
                failure("reader: {fetchBudgetMillis: 1000}"));
        assertOnlyProblem(
                "reader.connectTimeoutSeconds: must be between 1 and 3600, got 4000",
                failure("reader: {connectTimeoutSeconds: 4000}"));
        assertOnlyProblem(
                "reader.retryBackoffMillis[1]: must be between 0 and 600000, got -1",
                failure("reader: {retryBackoffMillis: [1, -1]}"));
        assertOnlyProblem(
                "reader.retryBackoffMillis: at most 10 entries, got 11",
                failure("reader: {retryBackoffMillis: [1,1,1,1,1,1,1,1,1,1,1]}"));
    }

    @Test
    void wrongTypesAreNamed() {
        assertOnlyProblem("server.port: must be a whole number, got 'eighty'", failure("server: {port: eighty}"));
        assertOnlyProblem("server.port: must be a whole number, got '80.5'", failure("server: {port: 80.5}"));
        assertOnlyProblem(
                "providers[0].tls: must be true or false, got 'maybe'", failure("providers: [{host: a, tls: maybe}]"));
        assertOnlyProblem("server: must be a mapping of keys to values", failure("server: 8080"));
        assertOnlyProblem("providers: must be a list", failure("providers: {host: a}"));
        assertOnlyProblem("providers[0]: must be a mapping of keys to values", failure("providers: [a]"));
        assertOnlyProblem("server.port: must be a single value, not a list", failure("server: {port: [1]}"));
        assertOnlyProblem(
                "reader.retryBackoffMillis: must be a list of whole numbers, like [500, 1500]",
                failure("reader: {retryBackoffMillis: 500}"));
        assertOnlyProblem("(top level): must be a mapping of keys to values", failure("- a\n- b\n"));
    }

    @Test
    void requiredValuesAreNamed() {
        assertOnlyProblem("providers[0].host: required", failure("providers: [{port: 119}]"));
        assertOnlyProblem("indexers[0].apiKey: required", failure("indexers: [{url: 'https://i.example'}]"));
        assertOnlyProblem("indexers[0].url: required", failure("indexers: [{apiKey: k}]"));
    }

    @Test
    void hostsAndUrlsAreChecked() {
        assertOnlyProblem(
                "providers[0].host: must be a host name or address without scheme or path, got "
                        + "'nntps://news.example.com'",
                failure("providers: [{host: 'nntps://news.example.com'}]"));
        assertOnlyProblem(
                "indexers[0].url: must be an http:// or https:// URL",
                failure("indexers: [{url: 'ftp://i.example', apiKey: k}]"));
        assertOnlyProblem(
                "indexers[0].url: must not carry the API key; put it in apiKey",
                failure("indexers: [{url: 'https://i.example/api?t=caps&apikey=SECRETKEY', apiKey: k}]"));
        assertOnlyProblem(
                "indexers[0].url: must not contain a user name or password",
                failure("indexers: [{url: 'https://me:pw@i.example/', apiKey: k}]"));
    }

    @Test
    void credentialsGoTogether() {
        assertOnlyProblem(
                "auth: username and password go together; password is missing", failure("auth: {username: admin}"));
        assertOnlyProblem(
                "auth: username and password go together; username is missing", failure("auth: {password: pw}"));
        assertOnlyProblem(
                "providers[0]: username and password go together; password is missing",
                failure("providers: [{host: a, username: u}]"));
        assertOnlyProblem(
                "auth.username: must not contain ':' (HTTP Basic uses it as the separator)",
                failure("auth: {username: 'a:b', password: p}"));
    }

    @Test
    void unknownKeysOfAuthAreRefusedLikeEverywhereElse() {
        assertTrue(failure("auth: {usrname: admin, password: pw}")
                .problems()
                .contains("auth.usrname: unknown key (did you mean username?)"));
        assertOnlyProblem("auth.bogus: unknown key", failure("auth: {username: admin, password: pw, bogus: 1}"));
    }

    @Test
    void theApiKeyIsGivenInAdvanceOnlyByItsVariableAndOnlyALongOne() throws Exception {
        String key = "k".repeat(InitialApiKey.MIN_LENGTH);
        assertTrue(failure("auth: {apiKey: " + key + "}")
                .problems()
                .getFirst()
                .startsWith("auth.apiKey: is no key of the file"));
        assertOnlyProblem(
                "auth.apiKey: must be at least 32 characters without spaces (got 8) (from " + InitialApiKey.ENV + ")",
                failure("", Map.of(InitialApiKey.ENV, "short-k1")));
        Map<String, String> env = Map.of(InitialApiKey.ENV, key);
        ConfigLoader.fromText("", "test", env);
        assertEquals(Optional.of(key), InitialApiKey.from(env));
        assertEquals(Optional.empty(), InitialApiKey.from(Map.of()));
    }

    @Test
    void namesMustBeUnique() {
        assertOnlyProblem(
                "providers[1].name: 'a' is already the name of providers[0]; names must be unique",
                failure("providers: [{host: a}, {host: b, name: a}]"));
        assertOnlyProblem(
                "indexers[1].name: 'i.example' is already the name of indexers[0]; names must be unique",
                failure("indexers: [{url: 'https://i.example', apiKey: k}, {url: 'http://i.example/x', apiKey: k}]"));
    }

    @Test
    void duplicateKeysAreReportedWithTheirLines() {
        assertOnlyProblem("server.port: set twice (lines 2 and 3)", failure("server:\n  port: 1\n  port: 2\n"));
    }

    @Test
    void allProblemsAreReportedTogether() {
        ConfigException e = failure(
                "server: {port: -1, prot: 1}\nfallback: {maxStandby: 9}\n", Map.of("NZBMOUNT_SERVER_BIND", "a b"));
        assertEquals(4, e.problems().size(), e.getMessage());
        assertTrue(e.getMessage().startsWith("4 problems in the configuration:\n  "), e.getMessage());
    }

    @Test
    void yamlSyntaxErrorGivesTheLineButNotTheText() {
        ConfigException e = failure("auth:\n  username: admin\n  password: hunter2: x\n");
        assertEquals(1, e.problems().size());
        assertTrue(e.getMessage().startsWith("test.yaml: YAML syntax error at line 3, column "), e.getMessage());
        assertTrue(e.getMessage().contains("mapping values are not allowed here"), e.getMessage());
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }

    @Test
    void secondDocumentIsRefused() {
        assertOnlyProblem(
                "test.yaml: only one YAML document is allowed (found another at line 3)",
                failure("server: {port: 1}\n---\nserver: {port: 2}\n"));
    }
}
