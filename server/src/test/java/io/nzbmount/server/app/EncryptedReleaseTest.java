package io.nzbmount.server.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.library.naming.ItemNames;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SourcePasswords;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Encrypted 7z releases (made by 7zz at test time) through the whole server over the embedded
 * NNTP server: where the password comes from (the import's parameter, then {{password}} at the
 * end of the name, then the NZB's metas, tried in turn), that the one that opened the archive is
 * stored with its origin, that it is never returned, and that the film plays byte for byte.
 */
class EncryptedReleaseTest {
    private static final int PART = 100_000;
    private static final String PASSWORD = "sesame-42";
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

    @Test
    void thePasswordParameterWinsOverTheNameAndTheMetasAndIsStoredAsFromTheApi() throws Exception {
        byte[] film = film(700_003, 1);
        List<PostedFile> posted = post(sevenZip("Api.Film", film, "-mhe=on", "-v250k"));
        JsonNode item = imported(nzb(posted, List.of("wrong-1")), "Api.Film{{wrong-2}}", Optional.of(PASSWORD));
        assertEquals("Api.Film", item.path("name").asText(), "the name's password is not part of the item's name");
        assertFalse(item.toString().contains(PASSWORD) || item.toString().contains("wrong-"), item::toString);
        assertServed(dav("Api.Film", "Api.Film.mkv"), film);
        assertEquals(Optional.of(new SourcePasswords.Stored(PASSWORD, "api")), stored());
    }

    @Test
    void thePasswordAtTheEndOfTheNameWinsOverTheMetas() throws Exception {
        byte[] film = film(400_000, 2);
        List<PostedFile> posted = post(sevenZip("Named.Film", film, "-mhe=on"));
        JsonNode item =
                imported(nzb(posted, List.of("wrong-1")), "Named.Film{{" + PASSWORD + "}}.nzb", Optional.empty());
        assertEquals("Named.Film", item.path("name").asText());
        assertServed(dav("Named.Film", "Named.Film.mkv"), film);
        assertEquals(Optional.of(new SourcePasswords.Stored(PASSWORD, "name")), stored());
    }

    @Test
    void severalMetaPasswordsAreTriedInTurnAndTheOneThatOpensIsStored() throws Exception {
        byte[] film = film(500_001, 3);
        List<PostedFile> posted = post(sevenZip("Meta.Film", film, "-v120007b"));
        imported(nzb(posted, List.of("wrong-1", "wrong-2", PASSWORD, "wrong-3")), "Meta.Film", Optional.empty());
        assertServed(dav("Meta.Film", "Meta.Film.mkv"), film);
        HttpResponse<String> events = http.send(
                HttpRequest.newBuilder(app.uri().resolve("/api/events"))
                        .header("X-NZBMount-Request", "1")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertFalse(events.body().contains(PASSWORD), "events never show the password");
        assertEquals(Optional.of(new SourcePasswords.Stored(PASSWORD, "meta")), stored());
    }

    @Test
    void anEncryptedRar5SetPlaysWithEachPartsChainAcrossTheVolumeEdges() throws Exception {
        byte[] film = film(650_009, 5);
        List<byte[]> bytes = io.nzbmount.server.archive.StoredRar5Writer.writeEncrypted(
                "Rar.Film.mkv", film, 150_000, 1_600_000_000L, PASSWORD, new Random(5));
        List<PostedFile> posted = new ArrayList<>();
        for (int i = 0; i < bytes.size(); i++) {
            posted.add(nntp.post(
                    io.nzbmount.server.archive.StoredRar5Writer.volumeName("Rar.Film", i, bytes.size()),
                    bytes.get(i),
                    PART));
        }
        HttpResponse<String> wrong = send(nzb(posted, List.of()), "Rar.Film", Optional.of("wrong-1"));
        assertEquals(422, wrong.statusCode(), wrong.body());
        assertTrue(wrong.body().contains("the password given does not open this archive"), wrong.body());
        imported(nzb(posted, List.of("wrong-1", PASSWORD)), "Rar.Film", Optional.empty());
        assertServed(dav("Rar.Film", "Rar.Film.mkv"), film);
        long edge = 0;
        for (int i = 0; i + 1 < bytes.size(); i++) {
            edge += (150_000 - 200) / 16 * 16; // about a part's data: each range crosses a part edge
            assertArrayEquals(
                    sha256(Arrays.copyOfRange(film, (int) edge - 2_000, (int) edge + 2_000)),
                    sha256(get(dav("Rar.Film", "Rar.Film.mkv"), "bytes=" + (edge - 2_000) + "-" + (edge + 1_999))));
        }
    }

    @Test
    void anEncryptedStandbyOfAPlainPrimaryIsProvedOnItsDecryptedBytes() throws Exception {
        byte[] film = film(900_017, 6);
        PostedFile plain = nntp.post("Both.Film.mkv", film, PART);
        JsonNode item = imported(NzbWriter.write(List.of(plain)), "Both.Film", Optional.empty());
        long itemId = item.path("id").asLong();
        List<PostedFile> sealed = post(sevenZip("Both.Film", film, "-mhe=on", "-v300k"));
        HttpResponse<String> added = http.send(
                HttpRequest.newBuilder(
                                app.uri().resolve("/api/nzbs?item=" + itemId + "&role=standby&password=" + PASSWORD))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(nzb(sealed, List.of())))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, added.statusCode(), added.body());
        long standby =
                JSON.readTree(added.body()).path("standby").get(0).path("id").asLong();
        String[] state = {""};
        Await.until(
                Duration.ofSeconds(60),
                () -> {
                    JsonNode now = JSON.readTree(http.send(
                                    HttpRequest.newBuilder(app.uri().resolve("/api/items/" + itemId))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body());
                    for (JsonNode sb : now.path("standby"))
                        if (sb.path("id").asLong() == standby)
                            state[0] = sb.path("state").asText();
                    return state[0].equals("validated");
                },
                () -> "the encrypted standby proves equal to the plain primary, its state " + state[0]);
    }

    @Test
    void aWrongPasswordIsA422ThatSaysWhereItCameFromAndStoresNothing() throws Exception {
        List<PostedFile> posted = post(sevenZip("Wrong.Film", film(300_000, 4)));
        HttpResponse<String> r = send(nzb(posted, List.of("wrong-1")), "Wrong.Film", Optional.of("wrong-2"));
        assertEquals(422, r.statusCode(), r.body());
        assertTrue(r.body().contains("the password given does not open this archive"), r.body());
        assertTrue(r.body().contains("the import's password parameter"), r.body());
        assertFalse(r.body().contains("wrong-"), r.body());
        assertEquals(
                "{\"items\":[],\"total\":0,\"offset\":0}",
                JSON.readTree(http.send(
                                        HttpRequest.newBuilder(app.uri().resolve("/api/items"))
                                                .header("X-NZBMount-Request", "1")
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString())
                                .body())
                        .toString());
    }

    @Test
    void aSevenZipFilmWithoutEncryptedHeadersHasItsCrcVerifiedInTheBackground() throws Exception {
        byte[] film = film(600_011, 7);
        List<PostedFile> posted = post(sevenZip("Crc.Film", film, "-v200k"));
        long itemId = imported(nzb(posted, List.of(PASSWORD)), "Crc.Film", Optional.empty())
                .path("id")
                .asLong();
        assertEquals("verified", memberCrcOnceChecked(itemId), "only the container signature proved the password");
        assertServed(dav("Crc.Film", "Crc.Film.mkv"), film);
        assertTrue(events().contains("\"result\":\"verified\""), "the check is an event");
    }

    @Test
    void aSevenZipFilmWithEncryptedHeadersHasNoCrcLeftToVerify() throws Exception {
        List<PostedFile> posted = post(sevenZip("Hidden.Film", film(300_007, 8), "-mhe=on"));
        JsonNode item = imported(nzb(posted, List.of(PASSWORD)), "Hidden.Film", Optional.empty());
        assertTrue(item.path("primary").path("memberCrc").isNull(), "its header's CRC proved the password: " + item);
    }

    @Test
    void aRar4FilmWithoutEncryptedHeadersHasItsCrcVerifiedInTheBackground() throws Exception {
        byte[] film = film(450_001, 9);
        long itemId = importRar4("Four.Film", film, false);
        assertEquals("verified", memberCrcOnceChecked(itemId));
        assertServed(dav("Four.Film", "Four.Film.mkv"), film);
    }

    @Test
    void aRar4FilmWhoseDecryptedBytesMissTheirRecordedCrcIsRefusedAndServesNoByteAfterTheCheck() throws Exception {
        byte[] film = film(450_001, 10);
        long itemId = importRar4("Bad.Film", film, true);
        assertEquals("mismatch", memberCrcOnceChecked(itemId), "the decrypted bytes are not what the archive records");
        JsonNode item = item(itemId);
        assertTrue(item.path("refused").toString().contains("crc-mismatch"), item::toString);
        assertTrue(events().contains("\"result\":\"mismatch\""), "the mismatch is an event");
        for (String range : java.util.Arrays.asList(null, "bytes=0-99", "bytes=300000-300100")) {
            assertEquals(
                    0, bytesServed(dav("Bad.Film", "Bad.Film.mkv"), range), "no byte after the check, range " + range);
        }
    }

    @Test
    void aStandbyWhoseDecryptedBytesMissTheirRecordedCrcIsDead() throws Exception {
        byte[] film = film(450_001, 11);
        JsonNode item = imported(
                NzbWriter.write(List.of(nntp.post("Pool.Film.mkv", film, PART))), "Pool.Film", Optional.empty());
        long itemId = item.path("id").asLong();
        List<PostedFile> posted = new ArrayList<>();
        for (io.nzbmount.server.archive.ArchiveVolume v : rar4("Pool.Film", film, true)) {
            posted.add(nntp.post(v.name(), v.bytes(), PART));
        }
        HttpResponse<String> added = http.send(
                HttpRequest.newBuilder(app.uri().resolve("/api/nzbs?item=" + itemId + "&role=standby"))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(nzb(posted, List.of(PASSWORD))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, added.statusCode(), added.body());
        JsonNode[] last = {null};
        JsonNode standby = Await.value(
                Duration.ofSeconds(90),
                () -> {
                    last[0] = item(itemId);
                    JsonNode s = null;
                    for (JsonNode other : last[0].path("otherSources")) s = other;
                    return s != null && s.path("state").asText().equals("dead") ? s : null;
                },
                () -> "the standby is dead: " + last[0]);
        assertEquals("mismatch", standby.path("memberCrc").asText(), standby::toString);
        assertTrue(standby.path("reason").asText().contains("a wrong password or damaged data"), standby::toString);
        assertTrue(item(itemId).path("primary").path("memberCrc").isNull(), "a plain primary has nothing to check");
        assertServed(dav("Pool.Film", "Pool.Film.mkv"), film);
    }

    /** A RAR4 {@code -p} set without encrypted headers, in three volumes, imported with the password in a meta. */
    private long importRar4(String name, byte[] film, boolean wrongCrc) throws Exception {
        List<PostedFile> posted = new ArrayList<>();
        for (io.nzbmount.server.archive.ArchiveVolume v : rar4(name, film, wrongCrc))
            posted.add(nntp.post(v.name(), v.bytes(), PART));
        return imported(nzb(posted, List.of(PASSWORD)), name, Optional.empty())
                .path("id")
                .asLong();
    }

    /** The volumes of a RAR4 {@code -p} set, their recorded CRC wrong when asked. */
    private static List<io.nzbmount.server.archive.ArchiveVolume> rar4(String name, byte[] film, boolean wrongCrc) {
        List<io.nzbmount.server.archive.ArchiveVolume> volumes = io.nzbmount.server.archive.EncryptedRar4Writer.write(
                name,
                name + ".mkv",
                film,
                160_000,
                PASSWORD,
                new io.nzbmount.server.archive.EncryptedRar4Writer.Options(
                        false, false, new byte[] {1, 2, 3, 4, 5, 6, 7, 8}));
        return wrongCrc ? io.nzbmount.server.archive.EncryptedRar4Writer.withWrongCrc(volumes) : volumes;
    }

    /** The primary's {@code memberCrc} once it is no longer pending (the check runs in the background). */
    private String memberCrcOnceChecked(long itemId) throws Exception {
        return Await.value(
                Duration.ofSeconds(90),
                () -> {
                    String state =
                            item(itemId).path("primary").path("memberCrc").asText();
                    return state.equals("pending") ? null : state;
                },
                () -> "the primary's member CRC checked");
    }

    private JsonNode item(long itemId) throws Exception {
        return JSON.readTree(http.send(
                        HttpRequest.newBuilder(app.uri().resolve("/api/items/" + itemId))
                                .header("X-NZBMount-Request", "1")
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
    }

    private String events() throws Exception {
        return http.send(
                        HttpRequest.newBuilder(app.uri().resolve("/api/events"))
                                .header("X-NZBMount-Request", "1")
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
    }

    /** The body bytes a GET receives before its response ends, whatever its status, cut short or not. */
    private long bytesServed(URI uri, String range) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (range != null) b.header("Range", range);
        HttpResponse<java.io.InputStream> r = http.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        long got = 0;
        byte[] buffer = new byte[8192];
        try (java.io.InputStream in = r.body()) {
            for (int n; (n = in.read(buffer)) > 0; ) got += n;
        } catch (java.io.IOException cut) {
            // the response ended short: what came before counts
        }
        return r.statusCode() / 100 == 2 ? got : 0;
    }

    private Optional<SourcePasswords.Stored> stored() throws Exception {
        app.close();
        app = null;
        try (Database db = Database.open(dataDir)) {
            return db.transaction(c -> SourcePasswords.ofSource(c, 1));
        }
    }

    /** Random bytes that start as a Matroska file. */
    private static byte[] film(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        System.arraycopy(new byte[] {0x1A, 0x45, (byte) 0xDF, (byte) 0xA3}, 0, b, 0, 4);
        return b;
    }

    /** {@code name.mkv} packed by 7zz with the password, stored, with more options; its volumes by name. */
    private List<Path> sevenZip(String name, byte[] film, String... options) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name));
        Files.write(work.resolve(name + ".mkv"), film);
        Path tool = Path.of("/usr/bin/7zz");
        if (!Files.isExecutable(tool)) {
            String ci = System.getenv("CI");
            if (ci != null && !ci.isBlank() && !ci.equalsIgnoreCase("false"))
                throw new AssertionError(tool + " is missing on CI");
            Assumptions.abort(tool + " is not installed");
        }
        List<String> command = new ArrayList<>(List.of(tool.toString(), "a", "-bd", "-t7z", "-mx0", "-p" + PASSWORD));
        command.addAll(List.of(options));
        command.addAll(List.of(
                dir.resolve(name + ".7z").toString(),
                work.resolve(name + ".mkv").toString()));
        Process p = new ProcessBuilder(command)
                .directory(work.toFile())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve(name + ".log").toFile())
                .start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "7zz finished");
        assertEquals(0, p.exitValue(), () -> command + ": " + read(work.resolve(name + ".log")));
        try (Stream<Path> parts = Files.list(dir)) {
            return parts.sorted().toList();
        }
    }

    private static String read(Path log) {
        try {
            return Files.readString(log);
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    private List<PostedFile> post(List<Path> volumes) throws Exception {
        List<PostedFile> posted = new ArrayList<>();
        for (Path v : volumes) posted.add(nntp.post(v.getFileName().toString(), Files.readAllBytes(v), PART));
        return posted;
    }

    /** An NZB without a title whose head holds the password metas. */
    private static String nzb(List<PostedFile> posted, List<String> passwords) {
        String nzb = NzbWriter.write(posted);
        StringBuilder head = new StringBuilder("\n  <head>\n");
        for (String p : passwords)
            head.append("    <meta type=\"password\">").append(p).append("</meta>\n");
        head.append("  </head>");
        int at = nzb.indexOf('>', nzb.indexOf("<nzb")) + 1;
        return nzb.substring(0, at) + head + nzb.substring(at);
    }

    private HttpResponse<String> send(String nzb, String name, Optional<String> password) throws Exception {
        String query = "?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8)
                + password.map(p -> "&password=" + URLEncoder.encode(p, StandardCharsets.UTF_8))
                        .orElse("");
        return http.send(
                HttpRequest.newBuilder(app.uri().resolve("/api/nzbs" + query))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofString(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode imported(String nzb, String name, Optional<String> password) throws Exception {
        HttpResponse<String> r = send(nzb, name, password);
        assertEquals(201, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    /** The WebDAV URL of {@code file} in the folder of the item imported under the name {@code item}. */
    private URI dav(String item, String file) {
        return app.uri().resolve("/dav/library/" + encode(ItemNames.folder(item).orElseThrow()) + "/" + encode(file));
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** The whole file, then ranges at random offsets and across the 16-byte blocks, by SHA-256. */
    private void assertServed(URI file, byte[] film) throws Exception {
        assertArrayEquals(sha256(film), sha256(get(file, null)), "the whole file");
        Random offsets = new Random(film.length);
        List<long[]> ranges = new ArrayList<>(List.of(
                new long[] {0, 0},
                new long[] {15, 16},
                new long[] {31, 33},
                new long[] {film.length - 1, film.length - 1},
                new long[] {film.length - 17, film.length - 1}));
        for (int i = 0; i < 20; i++) {
            long first = offsets.nextInt(film.length);
            ranges.add(new long[] {first, Math.min(film.length - 1, first + offsets.nextInt(150_000))});
        }
        for (long[] r : ranges) {
            assertArrayEquals(
                    sha256(Arrays.copyOfRange(film, (int) r[0], (int) r[1] + 1)),
                    sha256(get(file, "bytes=" + r[0] + "-" + r[1])),
                    "bytes " + r[0] + "-" + r[1]);
        }
    }

    private byte[] get(URI uri, String range) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (range != null) b.header("Range", range);
        HttpResponse<byte[]> r = http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(range == null ? 200 : 206, r.statusCode(), () -> new String(r.body(), StandardCharsets.UTF_8));
        return r.body();
    }

    private static byte[] sha256(byte[] b) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(b);
    }
}
