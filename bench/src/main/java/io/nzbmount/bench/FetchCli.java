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
    private static final Pattern TOTAL =
            Pattern.compile("total: \\d+ files, (\\d+) bytes in ([0-9.]+) s, ([0-9.]+) MB/s");

    private static final Pattern FILE = Pattern.compile("(?m)^(.+): \\d+ bytes in [0-9.]+ s, ([0-9.]+) MB/s$");

    /**
     * What one run printed: bytes, seconds and MB/s of the total line, the MB/s of each file in
     * order, and the process wall time.
     */
    record Result(long bytes, double seconds, double mbPerSecond, List<Double> fileRates, double wallSeconds) {}

    /**
     * The JVM flags the {@code ./nzbmount} launcher adds for {@code fetch} and {@code check} on the
     * JDK 22 or newer that runs the benchmarks.
     */
    static final List<String> LAUNCHER_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:UserThreadWaitAttemptsAtExit=0");

    private final Path jar;
    private final List<String> jvmFlags;

    FetchCli(Path jar, List<String> jvmFlags) {
        this.jar = jar;
        this.jvmFlags = jvmFlags;
    }

    /**
     * Writes an NZB listing the first file of {@code nzb} twice, the copy named
     * {@code NAME-again} (its subject changed, its articles the same), so one {@code fetch} reads
     * the same bytes first in a cold JVM and then in a warm one.
     *
     * @return the new NZB and the two file names
     */
    static Path twice(Path nzb, String name, Path dir) throws IOException {
        String text = Files.readString(nzb, StandardCharsets.UTF_8);
        int from = text.indexOf("<file ");
        int to = text.indexOf("</file>", from) + "</file>".length();
        if (from < 0 || to < from) throw new IOException("no <file> element in " + nzb);
        String quoted = "&quot;" + name + "&quot;";
        String copy = text.substring(from, to);
        if (!copy.contains(quoted)) throw new IOException("the subject does not quote the name " + name);
        copy = copy.replace(quoted, "&quot;" + againName(name) + "&quot;");
        Files.createDirectories(dir);
        Path out = dir.resolve("twice-" + nzb.getFileName());
        Files.writeString(out, text.substring(0, to) + "\n" + copy + text.substring(to), StandardCharsets.UTF_8);
        return out;
    }

    static String againName(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) + "-again" + name.substring(dot) : name + "-again";
    }

    /**
     * Fetches into {@code outputDir}. With {@code discard} every file of the NZB (and its
     * {@code .part}) is first made a symbolic link to /dev/null there, so the command writes
     * nowhere.
     */
    Result run(Path nzb, Path config, Path outputDir, boolean discard, List<String> fileNames) throws Exception {
        return run(nzb, config, outputDir, discard, fileNames, null);
    }

    /**
     * As {@link #run(Path, Path, Path, boolean, List)}, and when {@code expectedSha256} is given,
     * the first file written must have that SHA-256 (checked before the output is deleted).
     */
    Result run(Path nzb, Path config, Path outputDir, boolean discard, List<String> fileNames, String expectedSha256)
            throws Exception {
        Files.createDirectories(outputDir);
        for (String name : fileNames) {
            // fetch writes NAME.part and renames it to NAME when complete; with both links the
            // bytes go to /dev/null and the rename moves only the link.
            for (Path p : List.of(outputDir.resolve(name), outputDir.resolve(name + ".part"))) {
                Files.deleteIfExists(p);
                if (discard) Files.createSymbolicLink(p, Path.of("/dev/null"));
            }
        }
        Path log = outputDir.resolve("fetch.log");
        long start = System.nanoTime();
        Process p = Jar.process(
                        jar,
                        jvmFlags,
                        "fetch",
                        nzb.toString(),
                        "-o",
                        outputDir.toString(),
                        "--config",
                        config.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        int exit = p.waitFor();
        double wall = (System.nanoTime() - start) / 1e9;
        String out = Files.readString(log, StandardCharsets.UTF_8);
        if (expectedSha256 != null && exit == 0) {
            String got = Sha256.of(outputDir.resolve(fileNames.get(0)));
            if (!got.equals(expectedSha256)) {
                throw new IOException("fetched " + fileNames.get(0) + " differs from the original: SHA-256 " + got);
            }
        }
        if (!discard) {
            for (String name : fileNames) {
                Files.deleteIfExists(outputDir.resolve(name));
                Files.deleteIfExists(outputDir.resolve(name + ".part"));
            }
        }
        Matcher m = TOTAL.matcher(out);
        if (exit != 0 || !m.find()) throw new IOException("fetch failed (exit " + exit + "): " + out.strip());
        List<Double> rates = new java.util.ArrayList<>();
        for (Matcher f = FILE.matcher(out); f.find(); ) rates.add(Double.parseDouble(f.group(2)));
        return new Result(
                Long.parseLong(m.group(1)),
                Double.parseDouble(m.group(2)),
                Double.parseDouble(m.group(3)),
                rates,
                wall);
    }
}
