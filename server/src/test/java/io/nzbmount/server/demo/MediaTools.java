package io.nzbmount.server.demo;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the media tools the demo is checked with (ffprobe, ffmpeg, curl). An absent tool skips the
 * test on a developer machine and fails it on CI (env CI set), where the tools are installed.
 */
public final class MediaTools {
    private MediaTools() {}

    /** The tool under /usr/bin, or the test stops here. */
    public static Path require(String name) {
        Path tool = Path.of("/usr/bin", name);
        if (!Files.isExecutable(tool)) {
            String ci = System.getenv("CI");
            boolean onCi = ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false") && !ci.equals("0");
            if (onCi) fail(tool + " is missing on CI");
            Assumptions.abort(tool + " is not installed");
        }
        return tool;
    }

    /** What a finished run printed (stdout and stderr together) and its exit status. */
    public record Run(int exit, String output) {}

    /** Runs {@code name args...}; fails the test if it takes longer than {@code seconds}. */
    public static Run run(int seconds, String name, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(require(name).toString());
        command.addAll(List.of(args));
        Path log = Files.createTempFile("nzbmount-tool", ".log");
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(command + " did not finish in " + seconds + " s");
            }
            return new Run(p.exitValue(), Files.readString(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
