package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.Credentials;
import io.nzbmount.server.http.ApiKeyHandler;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.settings.ApiKeyStore;
import io.nzbmount.server.store.Database;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API key for tools: it logs in instead of HTTP Basic, and as no browser adds it by itself a
 * request carrying it needs no cross-site header. Basic with the header keeps working as before;
 * the key is shown to a logged-in user and can be replaced.
 */
class ApiKeyAccessTest {

    static final Credentials LOGIN = new Credentials("admin", "login-pass-Z8q");
    static final String BASIC = "Basic " + Base64.getEncoder().encodeToString("admin:login-pass-Z8q".getBytes(UTF_8));

    @TempDir
    Path dir;

    UiServer server;
    final Http http = new Http();

    @BeforeEach
    void start() throws Exception {
        server = UiServer.startWithLogin(dir, LOGIN);
    }

    @AfterEach
    void stop() throws Exception {
        http.close();
        server.close();
    }

    @Test
    void aToolWithTheKeyNeedsNeitherBasicNorTheCrossSiteHeader() throws Exception {
        String key = server.apiKey.current();
        HttpResponse<String> header = http.send(
                "POST", server.resolve("/api/nzbs"), TestNzbs.film("k1", "Keyed One"), ApiKeyHandler.HEADER, key);
        assertEquals(201, header.statusCode(), header.body());
        HttpResponse<String> query =
                http.send("POST", server.resolve("/api/nzbs?apikey=" + key), TestNzbs.film("k2", "Keyed Two"));
        assertEquals(401, query.statusCode(), "the key in a URL counts on SABnzbd's path only: " + query.body());
        assertTrue(query.body().contains("X-Api-Key"), query.body());
        assertTrue(server.catalog.itemByName("Keyed Two").isEmpty());
        assertEquals(
                200,
                http.send("GET", server.resolve("/api/items"), null, ApiKeyHandler.HEADER, key)
                        .statusCode());
        assertEquals(
                207,
                http.send("PROPFIND", server.resolve("/dav/"), null, ApiKeyHandler.HEADER, key, "Depth", "0")
                        .statusCode());
    }

    @Test
    void aWrongKeyIs401AndGetsNoFurther() throws Exception {
        HttpResponse<String> r = http.send(
                "POST",
                server.resolve("/api/nzbs"),
                TestNzbs.film("w", "Wrong Key"),
                ApiKeyHandler.HEADER,
                "not-the-key",
                CsrfHandler.HEADER,
                "1",
                "Authorization",
                BASIC);
        assertEquals(401, r.statusCode(), r.body());
        assertEquals("{\"error\": \"the API key is not valid\"}\n", r.body());
        assertTrue(server.catalog.itemByName("Wrong Key").isEmpty());
    }

    @Test
    void basicLoginWorksAsDocumentedAndStillNeedsTheHeaderForChanges() throws Exception {
        assertEquals(
                201,
                http.send(
                                "POST",
                                server.resolve("/api/nzbs"),
                                TestNzbs.film("b", "Basic One"),
                                "Authorization",
                                BASIC,
                                CsrfHandler.HEADER,
                                "1")
                        .statusCode());
        HttpResponse<String> noHeader = http.send(
                "POST", server.resolve("/api/nzbs"), TestNzbs.film("b2", "Basic Two"), "Authorization", BASIC);
        assertEquals(403, noHeader.statusCode(), noHeader.body());
        assertEquals(401, http.send("GET", server.resolve("/api/items"), null).statusCode());
    }

    @Test
    void theKeyIsShownToALoggedInUserAndCanBeReplaced() throws Exception {
        String key = server.apiKey.current();
        assertEquals(32, key.length());
        HttpResponse<String> shown = http.send(
                "GET", server.resolve("/api/settings/apikey"), null, "Authorization", BASIC, CsrfHandler.HEADER, "1");
        assertEquals(200, shown.statusCode(), shown.body());
        assertEquals(
                key, new ObjectMapper().readTree(shown.body()).get("apiKey").asText());
        HttpResponse<String> bare =
                http.send("GET", server.resolve("/api/settings/apikey"), null, "Authorization", BASIC);
        assertEquals(403, bare.statusCode(), "not without the UI's header: " + bare.body());
        assertTrue(!bare.body().contains(key));
        HttpResponse<String> settings = http.send("GET", server.resolve("/api/settings"), null, "Authorization", BASIC);
        assertTrue(!settings.body().contains(key), "the settings answer never holds it: " + settings.body());

        HttpResponse<String> rotated = http.send(
                "POST", server.resolve("/api/settings/apikey"), null, "Authorization", BASIC, CsrfHandler.HEADER, "1");
        assertEquals(200, rotated.statusCode(), rotated.body());
        String fresh = new ObjectMapper().readTree(rotated.body()).get("apiKey").asText();
        assertNotEquals(key, fresh);
        assertEquals(
                401,
                http.send("GET", server.resolve("/api/items"), null, ApiKeyHandler.HEADER, key)
                        .statusCode());
        assertEquals(
                200,
                http.send("GET", server.resolve("/api/items"), null, ApiKeyHandler.HEADER, fresh)
                        .statusCode());
    }

    @Test
    void theKeyIsMadeOnceAndKeptWithTheData() throws Exception {
        server.close();
        try (Database db = Database.open(dir)) {
            ApiKeyStore first = ApiKeyStore.open(db, new SecureRandom());
            assertEquals(
                    first.current(), ApiKeyStore.open(db, new SecureRandom()).current());
            assertTrue(!first.toString().contains(first.current()));
        }
        server = UiServer.startWithLogin(dir, LOGIN);
    }
}
