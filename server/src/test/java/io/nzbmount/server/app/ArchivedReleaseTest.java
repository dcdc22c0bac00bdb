package io.nzbmount.server.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.archive.ArchiveVolume;
import io.nzbmount.server.archive.RarBuilder;
import io.nzbmount.server.library.naming.ItemNames;
import java.io.IOException;
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
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Archived releases through the whole server over the embedded NNTP server, with real archive
 * headers: stored RAR4, RAR5 and split 7z sets play byte for byte, whole and at ranges; what
 * cannot be streamed is refused with its reason; obfuscated names come back from par2.
 */
class ArchivedReleaseTest {
    private static final int PART = 100_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataDir;

    @TempDir
    Path work;

    private EmbeddedNntpServer nntp;
    private Application app;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        app = Application.start(
                ConfigLoader.fromText("""
                server:
                  port: 0
                  dataDir: %s
                providers:
                  - name: embedded
                    host: %s
                    port: %d
                    connections: 4
                reader:
                  retryBackoffMillis: [1]
                """.formatted(dataDir, nntp.host(), nntp.port()), "test", Map.of()));
    }

    @AfterEach
    void stop() {
        if (app != null) app.close();
        nntp.close();
        http.close();
    }

    private List<PostedFile> post(List<ArchiveVolume> volumes) {
        List<PostedFile> posted = new ArrayList<>();
        for (ArchiveVolume v : volumes) posted.add(nntp.post(v.name(), v.bytes(), PART));
        return posted;
    }

    private HttpResponse<String> importNzb(List<PostedFile> posted, String title) throws Exception {
        return http.send(
                HttpRequest.newBuilder(app.uri().resolve("/api/nzbs"))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(NzbWriter.write(posted, title)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode imported(List<PostedFile> posted, String title) throws Exception {
        HttpResponse<String> r = importNzb(posted, title);
        assertEquals(201, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    @Test
    void storedRar5VolumesPlayWholeAndAtRangesAndOpenForAFewArticlesPerVolume() throws Exception {
        byte[] film = random(2_500_000, 1);
        List<ArchiveVolume> volumes =
                RarBuilder.storedRar5("Film.2021.1080p", "Film.2021.1080p/Film.2021.1080p.mkv", film, 600_000);
        List<PostedFile> posted = post(volumes);
        long before = nntp.counters().bodyCommands();
        JsonNode item = imported(posted, "Film (2021)");
        long cost = nntp.counters().bodyCommands() - before;

        // three articles per volume for sizes and headers, about one more per volume at most for
        // reading the last part whose CRC proves the order
        assertTrue(cost <= 4L * volumes.size(), cost + " articles to open " + volumes.size() + " volumes");
        assertEquals("Film.2021.1080p.mkv", item.get("files").get(0).get("name").asText());
        assertEquals(film.length, item.get("files").get(0).get("size").asLong());
        assertServed(dav("Film (2021)", "Film.2021.1080p.mkv"), film);
    }

    @Test
    void storedRar4SetWithOldStyleNamesPlays() throws Exception {
        byte[] film = random(1_300_000, 2);
        List<ArchiveVolume> volumes = RarBuilder.rar4("Old.Film.1999")
                .member("Old.Film.1999.avi", film)
                .volumeSize(400_000)
                .oldStyleNames()
                .build();
        assertTrue(volumes.stream().anyMatch(v -> v.name().endsWith(".r00")), volumes.toString());
        imported(post(volumes), "Old Film (1999)");
        assertServed(dav("Old Film (1999)", "Old.Film.1999.avi"), film);
    }

    @Test
    void split7zStoredPlays() throws Exception {
        Path sevenZip = tool("/usr/bin/7zz");
        byte[] film = random(1_700_000, 3);
        Files.write(work.resolve("Seven.Film.2020.mkv"), film);
        run(work, sevenZip.toString(), "a", "-mx0", "-v500k", "Seven.Film.2020.7z", "Seven.Film.2020.mkv");
        List<ArchiveVolume> volumes = new ArrayList<>();
        try (Stream<Path> files = Files.list(work)) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith("Seven.Film.2020.7z."))
                    .sorted()
                    .toList()) {
                volumes.add(new ArchiveVolume(p.getFileName().toString(), Files.readAllBytes(p)));
            }
        }
        assertTrue(volumes.size() >= 3, volumes.toString());
        imported(post(volumes), "Seven Film (2020)");
        assertServed(dav("Seven Film (2020)", "Seven.Film.2020.mkv"), film);
    }

    @Test
    void compressedFilmIsRefusedWithItsReasonAndNothingIsStored() throws Exception {
        List<ArchiveVolume> volumes = RarBuilder.rar5("Packed.Film")
                .member(new RarBuilder.Entry("Packed.Film.mkv", random(800_000, 4), true, false))
                .build();
        HttpResponse<String> r = importNzb(post(volumes), "Packed Film");
        assertEquals(422, r.statusCode(), r.body());
        String error = JSON.readTree(r.body()).get("error").asText();
        assertTrue(error.contains("Packed.Film.mkv") && error.contains("compressed"), error);
        JsonNode items = JSON.readTree(http.send(
                        HttpRequest.newBuilder(app.uri().resolve("/api/items")).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
        assertEquals(0, items.get("items").size(), items.toString());
    }

    @Test
    void encryptedArchiveNextToAPlayableFilmIsListedAsRefused() throws Exception {
        byte[] film = random(900_000, 5);
        List<PostedFile> posted = new ArrayList<>(post(List.of(new ArchiveVolume("Film.2019.mkv", film))));
        posted.addAll(post(RarBuilder.rar5("Film.2019.Extras")
                .member(new RarBuilder.Entry("Making.Of.mkv", random(700_000, 6), false, true))
                .build()));
        JsonNode item = imported(posted, "Film (2019)");
        assertEquals(1, item.get("files").size(), item.toString());
        JsonNode refused = item.get("refused");
        assertEquals(1, refused.size(), item.toString());
        assertEquals("encrypted", refused.get(0).get("reason").asText(), refused.toString());
        assertServed(dav("Film (2019)", "Film.2019.mkv"), film);
    }

    @Test
    void obfuscatedReleaseWithPar2FilesShowsItsRealFileName() throws Exception {
        Path par2 = tool("/usr/bin/par2");
        byte[] film = random(1_100_000, 7);
        Files.write(work.resolve("Real.Film.2022.1080p.mkv"), film);
        run(
                work,
                par2.toString(),
                "create",
                "-q",
                "-r5",
                "-n1",
                "Real.Film.2022.1080p.par2",
                "Real.Film.2022.1080p.mkv");
        Random names = new Random(9);
        List<PostedFile> posted = new ArrayList<>();
        try (Stream<Path> files = Files.list(work)) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith("Real.Film"))
                    .sorted()
                    .toList()) {
                posted.add(nntp.post(hexName(names), Files.readAllBytes(p), PART));
            }
        }
        assertEquals(3, posted.size(), "the film, the par2 index and one recovery volume");
        JsonNode item = imported(posted, null);
        assertEquals("Real Film (2022)", item.get("name").asText());
        assertEquals(1, item.get("files").size(), item.toString());
        assertEquals(
                "Real.Film.2022.1080p.mkv", item.get("files").get(0).get("name").asText());
        assertServed(dav("Real.Film.2022.1080p", "Real.Film.2022.1080p.mkv"), film);
    }

    private void assertServed(URI file, byte[] film) throws Exception {
        assertArrayEquals(sha256(film), sha256(get(file, null)), "the whole file");
        Random offsets = new Random(film.length);
        for (int i = 0; i < 25; i++) {
            long first = i == 0 ? 0 : offsets.nextInt(film.length);
            long last = Math.min(film.length - 1, first + offsets.nextInt(250_000));
            assertArrayEquals(
                    Arrays.copyOfRange(film, (int) first, (int) last + 1),
                    get(file, "bytes=" + first + "-" + last),
                    "bytes " + first + "-" + last);
        }
        assertArrayEquals(Arrays.copyOfRange(film, film.length - 777, film.length), get(file, "bytes=-777"));
    }

    private byte[] get(URI uri, String range) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (range != null) b.header("Range", range);
        HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(range == null ? 200 : 206, r.statusCode(), uri + " " + range);
        return r.body();
    }

    /** The WebDAV URL of {@code file} in the folder of the item imported under the name {@code item}. */
    private URI dav(String item, String file) {
        return app.uri().resolve("/dav/library/" + encode(ItemNames.folder(item).orElseThrow()) + "/" + encode(file));
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String hexName(Random random) {
        byte[] b = new byte[16];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** A fixture tool: skipped when absent on a developer machine, a failure on CI. */
    private static Path tool(String path) {
        Path tool = Path.of(path);
        if (!Files.isExecutable(tool)) {
            String ci = System.getenv("CI");
            if (ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false"))
                throw new AssertionError(path + " is missing on CI");
            Assumptions.abort(path + " is not installed");
        }
        return tool;
    }

    private static void run(Path dir, String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .directory(dir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("tool.log").toFile())
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command[0] + " did not finish in 60 s");
        }
        assertEquals(0, p.exitValue(), () -> String.join(" ", command) + ": " + readLog(dir));
        Files.delete(dir.resolve("tool.log"));
    }

    private static String readLog(Path dir) {
        try {
            return Files.readString(dir.resolve("tool.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }
}
