package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ArgumentsTest {

    @Test
    void noArgumentsServes() throws UsageException {
        Arguments a = Arguments.parse();
        assertEquals(Arguments.Command.SERVE, a.command());
        assertTrue(a.config().isEmpty());
    }

    @Test
    void fetchTakesNzbOutputAndConfig() throws UsageException {
        Arguments a = Arguments.parse("fetch", "film.nzb", "-o", "out", "--config", "c.yaml");
        assertEquals(Arguments.Command.FETCH, a.command());
        assertEquals(Path.of("film.nzb"), a.inputs().get(0));
        assertEquals(Path.of("out"), a.outputDir().orElseThrow());
        assertEquals(Path.of("c.yaml"), a.config().orElseThrow());
    }

    @Test
    void fetchWithoutNzbSaysWhatIsMissing() {
        UsageException e = assertThrows(UsageException.class, () -> Arguments.parse("fetch"));
        assertEquals("fetch needs an NZB file", e.getMessage());
    }

    @Test
    void unknownOptionIsNamed() {
        UsageException e = assertThrows(UsageException.class, () -> Arguments.parse("--bogus"));
        assertEquals("unknown option '--bogus'", e.getMessage());
    }

    @Test
    void unknownCommandIsNamed() {
        UsageException e = assertThrows(UsageException.class, () -> Arguments.parse("download", "x.nzb"));
        assertTrue(e.getMessage().startsWith("unknown command 'download'"));
    }

    @Test
    void optionWithoutValueIsAnError() {
        UsageException e = assertThrows(UsageException.class, () -> Arguments.parse("check", "a.nzb", "--config"));
        assertEquals("--config needs a value", e.getMessage());
    }

    @Test
    void outputDirectoryOnlyForFetch() {
        assertThrows(UsageException.class, () -> Arguments.parse("check", "a.nzb", "-o", "x"));
    }

    @Test
    void demoIsAServeFlag() throws UsageException {
        assertTrue(Arguments.parse("--demo").demo());
        assertThrows(UsageException.class, () -> Arguments.parse("fetch", "a.nzb", "--demo"));
    }
}
