package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SettingsTable;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a setting comes from across restarts: the file, then what was saved from the web UI,
 * then the environment, which wins over both.
 */
class SavedSettingsOrderTest {

    static final String FILE = """
            providers:
              - host: news.example.com
                username: reader
                password: file-password
            fallback:
              maxStandby: 5
              submitDelaySeconds: 120
            """;

    @TempDir
    Path dir;

    @Test
    void savedSettingsWinOverTheFileOnTheNextStart() throws Exception {
        try (SettingsServer first = SettingsServer.start(dir, FILE, Map.of(), "file-password")) {
            assertEquals(200, first.send("PUT", "/api/settings", """
                    {"fallback": {"enabled": true, "maxStandby": 2, "submitDelaySeconds": 30},
                     "providers": [{"index": 0, "host": "eu.example.com", "username": "reader", "password": "file-password",
                      "connections": 4}]}
                    """).statusCode());
        }
        try (SettingsServer second = SettingsServer.start(dir, FILE, Map.of(), "file-password")) {
            Settings s = second.service.current();
            assertEquals(2, s.fallback().maxStandby());
            assertEquals(30, s.fallback().submitDelaySeconds());
            assertEquals("eu.example.com", s.providers().get(0).host());
            assertEquals(
                    "file-password",
                    s.providers().get(0).credentials().orElseThrow().password());
            assertEquals(List.of(), second.service.restartRequired(), "started with them: nothing pending");
            assertEquals(List.of(), second.service.ignoredSaved());
        }
    }

    @Test
    void savedSettingsKeepTheFilesDownloadClientSection() throws Exception {
        String file = FILE + "downloads: {completeDir: /srv/complete, layout: symlink, mountPath: /mnt/nzb,"
                + " categories: [tv, anime]}\n";
        try (SettingsServer first = SettingsServer.start(dir, file, Map.of(), "file-password")) {
            assertEquals(
                    200,
                    first.send(
                                    "PUT",
                                    "/api/settings",
                                    "{\"fallback\": {\"maxStandby\": 2, \"submitDelaySeconds\": 30}}")
                            .statusCode());
        }
        try (SettingsServer second = SettingsServer.start(dir, file, Map.of(), "file-password")) {
            Settings s = second.service.current();
            assertEquals(2, s.fallback().maxStandby());
            assertEquals(ConfigLoader.fromText(file, "f", Map.of()).downloads(), s.downloads());
        }
    }

    @Test
    void theEnvironmentWinsOverSavedSettingsAndTheAnswerSaysWhichItSets() throws Exception {
        try (SettingsServer first = SettingsServer.start(dir, FILE, Map.of(), "file-password")) {
            assertEquals(
                    200,
                    first.send(
                                    "PUT",
                                    "/api/settings",
                                    "{\"fallback\": {\"maxStandby\": 2, \"submitDelaySeconds\": 30}}")
                            .statusCode());
        }
        Map<String, String> env =
                Map.of("NZBMOUNT_FALLBACK_MAXSTANDBY", "3", "NZBMOUNT_PROVIDERS_0_PASSWORD", "env-password");
        try (SettingsServer second = SettingsServer.start(dir, FILE, env, "file-password", "env-password")) {
            Settings s = second.service.current();
            assertEquals(3, s.fallback().maxStandby(), "the environment wins");
            assertEquals(30, s.fallback().submitDelaySeconds(), "the saved value where no variable is set");
            assertEquals(
                    "env-password",
                    s.providers().get(0).credentials().orElseThrow().password());
            JsonNode answer = second.getSettings();
            assertEquals(
                    "NZBMOUNT_FALLBACK_MAXSTANDBY",
                    answer.at("/environment/fallback.maxStandby").asText());
            assertEquals(
                    "NZBMOUNT_PROVIDERS_0_PASSWORD",
                    answer.get("environment").get("providers[0].password").asText());
            assertEquals(2, answer.get("environment").size(), answer.toString());

            // Saving again with the masked password does not copy the environment's secret into the database.
            assertEquals(
                    200, second.send("PUT", "/api/settings", answer.toString()).statusCode());
            String stored = second.db
                    .transaction(c -> SettingsTable.get(c, SettingsService.OVERLAY_KEY))
                    .orElseThrow();
            assertFalse(stored.contains("env-password"), stored);
            assertEquals(
                    "env-password",
                    second.service
                            .current()
                            .providers()
                            .get(0)
                            .credentials()
                            .orElseThrow()
                            .password());
        }
    }

    @Test
    void savedSettingsThatNoLongerFitAreSetAsideWithTheReason() throws Exception {
        try (Database db = Database.open(dir)) {
            db.transaction(c -> {
                SettingsTable.put(c, SettingsService.OVERLAY_KEY, "{\"fallback\": {\"maxStandby\": 9}}");
                return null;
            });
            Settings file = ConfigLoader.fromText(FILE, "test.yaml", Map.of());
            SettingsService service = SettingsService.open(db, file, Map.of());
            assertEquals(file, service.current(), "the file's settings apply");
            assertEquals(1, service.ignoredSaved().size());
            assertTrue(
                    service.ignoredSaved().get(0).startsWith("fallback.maxStandby: at most 5, got 9"),
                    service.ignoredSaved().toString());
        }
    }

    @Test
    void unreadableSavedSettingsAreSetAsideToo() throws Exception {
        try (Database db = Database.open(dir)) {
            db.transaction(c -> {
                SettingsTable.put(c, SettingsService.OVERLAY_KEY, "[not json");
                return null;
            });
            Settings file = ConfigLoader.fromText(FILE, "test.yaml", Map.of());
            SettingsService service = SettingsService.open(db, file, Map.of());
            assertEquals(file, service.current());
            assertEquals(
                    1, service.ignoredSaved().size(), service.ignoredSaved().toString());
        }
    }
}
