package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.indexer.TestNewznabServer;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** POST /api/settings/indexers/test against the test Newznab server. */
class IndexerTestEndpointTest {

    static final String KEY = "newznab-key-8Hw3";

    @TempDir
    Path dir;

    TestNewznabServer newznab;
    SettingsServer server;

    @BeforeEach
    void start() throws Exception {
        newznab = TestNewznabServer.start(KEY);
        String file = """
                indexers:
                  - name: local
                    url: %s
                    apiKey: %s
                """.formatted(newznab.url(), KEY);
        server = SettingsServer.start(dir, file, Map.of(), KEY);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
        newznab.close();
    }

    JsonNode test(String body) throws Exception {
        HttpResponse<String> r = server.send("POST", "/api/settings/indexers/test", body);
        assertEquals(200, r.statusCode(), r.body());
        return SettingsServer.JSON.readTree(r.body());
    }

    @Test
    void aWorkingIndexerReportsItsCategories() throws Exception {
        JsonNode r = test("{\"name\": \"new\", \"url\": \"%s\", \"apiKey\": \"%s\"}".formatted(newznab.url(), KEY));
        assertTrue(r.get("ok").asBoolean(), r.toString());
        assertEquals(2, r.get("categories").asInt(), "Movies and TV");
        assertEquals("test indexer", r.get("title").asText());
        assertEquals("caps", newznab.lastApiRequest().parameters().get("t"));
        assertEquals(KEY, newznab.lastApiRequest().parameters().get("apikey"));
    }

    @Test
    void aSavedIndexerIsTestedWithItsSavedKey() throws Exception {
        JsonNode r = test("{\"index\": 0, \"apiKey\": \"****\"}");
        assertTrue(r.get("ok").asBoolean(), r.toString());
        assertEquals("local", r.get("name").asText());
    }

    @Test
    void aWrongKeyIsReportedByKindWithoutTheKey() throws Exception {
        JsonNode r = test("{\"index\": 0, \"apiKey\": \"wrong-key-Yy12\"}");
        assertFalse(r.get("ok").asBoolean());
        assertEquals("credentials-rejected", r.get("failure").asText(), r.toString());
        assertFalse(r.toString().contains("wrong-key-Yy12"), r.toString());
        assertTrue(r.get("message").asText().contains("local"), r.toString());
    }

    @Test
    void anIndexerThatNeverAnswersIsATimeout() throws Exception {
        newznab.hang();
        JsonNode r = test("{\"index\": 0}");
        assertFalse(r.get("ok").asBoolean());
        assertEquals("unavailable", r.get("failure").asText(), r.toString());
    }

    @Test
    void aUrlThatCarriesTheKeyIsRefusedBeforeAnythingIsSent() throws Exception {
        int before = newznab.requests().size();
        HttpResponse<String> r = server.send(
                "POST",
                "/api/settings/indexers/test",
                "{\"url\": \"%s?apikey=%s\", \"apiKey\": \"%s\"}".formatted(newznab.url(), KEY, KEY));
        assertEquals(400, r.statusCode(), r.body());
        assertEquals(
                "must not carry the API key; put it in apiKey",
                SettingsServer.JSON.readTree(r.body()).get("fields").get("url").asText());
        assertEquals(before, newznab.requests().size());
    }
}
