package io.nzbmount.server.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.config.Settings;
import io.nzbmount.server.http.WebServer;
import io.nzbmount.server.policy.FailureRules;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The HTTP idle timeout outlasts every wait for bytes the reader and the failure policy allow, so
 * a stall ends as a failover, a cutover or a clean short end with its cause, never as an idle
 * connection closed under a response that is still working.
 */
class HttpIdleTimeoutTest {
    @TempDir
    Path dataDir;

    private Application start(String reader) throws Exception {
        Settings settings = ConfigLoader.fromText("""
                server:
                  port: 0
                  dataDir: %s
                %s
                """.formatted(dataDir, reader), "test", Map.of());
        return Application.start(settings);
    }

    @Test
    void theDefaultsLeaveTheIdleTimeoutLongerThanTheLongestWaitForBytes() throws Exception {
        Duration longest = FailureRules.defaults().longestWaitForBytes(Duration.ofSeconds(5));
        assertTrue(longest.compareTo(WebServer.DEFAULT_IDLE_TIMEOUT) < 0, longest.toString());
        try (Application app = start("")) {
            assertEquals(WebServer.DEFAULT_IDLE_TIMEOUT, app.httpIdleTimeout());
        }
    }

    @Test
    void aLongerFetchBudgetMakesTheIdleTimeoutLonger() throws Exception {
        Duration budget = Duration.ofSeconds(30);
        Duration longest = FailureRules.defaults().longestWaitForBytes(budget);
        try (Application app = start("reader:\n  fetchBudgetMillis: 30000")) {
            assertTrue(
                    app.httpIdleTimeout().compareTo(longest) > 0,
                    "idle " + app.httpIdleTimeout() + " must outlast a wait of " + longest);
        }
    }
}
