package io.nzbmount.server.ui;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.http.ApiKeyHandler;
import io.nzbmount.server.library.TestNzbs;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The API key is the tools' credential, not the owner's: it imports, reads and acts on items, but
 * it neither reads nor changes the settings (the login, the bind address, providers, indexers) and
 * cannot replace itself, with a login configured or without one.
 */
class ApiKeyScopeTest {

    private static final byte[] NEW_LOGIN =
            "{\"auth\": {\"username\": \"intruder\", \"password\": \"taken-over-1\"}}".getBytes(UTF_8);

    @TempDir
    Path dir;

    UiServer server;
    final Http http = new Http();

    @AfterEach
    void stop() throws Exception {
        http.close();
        if (server != null) server.close();
    }

    @Test
    void withALoginTheKeyOpensNoSettingsPath() throws Exception {
        server = UiServer.startWithLogin(dir, ApiKeyAccessTest.LOGIN);
        String key = server.apiKey.current();
        for (List<String> call : List.of(
                List.of("PUT", "/api/settings"),
                List.of("GET", "/api/settings"),
                List.of("POST", "/api/settings/apikey"),
                List.of("GET", "/api/settings/apikey"),
                List.of("POST", "/api/settings/providers/test"))) {
            HttpResponse<String> r = http.send(
                    call.get(0),
                    server.resolve(call.get(1)),
                    call.get(0).equals("PUT") ? NEW_LOGIN : null,
                    ApiKeyHandler.HEADER,
                    key,
                    CsrfHandler.HEADER,
                    "1");
            assertEquals(401, r.statusCode(), call + ": " + r.body());
            assertTrue(r.body().contains("does not open"), call + ": " + r.body());
            assertFalse(r.body().contains(key), r.body());
        }
        assertEquals(key, server.apiKey.current(), "the key replaced itself");
        // The same calls with the login work, and the key goes on opening what is the tools'.
        assertEquals(
                200,
                http.send("GET", server.resolve("/api/settings"), null, "Authorization", ApiKeyAccessTest.BASIC)
                        .statusCode());
        assertEquals(
                201,
                http.send(
                                "POST",
                                server.resolve("/api/nzbs"),
                                TestNzbs.film("s1", "Scoped One"),
                                ApiKeyHandler.HEADER,
                                key)
                        .statusCode());
        assertEquals(
                200,
                http.send("GET", server.resolve("/api/items"), null, ApiKeyHandler.HEADER, key)
                        .statusCode());
    }

    @Test
    void withoutALoginSettingsNeedTheUisHeaderWhateverKeyComesWithThem() throws Exception {
        server = UiServer.start(dir);
        String key = server.apiKey.current();
        HttpResponse<String> put =
                http.send("PUT", server.resolve("/api/settings"), NEW_LOGIN, ApiKeyHandler.HEADER, key);
        assertEquals(403, put.statusCode(), put.body());
        assertTrue(put.body().contains(CsrfHandler.HEADER), put.body());
        HttpResponse<String> rotate =
                http.send("POST", server.resolve("/api/settings/apikey"), null, ApiKeyHandler.HEADER, key);
        assertEquals(403, rotate.statusCode(), rotate.body());
        HttpResponse<String> show =
                http.send("GET", server.resolve("/api/settings/apikey"), null, ApiKeyHandler.HEADER, key);
        assertEquals(403, show.statusCode(), show.body());
        assertEquals(key, server.apiKey.current(), "the key replaced itself");
        HttpResponse<String> fromUi =
                http.send("POST", server.resolve("/api/settings/apikey"), null, CsrfHandler.HEADER, "1");
        assertEquals(200, fromUi.statusCode(), "the UI replaces it: " + fromUi.body());
    }
}
