package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.naming.ItemNames;
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
import java.util.List;
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
    private static final int VOLUME = EncryptedReleases.VOLUME;
    /** 7z's signature header comes before the first file's data. */
    private static final int SIGNATURE_HEADER = 32;

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

    @Test
    void splitSevenZipWithEncryptedHeadersIsServedWholeAndAcrossVolumeEdges() throws Exception {
        byte[] film = EncryptedReleases.film(41 << 20, 2901);
        Path posted = EncryptedReleases.obfuscated7z(work, "Locked.Film.2021.1080p", film, 2901, "-mhe=on");
        List<MountedFile> files =
                server.importNzb(nzb(posted, List.of("-M", "password=Open Sesame")), "Locked Film (2021)");
        assertEquals(
                List.of("Locked.Film.2021.1080p.mkv"),
                files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), film);
    }

    @Test
    void splitSevenZipWithPlainHeadersIsProvedByTheFilmSignatureAndServed() throws Exception {
        byte[] film = EncryptedReleases.film(41 << 20 | 7, 2902);
        Path posted = EncryptedReleases.obfuscated7z(work, "Open.Headers.2020.720p", film, 2902);
        List<MountedFile> files =
                server.importNzb(nzb(posted, List.of("-M", "password=Open Sesame")), "Open Headers (2020)");
        assertEquals(
                List.of("Open.Headers.2020.720p.mkv"),
                files.stream().map(MountedFile::name).toList());
        assertServed(files.get(0), film);
        assertEquals("verified", memberCrcOnceChecked("Open Headers (2020)"), "the film's CRC, read in the background");
    }

    @Test
    void rar5VolumesWithEncryptedDataAreServedWholeAndAcrossVolumeEdges() throws Exception {
        byte[] film = EncryptedReleases.film(30 << 20 | 9, 2906);
        List<byte[]> bytes = io.nzbmount.server.archive.StoredRar5Writer.writeEncrypted(
                "Sealed.Film.2022.mkv",
                film,
                10 << 20,
                1_600_000_000L,
                EncryptedReleases.PASSWORD,
                new java.util.Random(2906));
        List<io.nzbmount.server.archive.ArchiveVolume> volumes = new ArrayList<>();
        for (int i = 0; i < bytes.size(); i++) {
            volumes.add(new io.nzbmount.server.archive.ArchiveVolume(
                    io.nzbmount.server.archive.StoredRar5Writer.volumeName("Sealed.Film.2022", i, bytes.size()),
                    bytes.get(i)));
        }
        Path posted = EncryptedReleases.obfuscatedVolumes(work, "Sealed.Film.2022", volumes, 2906);
        List<MountedFile> files =
                server.importNzb(nzb(posted, List.of("-M", "password=Open Sesame")), "Sealed Film (2022)");
        assertEquals(
                List.of("Sealed.Film.2022.mkv"),
                files.stream().map(MountedFile::name).toList());
        // each volume's data ends just under 10 MiB, inside an AES block: ranges of 64 KiB around every multiple cross
        // it
        assertServed(files.get(0), film, 10 << 20);
    }

    @Test
    void rar4VolumesWithEncryptedDataInBothNamingStylesAreServedWholeAndAcrossVolumeEdges() throws Exception {
        byte[] film = EncryptedReleases.film(12 << 20 | 5, 2907);
        for (boolean oldNames : List.of(true, false)) {
            String name = oldNames ? "Old.Names.2018" : "Part.Names.2018";
            List<io.nzbmount.server.archive.ArchiveVolume> volumes =
                    io.nzbmount.server.archive.EncryptedRar4Writer.write(
                            name, name + ".mkv", film, 4 << 20, EncryptedReleases.PASSWORD, rar4(oldNames, false));
            Path posted = EncryptedReleases.obfuscatedVolumes(work.resolve(name), name, volumes, 2907);
            List<MountedFile> files = server.importNzb(nzb(posted, List.of("-M", "password=Open Sesame")), name);
            assertEquals(
                    List.of(name + ".mkv"),
                    files.stream().map(MountedFile::name).toList());
            // volumes end inside AES blocks, just under every multiple of 4 MiB
            assertServed(files.get(0), film, 4 << 20);
            assertEquals("verified", memberCrcOnceChecked(name), "the film's CRC, read in the background");
        }
    }

    @Test
    void rar4VolumesWhoseDecryptedFilmMissesItsRecordedCrcServeNoByteOnceChecked() throws Exception {
        byte[] film = EncryptedReleases.film(6 << 20 | 1, 2911);
        String name = "Bad.Crc.2015";
        List<io.nzbmount.server.archive.ArchiveVolume> volumes =
                io.nzbmount.server.archive.EncryptedRar4Writer.withWrongCrc(
                        io.nzbmount.server.archive.EncryptedRar4Writer.write(
                                name, name + ".mkv", film, 2 << 20, EncryptedReleases.PASSWORD, rar4(false, false)));
        Path posted = EncryptedReleases.obfuscatedVolumes(work.resolve(name), name, volumes, 2911);
        List<MountedFile> files = server.importNzb(nzb(posted, List.of("-M", "password=Open Sesame")), name);
        assertEquals("mismatch", memberCrcOnceChecked(name), "the decrypted film is not what the archive records");
        for (String range : java.util.Arrays.asList(null, "bytes=0-0", "bytes=" + (4 << 20) + "-" + ((4 << 20) + 99))) {
            HttpRequest.Builder get = HttpRequest.newBuilder(files.get(0).uri());
            if (range != null) get.header("Range", range);
            HttpResponse<InputStream> r = http.send(get.build(), HttpResponse.BodyHandlers.ofInputStream());
            long got = 0;
            try (InputStream in = r.body()) {
                byte[] buf = new byte[1 << 16];
                for (int n; (n = in.read(buf)) > 0; ) got += n;
            } catch (java.io.IOException cut) {
                // the response ended short: what came before counts
            }
            assertEquals(0, r.statusCode() / 100 == 2 ? got : 0, "no byte after the check, range " + range);
        }
    }

    /**
     * The primary {@code memberCrc} of the item imported as {@code name} (its folder is named by
     * {@link ItemNames}) once it is no longer pending (the check runs in the background).
     */
    private String memberCrcOnceChecked(String name) throws Exception {
        String itemName = ItemNames.folder(name).orElseThrow();
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        long id = -1;
        for (com.fasterxml.jackson.databind.JsonNode item : json.readTree(http.send(
                                HttpRequest.newBuilder(server.uri().resolve("/api/items"))
                                        .header("X-NZBMount-Request", "1")
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body())
                .path("items")) {
            if (item.path("name").asText().equals(itemName))
                id = item.path("id").asLong();
        }
        assertTrue(id > 0, "item " + itemName + " is listed");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(180);
        String state = "pending";
        while (state.equals("pending") && System.nanoTime() < deadline) {
            Thread.sleep(200);
            state = json.readTree(http.send(
                                    HttpRequest.newBuilder(server.uri().resolve("/api/items/" + id))
                                            .header("X-NZBMount-Request", "1")
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body())
                    .path("primary")
                    .path("memberCrc")
                    .asText();
        }
        return state;
    }

    @Test
    void rar4AndRar5VolumesWithEncryptedHeadersAreOrderedByTheirDecryptedHeadersAndServed() throws Exception {
        byte[] film = EncryptedReleases.film(12 << 20 | 3, 2908);
        Path rar4 = EncryptedReleases.obfuscatedVolumes(
                work.resolve("r4"),
                "Hidden.Four.2017",
                io.nzbmount.server.archive.EncryptedRar4Writer.write(
                        "Hidden.Four.2017",
                        "Hidden.Four.2017.mkv",
                        film,
                        4 << 20,
                        EncryptedReleases.PASSWORD,
                        rar4(false, true)),
                2908);
        List<MountedFile> four = server.importNzb(nzb(rar4, List.of("-M", "password=Open Sesame")), "Hidden Four");
        assertEquals(
                List.of("Hidden.Four.2017.mkv"),
                four.stream().map(MountedFile::name).toList());
        assertServed(four.get(0), film, 4 << 20);
        List<byte[]> bytes = io.nzbmount.server.archive.StoredRar5Writer.writeEncryptedHeaders(
                "Hidden.Five.2017.mkv",
                film,
                4 << 20,
                1_600_000_000L,
                EncryptedReleases.PASSWORD,
                new java.util.Random(2909));
        List<io.nzbmount.server.archive.ArchiveVolume> volumes = new ArrayList<>();
        for (int i = 0; i < bytes.size(); i++) {
            volumes.add(new io.nzbmount.server.archive.ArchiveVolume(
                    io.nzbmount.server.archive.StoredRar5Writer.volumeName("Hidden.Five.2017", i, bytes.size()),
                    bytes.get(i)));
        }
        Path rar5 = EncryptedReleases.obfuscatedVolumes(work.resolve("r5"), "Hidden.Five.2017", volumes, 2909);
        List<MountedFile> five = server.importNzb(nzb(rar5, List.of("-M", "password=Open Sesame")), "Hidden Five");
        assertEquals(
                List.of("Hidden.Five.2017.mkv"),
                five.stream().map(MountedFile::name).toList());
        assertServed(five.get(0), film, 4 << 20);
    }

    @Test
    void encryptedRarHeadersOrDataRefuseAWrongAndAMissingPasswordWithA422() throws Exception {
        byte[] film = EncryptedReleases.film(3 << 20, 2910);
        for (boolean headers : List.of(true, false)) {
            String name = headers ? "Wrong.Hidden.2016" : "Wrong.Data.2016";
            Path posted = EncryptedReleases.obfuscatedVolumes(
                    work.resolve(name),
                    name,
                    io.nzbmount.server.archive.EncryptedRar4Writer.write(
                            name, name + ".mkv", film, 1 << 20, EncryptedReleases.PASSWORD, rar4(true, headers)),
                    2910);
            HttpResponse<String> wrong = postNzb(nzb(posted, List.of("-M", "password=not it")), name);
            assertEquals(422, wrong.statusCode(), wrong.body());
            assertTrue(wrong.body().contains("the password given does not open this archive"), wrong.body());
            assertFalse(wrong.body().contains("not it"), "the password is never returned");
            HttpResponse<String> missing = postNzb(nzb(posted, List.of()), name + " none");
            assertEquals(422, missing.statusCode(), missing.body());
            assertTrue(missing.body().contains("this archive is encrypted and no password was given"), missing.body());
        }
    }

    private static io.nzbmount.server.archive.EncryptedRar4Writer.Options rar4(boolean oldNames, boolean headers) {
        return new io.nzbmount.server.archive.EncryptedRar4Writer.Options(
                oldNames, headers, java.util.HexFormat.of().parseHex("a1b2c3d4e5f60718"));
    }

    @Test
    void aWrongPasswordAndAMissingPasswordAreEachRefusedWithA422ThatSaysSo() throws Exception {
        byte[] film = EncryptedReleases.film(3 << 20, 2903);
        Path headers = EncryptedReleases.obfuscated7z(work, "Wrong.Key.2019", film, 2903, "-mhe=on");
        HttpResponse<String> wrong = postNzb(nzb(headers, List.of("-M", "password=not it")), "Wrong Key");
        assertEquals(422, wrong.statusCode(), wrong.body());
        assertTrue(wrong.body().contains("the password given does not open this archive"), wrong.body());
        assertFalse(wrong.body().contains("not it"), "the password is never returned");

        Path data = EncryptedReleases.obfuscated7z(work, "Wrong.Key.Data.2019", film, 2904);
        HttpResponse<String> wrongData = postNzb(nzb(data, List.of("-M", "password=not it")), "Wrong Key Data");
        assertEquals(422, wrongData.statusCode(), wrongData.body());
        assertTrue(wrongData.body().contains("the password given does not open this archive"), wrongData.body());

        HttpResponse<String> missing = postNzb(nzb(data, List.of()), "No Key");
        assertEquals(422, missing.statusCode(), missing.body());
        assertTrue(missing.body().contains("this archive is encrypted and no password was given"), missing.body());
        assertTrue(missing.body().contains("password="), "it says where a password can be given: " + missing.body());
    }

    private static byte[] nzb(Path posted, List<String> options) throws Exception {
        return Files.readAllBytes(RealPeer.postFile(posted, options));
    }

    private HttpResponse<String> postNzb(byte[] nzb, String name) throws IOException, InterruptedException {
        URI endpoint = server.uri().resolve("/api/nzbs?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8));
        return http.send(
                HttpRequest.newBuilder(endpoint)
                        .header("Content-Type", "application/x-nzb")
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** The whole film, then ranges on both sides of every volume edge and of the blocks around it. */
    private void assertServed(MountedFile file, byte[] film) throws Exception {
        assertServed(file, film, VOLUME);
    }

    private void assertServed(MountedFile file, byte[] film, int volume) throws Exception {
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
        List<long[]> ranges = new ArrayList<>();
        for (long edge = (long) volume - SIGNATURE_HEADER; edge < film.length; edge += volume) {
            ranges.add(new long[] {edge - 1, edge});
            ranges.add(new long[] {edge, edge});
            ranges.add(new long[] {edge - 17, edge + 17});
            ranges.add(new long[] {edge - 5000, edge + 70_000});
        }
        ranges.add(new long[] {film.length - 20, film.length - 1});
        ranges.add(new long[] {0, 0});
        ranges.add(new long[] {15, 16});
        for (long[] r : ranges) {
            HttpResponse<byte[]> got = http.send(
                    HttpRequest.newBuilder(file.uri())
                            .header("Range", "bytes=" + r[0] + "-" + r[1])
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(206, got.statusCode(), "bytes " + r[0] + "-" + r[1]);
            // a range past the end is served up to the end
            byte[] expected = Arrays.copyOfRange(film, (int) r[0], (int) Math.min(r[1] + 1, film.length));
            assertArrayEquals(
                    MessageDigest.getInstance("SHA-256").digest(expected),
                    MessageDigest.getInstance("SHA-256").digest(got.body()),
                    "bytes " + r[0] + "-" + r[1]);
        }
    }
}
