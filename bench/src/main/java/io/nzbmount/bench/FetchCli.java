package io.nzbmount.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code nzbmount fetch NZB -o DIR --config FILE} as a user runs it: a fresh JVM each time.
 * The rate is the one the command prints (its clock covers map and download, not JVM start);
 * the wall time of the whole process is kept too.
 */
final class FetchCli {
    private static final Pattern TOTAL = Pattern.compile("total: \\d+ files, (\\d+) bytes in ([0-9.]+) s, ([0-9.]+) MB/s");

    /** What one run printed: bytes, seconds and MB/s of the total line, and the process wall time. */
    record Result(long bytes, double seconds, double mbPerSecond, double wallSeconds) {}

    private final Path jar;
    private final List<String> jvmFlags;

    FetchCli(Path jar, List<String> jvmFlags) {
        this.jar = jar;
        this.jvmFlags = jvmFlags;
    }

    /**
     * Fetches into {@code outputDir}. With {@code discard} every file of the NZB is first made a
     * symbolic link to /dev/null there, so the command writes nowhere.
     */
    Result run(Path nzb, Path config, Path outputDir, boolean discard, List<String> fileNames) throws Exception {
        Files.createDirectories(outputDir);
        for (String name : fileNames) {
            Path target = outputDir.resolve(name);
            Files.deleteIfExists(target);
            if (discard) Files.createSymbolicLink(target, Path.of("/dev/null"));
        }
        Path log = outputDir.resolve("fetch.log");
        long start = System.nanoTime();
        Process p = new ProcessBuilder(Jar.command(jar, jvmFlags, "fetch", nzb.toString(), "-o", outputDir.toString(),
                "--config", config.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int exit = p.waitFor();
        double wall = (System.nanoTime() - start) / 1e9;
        String out = Files.readString(log, StandardCharsets.UTF_8);
        if (!discard) {
            for (String name : fileNames) Files.deleteIfExists(outputDir.resolve(name));
        }
        Matcher m = TOTAL.matcher(out);
        if (exit != 0 || !m.find()) throw new IOException("fetch failed (exit " + exit + "): " + out.strip());
        return new Result(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3)), wall);
    }
}
