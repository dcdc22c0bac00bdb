package io.nzbmount.server.settings;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nzbmount.config.Credentials;
import io.nzbmount.server.dav.RawHttp;
import io.nzbmount.server.store.SettingsTable;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** GET and PUT /api/settings over real HTTP against a real SQLite database. */
class SettingsApiTest {

    static final String PROVIDER_PASSWORD = "prov-pass-6Jq2";
    static final String AUTH_PASSWORD = "login-pass-Zx81";
    static final String API_KEY = "idx-key-Pq77a";
    static final String FILE = """
            auth:
              username: admin
              password: %s
            providers:
              - name: main
                host: news.example.com
                tls: true
                username: reader
                password: %s
                connections: 12
            indexers:
              - name: hydra
                url: http://127.0.0.1:5076/
                apiKey: %s
            fallback:
              maxStandby: 4
            """.formatted(AUTH_PASSWORD, PROVIDER_PASSWORD, API_KEY);

    @TempDir
    Path dir;

    SettingsServer server;
    final List<SettingsChange> changes = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = SettingsServer.start(dir, FILE, Map.of(), PROVIDER_PASSWORD, AUTH_PASSWORD, API_KEY);
        server.service.addListener(changes::add);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void getShowsEverySettingButNoSecretOnlyWhetherItIsSet() throws Exception {
        JsonNode s = server.getSettings();
        assertEquals("127.0.0.1", s.at("/server/bind").asText());
        assertEquals(8080, s.at("/server/port").asInt());
        assertEquals("admin", s.at("/auth/username").asText());
        assertTrue(s.at("/auth/passwordSet").asBoolean());
        assertFalse(s.get("auth").has("password"));
        JsonNode p = s.at("/providers/0");
        assertEquals("news.example.com", p.get("host").asText());
        assertEquals(563, p.get("port").asInt(), "the TLS default port");
        assertTrue(p.get("tls").asBoolean());
        assertEquals("reader", p.get("username").asText());
        assertTrue(p.get("passwordSet").asBoolean());
        assertFalse(p.has("password"));
        assertEquals(0, p.get("index").asInt());
        assertTrue(s.at("/indexers/0/apiKeySet").asBoolean());
        assertFalse(s.at("/indexers/0").has("apiKey"));
        assertEquals(4, s.at("/fallback/maxStandby").asInt());
        assertEquals(0, s.get("restartRequired").size());
        assertFalse(s.has("reader"), "the reader section is the file's only");
    }

    @Test
    void theRefusalOfABodyTooLargeStillArrivingReachesTheClientAndNothingIsStored() throws Exception {
        byte[] piece = "x".repeat(SettingsHandler.MAX_BODY_BYTES * 3 / 4).getBytes(UTF_8);
        try (RawHttp http = new RawHttp(server.port())) {
            http.send("PUT", "/api/settings", "Content-Type: application/json", "Transfer-Encoding: chunked");
            http.chunk(piece).chunk(piece);
            // The server has more than its limit by now; the rest comes after it could have answered.
            Thread.sleep(300);
            http.chunk(piece).chunk(new byte[0]);
            RawHttp.Head head = http.readHead();
            String body = new String(http.readBody(head.contentLength()), UTF_8);
            assertEquals(413, head.status(), body);
        }
        assertEquals(0, changes.size(), "nothing was saved");
        assertEquals(4, server.getSettings().at("/fallback/maxStandby").asInt());
    }

    @Test
    void savedFallbackSettingsComeBackAndAreMarkedForTheNextStart() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ObjectNode fallback = (ObjectNode) s.get("fallback");
        fallback.put("enabled", false).put("maxStandby", 2).put("submitDelaySeconds", 45);
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(200, r.statusCode(), r.body());
        JsonNode saved = SettingsServer.JSON.readTree(r.body());
        assertEquals(2, saved.at("/fallback/maxStandby").asInt());
        assertEquals(
                "[\"fallback\"]",
                saved.get("restartRequired").toString(),
                "the running pools keep their settings until a restart");

        JsonNode again = server.getSettings();
        assertFalse(again.at("/fallback/enabled").asBoolean());
        assertEquals(2, again.at("/fallback/maxStandby").asInt());
        assertEquals(45, again.at("/fallback/submitDelaySeconds").asInt());
        assertEquals(1, changes.size(), "listeners are told once");
        assertTrue(changes.get(0).fallbackChanged());
        assertFalse(changes.get(0).indexersChanged());
        assertEquals(2, changes.get(0).after().fallback().maxStandby());
        assertEquals(4, changes.get(0).before().fallback().maxStandby());
    }

    @Test
    void invalidFieldsAreReportedByKeyAndNothingIsStored() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        // Another port needs the password typed again (SavedSecretDestinationTest); here it is.
        ((ObjectNode) s.at("/providers/0")).put("port", 70000).put("password", "typed-again");
        ((ObjectNode) s.get("fallback")).put("maxStandby", 6);
        ((ObjectNode) s.get("server")).put("prot", 1);
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(400, r.statusCode(), r.body());
        JsonNode answer = SettingsServer.JSON.readTree(r.body());
        JsonNode fields = answer.get("fields");
        assertEquals(
                "must be between 1 and 65535, got 70000",
                fields.get("providers[0].port").asText());
        assertTrue(fields.get("fallback.maxStandby").asText().startsWith("at most 5, got 6"), fields.toString());
        assertEquals(
                "unknown key (did you mean port?)", fields.get("server.prot").asText());
        assertEquals(
                "3 settings are not valid; each message is next to its setting",
                answer.get("error").asText());

        assertEquals(Optional.empty(), server.db.transaction(c -> SettingsTable.get(c, SettingsService.OVERLAY_KEY)));
        assertEquals(4, server.getSettings().at("/fallback/maxStandby").asInt());
        assertEquals(563, server.service.current().providers().get(0).port());
        assertTrue(changes.isEmpty());
    }

    @Test
    void maskedOrMissingSecretsKeepTheSavedOnesAndANewOneReplacesThem() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ((ObjectNode) s.at("/providers/0")).put("password", "****").put("connections", 20);
        ((ObjectNode) s.get("auth")).put("password", "");
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(
                Optional.of(new Credentials("reader", PROVIDER_PASSWORD)),
                server.service.current().providers().get(0).credentials());
        assertEquals(20, server.service.current().providers().get(0).connections());
        assertEquals(
                Optional.of(new Credentials("admin", AUTH_PASSWORD)),
                server.service.current().auth());
        assertEquals(API_KEY, server.service.current().indexers().get(0).apiKey());
        String stored = server.db
                .transaction(c -> SettingsTable.get(c, SettingsService.OVERLAY_KEY))
                .orElseThrow();
        assertTrue(stored.contains(PROVIDER_PASSWORD), "the overlay keeps the real secret, not the mask");
        assertFalse(stored.contains("****"));

        ObjectNode changed = (ObjectNode) server.getSettings();
        ((ObjectNode) changed.at("/providers/0")).put("password", "a-new-password");
        assertEquals(
                200, server.send("PUT", "/api/settings", changed.toString()).statusCode());
        assertEquals(
                "a-new-password",
                server.service
                        .current()
                        .providers()
                        .get(0)
                        .credentials()
                        .orElseThrow()
                        .password());
    }

    @Test
    void clearingTheUsernameRemovesTheLoginInsteadOfKeepingAPasswordAlone() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ((ObjectNode) s.at("/providers/0")).put("username", "");
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(
                Optional.empty(), server.service.current().providers().get(0).credentials());
        assertFalse(server.getSettings().at("/providers/0/passwordSet").asBoolean());
    }

    @Test
    void aNewEntryMustBringItsOwnSecretsEvenWhenMasked() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ObjectNode copy = ((ObjectNode) s.at("/providers/0")).deepCopy();
        copy.remove("index");
        copy.put("name", "second").put("password", "****");
        ((ArrayNode) s.get("providers")).add(copy);
        ObjectNode indexer = ((ArrayNode) s.get("indexers")).addObject();
        indexer.put("name", "other").put("url", "https://indexer.example/");
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(400, r.statusCode(), r.body());
        JsonNode fields = SettingsServer.JSON.readTree(r.body()).get("fields");
        assertEquals(
                "username and password go together; password is missing",
                fields.get("providers[1]").asText());
        assertEquals("required", fields.get("indexers[1].apiKey").asText());
    }

    @Test
    void anIndexNamingNoSavedEntryIsRefused() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ((ObjectNode) s.at("/providers/0")).put("index", 3);
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(400, r.statusCode());
        assertTrue(SettingsServer.JSON.readTree(r.body()).get("fields").has("providers[0].index"), r.body());
    }

    @Test
    void providerServerAndLoginChangesAreSavedAndReportedAsNeedingARestart() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ((ObjectNode) s.at("/providers/0")).put("host", "eu.news.example.com").put("password", "eu-password");
        ((ObjectNode) s.get("server")).put("port", 9090);
        ((ObjectNode) s.get("auth")).put("username", "someone");
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(
                "[\"server.port\",\"auth\",\"providers\"]",
                SettingsServer.JSON.readTree(r.body()).get("restartRequired").toString());
        assertEquals(
                "eu.news.example.com",
                server.getSettings().at("/providers/0/host").asText());
        assertEquals(3, server.getSettings().get("restartRequired").size(), "still pending on a later GET");
        assertTrue(changes.isEmpty(), "nothing that applies live changed");
        assertEquals("someone", server.service.current().auth().orElseThrow().username());
        assertEquals(
                AUTH_PASSWORD, server.service.current().auth().orElseThrow().password());
    }

    @Test
    void indexerChangesAreMarkedForTheNextStartAndListenersAreTold() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ((ObjectNode) s.at("/indexers/0"))
                .put("url", "http://127.0.0.1:9696/1/")
                .put("apiKey", API_KEY);
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(
                "[\"indexers\"]",
                SettingsServer.JSON.readTree(r.body()).get("restartRequired").toString());
        assertEquals(1, changes.size());
        assertTrue(changes.get(0).indexersChanged());
        assertEquals(API_KEY, changes.get(0).after().indexers().get(0).apiKey(), "listeners get the real key");
    }

    @Test
    void listeningBeyondLoopbackWithoutALoginIsRefusedBeforeItCanLockTheNextStartOut() throws Exception {
        ObjectNode s = (ObjectNode) server.getSettings();
        ((ObjectNode) s.get("server")).put("bind", "0.0.0.0");
        s.putNull("auth");
        HttpResponse<String> r = server.send("PUT", "/api/settings", s.toString());
        assertEquals(400, r.statusCode(), r.body());
        assertTrue(SettingsServer.JSON
                .readTree(r.body())
                .at("/fields")
                .get("server.bind")
                .asText()
                .contains("login"));
        ((ObjectNode) s.get("server")).put("bind", "127.0.0.1");
        assertEquals(
                200, server.send("PUT", "/api/settings", s.toString()).statusCode(), "without a login on loopback");
        assertEquals(Optional.empty(), server.service.current().auth());
    }

    @Test
    void whatOnlyTheFileSetsIsRefusedByName() throws Exception {
        HttpResponse<String> r = server.send(
                "PUT",
                "/api/settings",
                "{\"server\": {\"dataDir\": \"/tmp/elsewhere\"}, \"reader\": {\"readAheadArticles\": 4}}");
        assertEquals(400, r.statusCode(), r.body());
        JsonNode fields = SettingsServer.JSON.readTree(r.body()).get("fields");
        assertTrue(fields.has("server.dataDir"), r.body());
        assertTrue(fields.has("reader"), r.body());
    }

    @Test
    void sectionsThePageDoesNotShowAreRefusedByNameAndNothingIsSaved() throws Exception {
        var before = server.service.current();
        HttpResponse<String> r = server.send(
                "PUT",
                "/api/settings",
                "{\"fallback\": {\"maxStandby\": 1}, \"downloads\": {\"completeDir\": \"/tmp/elsewhere\"},"
                        + " \"surprise\": {\"x\": 1}}");
        assertEquals(400, r.statusCode(), r.body());
        JsonNode fields = SettingsServer.JSON.readTree(r.body()).get("fields");
        assertTrue(fields.has("downloads") && fields.has("surprise"), r.body());
        assertTrue(fields.get("surprise").asText().contains("server, auth, providers, indexers, fallback"), r.body());
        assertEquals(before, server.service.current(), "a refused save changed the settings");
    }

    @Test
    void sectionsLeftOutKeepTheirValues() throws Exception {
        assertEquals(
                200,
                server.send("PUT", "/api/settings", "{\"fallback\": {\"maxStandby\": 1}}")
                        .statusCode());
        JsonNode s = server.getSettings();
        assertEquals(1, s.at("/fallback/maxStandby").asInt());
        assertEquals("news.example.com", s.at("/providers/0/host").asText());
        assertEquals(
                PROVIDER_PASSWORD,
                server.service
                        .current()
                        .providers()
                        .get(0)
                        .credentials()
                        .orElseThrow()
                        .password());
    }

    @Test
    void brokenRequestsAreClearFourHundreds() throws Exception {
        HttpResponse<String> notJson =
                server.send("PUT", "/api/settings", "{\"auth\": {\"password\": \"" + AUTH_PASSWORD);
        assertEquals(400, notJson.statusCode());
        assertTrue(notJson.body().contains("not valid JSON"), notJson.body());
        HttpResponse<String> array = server.send("PUT", "/api/settings", "[1]");
        assertEquals(400, array.statusCode());
        assertEquals(
                "the body must be a JSON object of settings",
                SettingsServer.JSON.readTree(array.body()).get("error").asText());
        HttpResponse<String> post = server.send("POST", "/api/settings", "{}");
        assertEquals(405, post.statusCode());
        assertEquals("GET, PUT", post.headers().firstValue("Allow").orElse(""));
        assertEquals(
                405, server.send("GET", "/api/settings/providers/test", null).statusCode());
        assertEquals(404, server.send("GET", "/api/settings/other", null).statusCode(), "not ours: Jetty's 404");
    }

    @Test
    void numbersSentAsTextAreReadLikeTheFileAndWordsAreNot() throws Exception {
        HttpResponse<String> r = server.send(
                "PUT", "/api/settings", "{\"fallback\": {\"maxStandby\": \"3\", \"submitDelaySeconds\": \"ten\"}}");
        assertEquals(400, r.statusCode(), r.body());
        JsonNode fields = SettingsServer.JSON.readTree(r.body()).get("fields");
        assertEquals(
                "must be a whole number, got 'ten'",
                fields.get("fallback.submitDelaySeconds").asText());
        assertFalse(fields.has("fallback.maxStandby"), r.body());
        assertEquals(
                200,
                server.send("PUT", "/api/settings", "{\"fallback\": {\"maxStandby\": \"3\"}}")
                        .statusCode());
        assertEquals(3, server.service.current().fallback().maxStandby());
    }
}
