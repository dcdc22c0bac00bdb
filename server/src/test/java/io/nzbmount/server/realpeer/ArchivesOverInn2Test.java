package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.RarBuilder;
import io.nzbmount.server.realpeer.LibraryServer.MountedFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Archived releases posted by nyuu to inn2 (real NZBs, real articles, 700K parts that never line
 * up with the volumes) and read through WebDAV: the film inside stored RAR and split 7z volume
 * sets is served whole and at random offsets with the original's SHA-256; an obfuscated release
 * with par2 files shows its real file name.
 */
@Tag("realpeer")
class ArchivesOverInn2Test {
    private static final int OFFSETS = 24;

    @TempDir Path dataDir;
    @TempDir Path work;
    private LibraryServer server;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @BeforeEach
    void start() throws Exception {
        RealPeer.requireOrSkip();
        server = LibraryServer.onInn2(dataDir);
    }

    @AfterEach
    void stop() {
        if (server != null) server.close();
        http.close();
    }

    /** Writes the volumes into a folder of their own and posts it as one NZB. */
    private byte[] post(String folder, List<ArchiveVolume> volumes) throws Exception {
        Path dir = Files.createDirectories(work.resolve(folder));
        for (ArchiveVolume v : volumes) Files.write(dir.resolve(v.name()), v.bytes());
        return Files.readAllBytes(RealPeer.postFile(dir));
    }

    @Test
    void storedRar5VolumeSetIsServedWholeAndAtRandomOffsets() throws Exception {
        byte[] film = Files.readAllBytes(RealPeer.randomFile(12 << 20, 501));
        List<ArchiveVolume> volumes = RarBuilder.storedRar5("Rar.Film.2021.1080p", "Rar.Film.2021.1080p.mkv", film, 5 << 20);
        assertEquals(3, volumes.size());
        List<MountedFile> files = server.importNzb(post("rar", volumes), "Rar Film (2021)");
        assertEquals(1, files.size(), files.toString());
        assertEquals("Rar.Film.2021.1080p.mkv", files.get(0).name());
        assertServed(files.get(0), film);
    }

    @Test
    void stored7zSplitVolumeSetIsServedWholeAndAtRandomOffsets() throws Exception {
        Path film = Files.copy(RealPeer.randomFile(10 << 20, 502), work.resolve("Seven.Film.2020.mkv"));
        Path dir = Files.createDirectories(work.resolve("7z"));
        run(work, "/usr/bin/7zz", "a", "-mx0", "-v3m", dir.resolve("Seven.Film.2020.7z").toString(), film.toString());
        try (Stream<Path> parts = Files.list(dir)) {
            assertTrue(parts.count() >= 4, "a split set");
        }
        List<MountedFile> files = server.importNzb(Files.readAllBytes(RealPeer.postFile(dir)), "Seven Film (2020)");
        assertEquals(List.of("Seven.Film.2020.mkv"), files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), Files.readAllBytes(film));
    }

    @Test
    void obfuscatedReleaseWithPar2FilesShowsItsRealFileName() throws Exception {
        Path made = Files.createDirectories(work.resolve("made"));
        byte[] film = Files.readAllBytes(RealPeer.randomFile(6 << 20, 503));
        Files.write(made.resolve("Hidden.Film.2022.720p.mkv"), film);
        run(made, "/usr/bin/par2", "create", "-q", "-r5", "-n2", "Hidden.Film.2022.720p.par2", "Hidden.Film.2022.720p.mkv");
        Path posted = Files.createDirectories(work.resolve("posted"));
        Random random = new Random(503);
        try (Stream<Path> all = Files.list(made)) {
            for (Path p : all.sorted().toList()) {
                byte[] name = new byte[16];
                random.nextBytes(name);
                Files.move(p, posted.resolve(HexFormat.of().formatHex(name)));
            }
        }
        List<MountedFile> files = server.importNzb(Files.readAllBytes(RealPeer.postFile(posted)), "Hidden Film");
        assertEquals(List.of("Hidden.Film.2022.720p.mkv"), files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), film);
    }

    private void assertServed(MountedFile file, byte[] film) throws Exception {
        assertEquals(film.length, file.size());
        HttpResponse<InputStream> whole = http.send(HttpRequest.newBuilder(file.uri()).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, whole.statusCode());
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (InputStream in = whole.body()) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) sha.update(buf, 0, n);
        }
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(film), sha.digest(), "the whole film");
        Random offsets = new Random(film.length);
        for (int i = 0; i < OFFSETS; i++) {
            int first = offsets.nextInt(film.length);
            int last = Math.min(film.length - 1, first + offsets.nextInt(1 << 20));
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(file.uri()).header("Range", "bytes=" + first + "-" + last)
                    .build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(206, r.statusCode());
            assertArrayEquals(Arrays.copyOfRange(film, first, last + 1), r.body(), "bytes " + first + "-" + last);
        }
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("tool", ".log");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(command[0] + " did not finish in 60 s");
            }
            assertEquals(0, p.exitValue(), () -> String.join(" ", command) + ": " + read(log));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            return e.toString();
        }
    }
}
