package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs a command-line tool that makes fixtures (7zz, par2). Absent tool: the test is skipped on a
 * developer machine and fails on CI (env CI set), where the tools are installed.
 */
final class ExternalTool {
    private ExternalTool() {}

    static Path require(String path) {
        Path tool = Path.of(path);
        if (!Files.isExecutable(tool)) {
            String ci = System.getenv("CI");
            boolean onCi = ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false") && !ci.equals("0");
            if (onCi) fail(path + " is missing on CI");
            Assumptions.abort(path + " is not installed");
        }
        return tool;
    }

    /** Runs {@code tool args...} in {@code dir}; it must exit 0 within 60 s. */
    static void run(Path dir, String tool, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(require(tool).toString());
        command.addAll(List.of(args));
        Path log = Files.createTempFile(dir, "tool", ".log");
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(tool + " did not finish in 60 s");
        }
        assertEquals(0, p.exitValue(), () -> command + " failed: " + readQuietly(log));
        Files.delete(log);
    }

    private static String readQuietly(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
