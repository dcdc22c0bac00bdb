package io.nzbmount.server.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellCommandsTest {

    private static List<List<String>> words(String text) {
        return ShellCommands.of(text).stream().map(ShellCommands.Command::words).toList();
    }

    @Test
    void quotesAreRemovedAndCommentsDropped() {
        assertEquals(
                List.of(List.of("./nzbmount", "parse", "Show Name.S01", "a\"b")),
                words("./nzbmount parse 'Show Name.S01' \"a\\\"b\"   # how a name reads\n"));
    }

    @Test
    void aBackslashAtTheLineEndJoinsTheNextLine() {
        List<ShellCommands.Command> commands =
                ShellCommands.of("\njava -cp x \\\n  io.nzbmount.bench.Soak --minutes 2\n");
        assertEquals(1, commands.size());
        assertEquals(1, commands.get(0).line());
        assertEquals(
                List.of("java", "-cp", "x", "io.nzbmount.bench.Soak", "--minutes", "2"),
                commands.get(0).words());
    }

    @Test
    void operatorsSeparateCommandsAndRedirectionsAreNoWords() {
        assertEquals(
                List.of(
                        List.of("printf", "%s\\n", "a"),
                        List.of("nzbmount", "parse"),
                        List.of("cd", "/tmp"),
                        List.of("mvn", "-q", "package"),
                        List.of("./nzbmount", "--help")),
                words(
                        "printf '%s\\n' a | nzbmount parse\n(cd /tmp && mvn -q package 2>&1)\n./nzbmount --help >/dev/null\n"));
    }

    @Test
    void aCommandSubstitutionStaysInItsWord() {
        assertEquals(
                List.of(List.of("mvn", "-Dmatrix.seed=$(paste -sd, seeds.txt)", "test")),
                words("mvn -Dmatrix.seed=$(paste -sd, seeds.txt) test\n"));
    }

    @Test
    void leadingAssignmentsAreSetApartFromTheProgram() {
        ShellCommands.Command c =
                ShellCommands.of("E2E_DIR=/dev/shm/x RUNS=3 bench/e2e.sh get\n").get(0);
        assertEquals(List.of("bench/e2e.sh", "get"), c.afterAssignments());
    }
}
