package io.nzbmount.server.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nzbmount.config.ConfigException;
import io.nzbmount.config.ConfigLoader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Problems of the configuration loader sorted by the key they are about. */
class ProblemFieldsTest {

    @Test
    void everyLoaderProblemLandsOnItsKeyWithItsOwnMessage() {
        ConfigException e = assertThrows(
                ConfigException.class, () -> ConfigLoader.fromText("""
                {"providers": [{"host": "a.example"}, {"host": "b.example", "port": 0, "username": "u"}],
                 "fallback": {"maxStandby": 7}, "extra": 1}
                """, "t", Map.of("NZBMOUNT_SERVER_PORT", "x")));
        Map<String, String> fields = ProblemFields.of(e.problems());
        assertEquals("must be between 1 and 65535, got 0", fields.get("providers[1].port"));
        assertEquals("username and password go together; password is missing", fields.get("providers[1]"));
        assertEquals("must be a whole number, got 'x' (from NZBMOUNT_SERVER_PORT)", fields.get("server.port"));
        assertEquals("unknown key", fields.get("extra"));
        assertEquals(e.problems().size(), fields.size(), fields.toString());
    }

    @Test
    void problemsWithoutAKeyAreForTheWholeAndTwoOfOneKeyAreJoined() {
        Map<String, String> fields = ProblemFields.of(List.of(
                "settings saved from the web UI: YAML syntax error at line 1, column 2: not valid YAML",
                "(top level): must be a mapping of keys to values",
                "NZBMOUNT_SERVER_PROT: unknown setting (did you mean NZBMOUNT_SERVER_PORT?)",
                "a.b: first",
                "a.b: second"));
        assertEquals("first; second", fields.get("a.b"));
        assertEquals(
                "settings saved from the web UI: YAML syntax error at line 1, column 2: not valid YAML;"
                        + " (top level): must be a mapping of keys to"
                        + " values; NZBMOUNT_SERVER_PROT: unknown setting (did you mean NZBMOUNT_SERVER_PORT?)",
                fields.get(ProblemFields.GENERAL));
    }

    @Test
    void anEntryTestedAloneIsKeyedRelativeToTheEntry() {
        Map<String, String> fields = ProblemFields.ofEntry(
                List.of(
                        "providers[0].port: must be between 1 and 65535, got 70000",
                        "providers[0]: username and password go together; username is missing"),
                "providers");
        assertEquals(
                Map.of(
                        "port",
                        "must be between 1 and 65535, got 70000",
                        "",
                        "username and password go together; username is missing"),
                fields);
    }
}
