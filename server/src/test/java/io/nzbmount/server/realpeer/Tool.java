package io.nzbmount.server.realpeer;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * One run of an external program the realpeer tests use as a client (curl, rclone, cadaver,
 * ffmpeg, ffprobe). Standard output and error go to files, never to pipes, so a chatty program
 * cannot block on a full pipe; standard input is the given bytes or nothing. A run that outlives
 * its timeout is killed and fails the test: a client that hangs is a finding, not a wait.
 *
 * <p>Not thread-safe: build and run on one thread.
 */
public final class Tool {
    private static final Path SCRATCH = Path.of("target", "realpeer", "tmp").toAbsolutePath();

    private final List<String> command;
    private final Map<String, String> env = new HashMap<>();
    private byte[] stdin;
    private Path stdoutFile;
    private Duration timeout = Duration.ofSeconds(60);

    private Tool(List<String> command) {
        this.command = List.copyOf(command);
    }

    /** A command line: the program (found on PATH) and its arguments. */
    public static Tool command(String... commandLine) {
        return new Tool(List.of(commandLine));
    }

    /** A command line: the program (found on PATH) and its arguments. */
    public static Tool command(List<String> commandLine) {
        return new Tool(commandLine);
    }

    /**
     * Skips the calling test when a program is not on the PATH (a developer machine without the
     * CI tools); fails it instead when the environment variable {@code CI} is set, like
     * {@link RealPeer#requireOrSkip()}.
     */
    public static void requireOrSkip(String... programs) {
        List<String> missing = new ArrayList<>();
        for (String program : programs) {
            if (!onPath(program)) missing.add(program);
        }
        if (missing.isEmpty()) return;
        String message = "not on the PATH: " + String.join(", ", missing) + " (run .ci/install-deps.sh)";
        if (RealPeer.onCi()) {
            Assertions.fail(message + "; CI is set, so this is a failure, not a skip");
        }
        Assumptions.abort(message);
    }

    /** Adds an environment variable to the ones the test JVM has. */
    public Tool env(String name, String value) {
        env.put(name, value);
        return this;
    }

    /** Adds environment variables to the ones the test JVM has. */
    public Tool env(Map<String, String> variables) {
        env.putAll(variables);
        return this;
    }

    /** Feeds this text (UTF-8) on standard input, then closes it. */
    public Tool stdin(String text) {
        this.stdin = text.getBytes(StandardCharsets.UTF_8);
        return this;
    }

    /** Writes standard output to this file instead of keeping it in memory. */
    public Tool stdoutTo(Path file) {
        this.stdoutFile = file;
        return this;
    }

    public Tool timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
    }

    /** Runs the program to its end; fails the test when it does not end within the timeout. */
    public Result run() throws IOException, InterruptedException {
        Files.createDirectories(SCRATCH);
        Path out = stdoutFile != null ? stdoutFile : Files.createTempFile(SCRATCH, "stdout-", ".txt");
        Path err = Files.createTempFile(SCRATCH, "stderr-", ".txt");
        try {
            ProcessBuilder builder =
                    new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(env);
            if (stdin == null) builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            Process process = builder.start();
            if (stdin != null) {
                try (OutputStream in = process.getOutputStream()) {
                    in.write(stdin);
                }
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                Assertions.fail(String.join(" ", command) + " did not finish in " + timeout + "; stderr: "
                        + Files.readString(err, StandardCharsets.UTF_8).strip());
            }
            byte[] stdout = stdoutFile != null ? new byte[0] : Files.readAllBytes(out);
            return new Result(
                    String.join(" ", command),
                    process.exitValue(),
                    stdout,
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            if (stdoutFile == null) Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) return true;
        }
        return false;
    }

    /**
     * How a run ended.
     *
     * @param commandLine the command, for messages
     * @param exit        the exit status
     * @param stdout      standard output, empty when it went to a file; owned by the caller
     * @param stderr      standard error as text
     */
    public record Result(String commandLine, int exit, byte[] stdout, String stderr) {
        /** Standard output as UTF-8 text. */
        public String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        /** Fails the test unless the program exited with 0; returns this result. */
        public Result assertSuccess() {
            Assertions.assertEquals(
                    0, exit, () -> commandLine + " exited with " + exit + "; stderr: " + stderr.strip());
            return this;
        }
    }
}
