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
 * with par2 files shows its real file name. Sets whose order or membership cannot be known (two
 * sets sharing an inner name, old RAR4 volumes with obfuscated names and no par2) are refused,
 * never served wrong.
 */
@Tag("realpeer")
class ArchivesOverInn2Test {
    private static final int OFFSETS = 24;

    @TempDir
    Path dataDir;

    @TempDir
    Path work;

    private LibraryServer server;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

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
        List<ArchiveVolume> volumes =
                RarBuilder.storedRar5("Rar.Film.2021.1080p", "Rar.Film.2021.1080p.mkv", film, 5 << 20);
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
        run(
                work,
                "/usr/bin/7zz",
                "a",
                "-mx0",
                "-v3m",
                dir.resolve("Seven.Film.2020.7z").toString(),
                film.toString());
        try (Stream<Path> parts = Files.list(dir)) {
            assertTrue(parts.count() >= 4, "a split set");
        }
        List<MountedFile> files = server.importNzb(Files.readAllBytes(RealPeer.postFile(dir)), "Seven Film (2020)");
        assertEquals(
                List.of("Seven.Film.2020.mkv"),
                files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), Files.readAllBytes(film));
    }

    @Test
    void obfuscatedReleaseWithPar2FilesShowsItsRealFileName() throws Exception {
        Path made = Files.createDirectories(work.resolve("made"));
        byte[] film = Files.readAllBytes(RealPeer.randomFile(6 << 20, 503));
        Files.write(made.resolve("Hidden.Film.2022.720p.mkv"), film);
        run(
                made,
                "/usr/bin/par2",
                "create",
                "-q",
                "-r5",
                "-n2",
                "Hidden.Film.2022.720p.par2",
                "Hidden.Film.2022.720p.mkv");
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
        assertEquals(
                List.of("Hidden.Film.2022.720p.mkv"),
                files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), film);
    }

    @Test
    void twoSetsSharingAnInnerNameWithObfuscatedVolumesAreRefusedNotMerged() throws Exception {
        byte[] one = Files.readAllBytes(RealPeer.randomFile(3 << 20, 504));
        byte[] two = Files.readAllBytes(RealPeer.randomFile(3 << 20, 505));
        List<ArchiveVolume> a = RarBuilder.storedRar5("Show.S01E01", "video.mkv", one, 1 << 20);
        List<ArchiveVolume> b = RarBuilder.storedRar5("Show.S01E02", "video.mkv", two, 1 << 20);
        List<ArchiveVolume> posted = new java.util.ArrayList<>();
        posted.addAll(a);
        posted.addAll(b);
        HttpResponse<String> r = postNzb(post("two-sets", hexNames(posted, 504)), "Show");
        assertEquals(422, r.statusCode(), r.body());
        assertTrue(r.body().contains("two sets"), r.body());
    }

    @Test
    void obfuscatedOldStyleRar4SetWithoutPar2IsRefusedAndWithPar2IsServedExactly() throws Exception {
        byte[] film = Files.readAllBytes(RealPeer.randomFile(5 << 20, 506));
        List<ArchiveVolume> volumes = RarBuilder.rar4("Old.Film.1999")
                .member("Old.Film.1999.avi", film)
                .volumeSize(1 << 20)
                .oldStyleNames()
                .withoutVolumeNumbers()
                .build();
        assertTrue(volumes.size() > 3, "more volumes than the split flags can order");
        HttpResponse<String> refused = postNzb(post("old-bare", hexNames(volumes, 506)), "Old Film");
        assertEquals(422, refused.statusCode(), refused.body());
        assertTrue(refused.body().contains("order"), refused.body());

        Path made = Files.createDirectories(work.resolve("old-made"));
        for (ArchiveVolume v : volumes) Files.write(made.resolve(v.name()), v.bytes());
        try (Stream<Path> all = Files.list(made)) {
            List<String> command = new java.util.ArrayList<>(
                    List.of("/usr/bin/par2", "create", "-q", "-r1", "-n1", "Old.Film.1999.par2"));
            all.map(p -> p.getFileName().toString()).sorted().forEach(command::add);
            run(made, command.toArray(String[]::new));
        }
        List<ArchiveVolume> withPar2 = new java.util.ArrayList<>();
        try (Stream<Path> all = Files.list(made)) {
            for (Path p : all.sorted().toList())
                withPar2.add(new ArchiveVolume(p.getFileName().toString(), Files.readAllBytes(p)));
        }
        List<MountedFile> files = server.importNzb(post("old-par2", hexNames(withPar2, 507)), "Old Film Par2");
        assertEquals(
                List.of("Old.Film.1999.avi"),
                files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), film);
    }

    @Test
    void articlesSwappedBetweenTwoVolumesOfTheNzbAreNeverServed() throws Exception {
        byte[] film = Files.readAllBytes(RealPeer.randomFile(6 << 20, 508));
        List<ArchiveVolume> volumes = RarBuilder.storedRar5("Swap.Film.2023", "Swap.Film.2023.mkv", film, 2 << 20);
        String nzb = new String(post("swap", volumes), java.nio.charset.StandardCharsets.UTF_8);
        // the second articles of volumes 1 and 2: same size, same place in their files
        List<io.nzbmount.nntp.NzbFile> files = io.nzbmount.nntp.NzbParser.parse(
                        new java.io.ByteArrayInputStream(nzb.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .files();
        String a = segmentOf(files, "part01.rar", 1);
        String b = segmentOf(files, "part02.rar", 1);
        String swapped = nzb.replace(">" + a + "<", ">SWAP<")
                .replace(">" + b + "<", ">" + a + "<")
                .replace(">SWAP<", ">" + b + "<");
        List<MountedFile> mounted =
                server.importNzb(swapped.getBytes(java.nio.charset.StandardCharsets.UTF_8), "Swap Film");
        assertEquals(film.length, mounted.get(0).size());
        HttpResponse<InputStream> whole = http.send(
                HttpRequest.newBuilder(mounted.get(0).uri()).build(), HttpResponse.BodyHandlers.ofInputStream());
        java.io.ByteArrayOutputStream got = new java.io.ByteArrayOutputStream();
        try (InputStream in = whole.body()) {
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) got.write(buf, 0, n);
        } catch (IOException endedShort) {
            // the response ends short, cleanly: what came before must still be right
        }
        byte[] served = got.toByteArray();
        assertTrue(served.length < film.length, "the film was served whole through an article of another volume");
        assertArrayEquals(Arrays.copyOf(film, served.length), served, "every byte served is the film's");
    }

    private static String segmentOf(List<io.nzbmount.nntp.NzbFile> files, String nameEnd, int index) {
        return files.stream()
                .filter(f -> f.name().endsWith(nameEnd))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no file " + nameEnd + " in " + files))
                .segments()
                .get(index)
                .messageId();
    }

    /** The same files under random 32-hex-digit names that say nothing. */
    private static List<ArchiveVolume> hexNames(List<ArchiveVolume> files, long seed) {
        Random random = new Random(seed);
        List<ArchiveVolume> out = new java.util.ArrayList<>();
        for (ArchiveVolume v : files) {
            byte[] name = new byte[16];
            random.nextBytes(name);
            out.add(new ArchiveVolume(HexFormat.of().formatHex(name), v.bytes()));
        }
        return out;
    }

    private HttpResponse<String> postNzb(byte[] nzb, String name) throws IOException, InterruptedException {
        java.net.URI endpoint = server.uri()
                .resolve("/api/nzbs?name=" + java.net.URLEncoder.encode(name, java.nio.charset.StandardCharsets.UTF_8));
        return http.send(
                HttpRequest.newBuilder(endpoint)
                        .header("Content-Type", "application/x-nzb")
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private void assertServed(MountedFile file, byte[] film) throws Exception {
        assertEquals(film.length, file.size());
        HttpResponse<InputStream> whole =
                http.send(HttpRequest.newBuilder(file.uri()).build(), HttpResponse.BodyHandlers.ofInputStream());
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
            HttpResponse<byte[]> r = http.send(
                    HttpRequest.newBuilder(file.uri())
                            .header("Range", "bytes=" + first + "-" + last)
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(206, r.statusCode());
            assertArrayEquals(Arrays.copyOfRange(film, first, last + 1), r.body(), "bytes " + first + "-" + last);
        }
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Path log = Files.createTempFile("tool", ".log");
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
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
