package io.nzbmount.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code health} section: its defaults, its bounds and its environment overrides. */
class HealthSettingsTest {

    @Test
    void anEmptyConfigurationChecksWithTheDefaults() throws ConfigException {
        assertEquals(
                HealthSettings.defaults(),
                ConfigLoader.fromText("", "empty", Map.of()).health());
    }

    @Test
    void everyKeyIsRead() throws ConfigException {
        Settings s = ConfigLoader.fromText("""
                health:
                  enabled: false
                  sampleEveryHours: 12
                  sampleArticles: 50
                  fullEveryHours: 72
                  recheckArticlesPerSecond: 20
                  connections: 2
                  pipelineDepth: 32
                """, "file", Map.of());
        assertEquals(new HealthSettings(false, 12, 50, 72, 20, 2, 32), s.health());
    }

    @Test
    void aValueOutOfBoundsIsRefusedNamingTheKey() {
        ConfigException e = assertThrows(
                ConfigException.class, () -> ConfigLoader.fromText("health:\n  pipelineDepth: 0\n", "file", Map.of()));
        assertTrue(e.getMessage().contains("health.pipelineDepth"), e.getMessage());
    }

    @Test
    void theEnvironmentOverridesTheFile() throws ConfigException {
        Settings s = ConfigLoader.fromText(
                "health:\n  fullEveryHours: 72\n", "file", Map.of("NZBMOUNT_HEALTH_FULLEVERYHOURS", "24"));
        assertEquals(24, s.health().fullEveryHours());
    }
}
