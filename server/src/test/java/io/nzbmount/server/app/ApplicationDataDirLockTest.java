package io.nzbmount.server.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.server.store.StoreException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two servers on one data directory: the second is refused at start, the first keeps serving. */
class ApplicationDataDirLockTest {
    @TempDir
    Path dataDir;

    @Test
    void secondServerOnTheSameDataDirIsRefusedAndTheFirstKeepsServing() throws Exception {
        Settings settings = ConfigLoader.fromText("""
                server:
                  port: 0
                  dataDir: %s
                """.formatted(dataDir), "test", Map.of());
        try (HttpClient http = HttpClient.newHttpClient()) {
            try (Application first = Application.start(settings)) {
                StoreException refused = assertThrows(StoreException.class, () -> Application.start(settings));
                assertTrue(
                        refused.getMessage()
                                .startsWith(
                                        "data directory " + dataDir.toRealPath() + " is in use by another NZBMount"),
                        refused.getMessage());

                HttpResponse<String> items = http.send(
                        HttpRequest.newBuilder(first.uri().resolve("/api/items"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, items.statusCode(), items.body());
            }
            try (Application next = Application.start(settings)) {
                HttpResponse<String> items = http.send(
                        HttpRequest.newBuilder(next.uri().resolve("/api/items")).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertEquals(200, items.statusCode(), "a stopped server frees its data directory: " + items.body());
            }
        }
    }
}
