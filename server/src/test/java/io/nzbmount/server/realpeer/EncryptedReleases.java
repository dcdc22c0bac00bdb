package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Encrypted releases as indexers carry them: a film packed by Debian's 7zz into 20 MiB volumes
 * with the password {@value #PASSWORD}, par2 files made for the volumes, then every file renamed
 * to 32 hex digits that say nothing. 7zz and par2 absent: skipped on a developer machine, a
 * failure on CI.
 */
public final class EncryptedReleases {
    public static final String PASSWORD = "Open Sesame";
    public static final int VOLUME = 20 << 20;
    private static final String SEVEN_ZIP = "/usr/bin/7zz";
    private static final String PAR2 = "/usr/bin/par2";

    private EncryptedReleases() {}

    /** Random bytes that start as a Matroska file, as a film does. */
    public static byte[] film(int size, long seed) throws IOException {
        byte[] film = Files.readAllBytes(RealPeer.randomFile(size, seed));
        System.arraycopy(new byte[] {0x1A, 0x45, (byte) 0xDF, (byte) 0xA3}, 0, film, 0, 4);
        return film;
    }

    /**
     * The folder to post: {@code name.7z.001...} of {@code name.mkv} ({@code 7zz a -t7z -mx0
     * -pPASSWORD -v20m} and {@code options}) with par2 files, all under hex names.
     */
    public static Path obfuscated7z(Path work, String name, byte[] film, long seed, String... options)
            throws Exception {
        Path made = Files.createDirectories(work.resolve(name));
        Path source = Files.createDirectories(work.resolve(name + "-film"));
        Files.write(source.resolve(name + ".mkv"), film);
        List<String> command = new ArrayList<>(
                List.of(SEVEN_ZIP, "a", "-bd", "-t7z", "-mx0", "-p" + PASSWORD, "-v" + (VOLUME >> 20) + "m"));
        command.addAll(List.of(options));
        command.addAll(List.of(
                made.resolve(name + ".7z").toString(),
                source.resolve(name + ".mkv").toString()));
        run(work, command.toArray(String[]::new));
        return obfuscated(work, name, made, seed);
    }

    /** The volumes with par2 files made for them, all under hex names: the folder to post. */
    public static Path obfuscatedVolumes(
            Path work, String name, List<io.nzbmount.server.archive.ArchiveVolume> volumes, long seed)
            throws Exception {
        Path made = Files.createDirectories(work.resolve(name));
        for (io.nzbmount.server.archive.ArchiveVolume v : volumes) Files.write(made.resolve(v.name()), v.bytes());
        return obfuscated(work, name, made, seed);
    }

    private static Path obfuscated(Path work, String name, Path made, long seed) throws Exception {
        List<String> par2 = new ArrayList<>(List.of(PAR2, "create", "-q", "-r1", "-n1", name + ".par2"));
        try (Stream<Path> parts = Files.list(made)) {
            parts.map(p -> p.getFileName().toString()).sorted().forEach(par2::add);
        }
        run(made, par2.toArray(String[]::new));
        Path posted = Files.createDirectories(work.resolve(name + "-posted"));
        Random random = new Random(seed);
        try (Stream<Path> all = Files.list(made)) {
            for (Path p : all.sorted().toList()) {
                byte[] hex = new byte[16];
                random.nextBytes(hex);
                Files.move(p, posted.resolve(HexFormat.of().formatHex(hex)));
            }
        }
        return posted;
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(command[0]))) {
            if (RealPeer.onCi()) throw new AssertionError(command[0] + " is missing on CI");
            org.junit.jupiter.api.Assumptions.abort(command[0] + " is not installed");
        }
        Path log = Files.createTempFile("tool", ".log");
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(command[0] + " did not finish in 120 s");
            }
            String output = Files.readString(log);
            assertEquals(0, p.exitValue(), () -> String.join(" ", command) + ": " + output);
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
