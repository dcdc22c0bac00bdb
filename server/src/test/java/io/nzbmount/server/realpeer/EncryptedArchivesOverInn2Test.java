package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.realpeer.LibraryServer.MountedFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
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
 * Encrypted 7z releases as they come from indexers: made by Debian's 7zz ({@code -t7z -mx0 -pPW
 * [-mhe=on] -v20m}), with par2 files, posted by nyuu to inn2 under hex names that say nothing and
 * with the password in the NZB's {@code <meta type="password">}. The film is served whole and in
 * ranges across the volume edges, checked with SHA-256; a wrong and a missing password are each
 * refused with a 422 that says so.
 */
@Tag("realpeer")
class EncryptedArchivesOverInn2Test {
    private static final String SEVEN_ZIP = "/usr/bin/7zz";
    private static final String PAR2 = "/usr/bin/par2";
    private static final int VOLUME = 20 << 20;
    /** 7z's signature header comes before the first file's data. */
    private static final int SIGNATURE_HEADER = 32;

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

    @Test
    void splitSevenZipWithEncryptedHeadersIsServedWholeAndAcrossVolumeEdges() throws Exception {
        byte[] film = film(41 << 20, 2901);
        Path posted = obfuscatedRelease("Locked.Film.2021.1080p", film, 2901, "-mhe=on");
        List<MountedFile> files = server.importNzb(nzb(posted, List.of("-M", "password=Open Sesame")), "Locked Film (2021)");
        assertEquals(List.of("Locked.Film.2021.1080p.mkv"), files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), film);
    }

    @Test
    void splitSevenZipWithPlainHeadersIsProvedByTheFilmSignatureAndServed() throws Exception {
        byte[] film = film(41 << 20 | 7, 2902);
        Path posted = obfuscatedRelease("Open.Headers.2020.720p", film, 2902);
        List<MountedFile> files = server.importNzb(nzb(posted, List.of("-M", "password=Open Sesame")), "Open Headers (2020)");
        assertEquals(List.of("Open.Headers.2020.720p.mkv"), files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), film);
    }

    @Test
    void aWrongPasswordAndAMissingPasswordAreEachRefusedWithA422ThatSaysSo() throws Exception {
        byte[] film = film(3 << 20, 2903);
        Path headers = obfuscatedRelease("Wrong.Key.2019", film, 2903, "-mhe=on");
        HttpResponse<String> wrong = postNzb(nzb(headers, List.of("-M", "password=not it")), "Wrong Key");
        assertEquals(422, wrong.statusCode(), wrong.body());
        assertTrue(wrong.body().contains("the password given does not open this archive"), wrong.body());
        assertFalse(wrong.body().contains("not it"), "the password is never returned");

        Path data = obfuscatedRelease("Wrong.Key.Data.2019", film, 2904);
        HttpResponse<String> wrongData = postNzb(nzb(data, List.of("-M", "password=not it")), "Wrong Key Data");
        assertEquals(422, wrongData.statusCode(), wrongData.body());
        assertTrue(wrongData.body().contains("the password given does not open this archive"), wrongData.body());

        HttpResponse<String> missing = postNzb(nzb(data, List.of()), "No Key");
        assertEquals(422, missing.statusCode(), missing.body());
        assertTrue(missing.body().contains("this archive is encrypted and no password was given"), missing.body());
        assertTrue(missing.body().contains("password="), "it says where a password can be given: " + missing.body());
    }

    /** Random bytes that start as a Matroska file, as a film does. */
    private static byte[] film(int size, long seed) throws IOException {
        byte[] film = Files.readAllBytes(RealPeer.randomFile(size, seed));
        System.arraycopy(new byte[] {0x1A, 0x45, (byte) 0xDF, (byte) 0xA3}, 0, film, 0, 4);
        return film;
    }

    /**
     * The film packed by 7zz into 20 MiB volumes with the password "Open Sesame", par2 files made
     * for them, then every file renamed to 32 hex digits: the folder to post.
     */
    private Path obfuscatedRelease(String name, byte[] film, long seed, String... options) throws Exception {
        Path made = Files.createDirectories(work.resolve(name));
        Path source = Files.createDirectories(work.resolve(name + "-film"));
        Files.write(source.resolve(name + ".mkv"), film);
        List<String> command = new ArrayList<>(List.of(SEVEN_ZIP, "a", "-bd", "-t7z", "-mx0", "-pOpen Sesame",
                "-v" + (VOLUME >> 20) + "m"));
        command.addAll(List.of(options));
        command.addAll(List.of(made.resolve(name + ".7z").toString(), source.resolve(name + ".mkv").toString()));
        run(work, command.toArray(String[]::new));
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

    private static byte[] nzb(Path posted, List<String> options) throws Exception {
        return Files.readAllBytes(RealPeer.postFile(posted, options));
    }

    private HttpResponse<String> postNzb(byte[] nzb, String name) throws IOException, InterruptedException {
        URI endpoint = server.uri().resolve("/api/nzbs?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8));
        return http.send(HttpRequest.newBuilder(endpoint).header("Content-Type", "application/x-nzb")
                .header("X-NZBMount-Request", "1").POST(HttpRequest.BodyPublishers.ofByteArray(nzb)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The whole film, then ranges on both sides of every volume edge and of the blocks around it. */
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
        List<long[]> ranges = new ArrayList<>();
        for (long edge = VOLUME - SIGNATURE_HEADER; edge < film.length; edge += VOLUME) {
            ranges.add(new long[] {edge - 1, edge});
            ranges.add(new long[] {edge, edge});
            ranges.add(new long[] {edge - 17, edge + 17});
            ranges.add(new long[] {edge - 5000, edge + 70_000});
        }
        ranges.add(new long[] {film.length - 20, film.length - 1});
        ranges.add(new long[] {0, 0});
        ranges.add(new long[] {15, 16});
        for (long[] r : ranges) {
            HttpResponse<byte[]> got = http.send(HttpRequest.newBuilder(file.uri())
                    .header("Range", "bytes=" + r[0] + "-" + r[1]).build(), HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(206, got.statusCode(), "bytes " + r[0] + "-" + r[1]);
            byte[] expected = Arrays.copyOfRange(film, (int) r[0], (int) r[1] + 1);
            assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(expected),
                    MessageDigest.getInstance("SHA-256").digest(got.body()), "bytes " + r[0] + "-" + r[1]);
        }
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        if (!Files.isExecutable(Path.of(command[0]))) {
            if (RealPeer.onCi()) throw new AssertionError(command[0] + " is missing on CI");
            org.junit.jupiter.api.Assumptions.abort(command[0] + " is not installed");
        }
        Path log = Files.createTempFile("tool", ".log");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
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
