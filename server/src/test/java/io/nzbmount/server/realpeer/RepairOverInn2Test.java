package io.nzbmount.server.realpeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A film posted by nyuu to inn2 together with the PAR2 files Debian's {@code par2 create -r8}
 * made for it, in one NZB, with articles of the film really cancelled and no standby: the
 * server rebuilds the missing articles from the recovery data, and a GET of the whole film is the
 * original's bytes, compared by SHA-256. Damage beyond the recovery data ends the response
 * cleanly at the first hole, and the item says how many recovery slices it would need.
 */
@Tag("realpeer")
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class RepairOverInn2Test {
    private static final int PART = RealPeer.PART_SIZE;
    /** 51 articles, the last one part full: about 36 MB; -r8 gives about 2.9 MB of recovery data. */
    private static final long SIZE = 50L * PART + 123_457;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration REPAIR_PATIENCE = Duration.ofMinutes(5);

    @TempDir(factory = TargetTempDir.class)
    Path work;

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30))
            .build();

    @BeforeEach
    void realPeersAreThere() {
        RealPeer.requireOrSkip();
        Tool.requireOrSkip("par2");
    }

    /** Three articles of the film cancelled (about 2.1 MB, within the 8 % of recovery data). */
    @Test
    void aFilmMissingThreeArticlesIsServedWholeFromItsOwnPar2Files() throws Exception {
        Path dir = release("Repair.Whole.2023.1080p.mkv", 2701);
        Path film = dir.resolve("Repair.Whole.2023.1080p.mkv");
        Path nzb = RealPeer.postFile(dir);
        List<Integer> cancelled = List.of(10, 25, 40);
        cancel(nzb, film, cancelled);
        try (LibraryServer server = LibraryServer.onInn2(work.resolve("data"))) {
            JsonNode item = importNzb(server, nzb, "Repair Whole");
            URI file = server.uri().resolve(item.get("files").get(0).get("path").asText());
            // The first play meets a hole: its repair starts (if the import's check did not start
            // it), and the response waits for it or ends cleanly; whichever, no wrong byte.
            byte[] first = get(file);
            Originals.assertSameBytes(Originals.slice(film, 0, first.length), first, 0, "the first GET");
            JsonNode repair = awaitRepair(server, item.get("id").asLong());
            assertEquals("done", repair.get("state").asText(), repair::toString);
            assertTrue(repair.get("slicesMissing").asInt() > 0, repair::toString);
            byte[] whole = get(file);
            assertEquals(SIZE, whole.length, "bytes of the GET after the repair");
            assertEquals(
                    Originals.sha256(film), Originals.sha256(whole), "SHA-256 of the film served after the repair");
            JsonNode coverage = json(server, "/api/items/" + item.get("id").asLong() + "/coverage");
            assertTrue(
                    coverage.toString().contains("\"rebuilt\":[["), "the coverage shows rebuilt ranges: " + coverage);
        }
    }

    /** Seven articles cancelled (about 5 MB): more than the recovery data can rebuild. */
    @Test
    void damageBeyondTheRecoveryDataEndsTheResponseCleanlyAtTheFirstHole() throws Exception {
        Path dir = release("Repair.Beyond.2023.1080p.mkv", 2702);
        Path film = dir.resolve("Repair.Beyond.2023.1080p.mkv");
        Path nzb = RealPeer.postFile(dir);
        List<Integer> cancelled = List.of(12, 14, 18, 22, 30, 35, 44);
        cancel(nzb, film, cancelled);
        try (LibraryServer server = LibraryServer.onInn2(work.resolve("data"))) {
            JsonNode item = importNzb(server, nzb, "Repair Beyond");
            long id = item.get("id").asLong();
            URI file = server.uri().resolve(item.get("files").get(0).get("path").asText());
            byte[] first = get(file);
            assertEquals(12L * PART, first.length, "the response ends at the first hole");
            Originals.assertSameBytes(Originals.slice(film, 0, first.length), first, 0, "the bytes before the hole");
            JsonNode repair = awaitRepair(server, id);
            assertEquals("impossible", repair.get("state").asText(), repair::toString);
            assertTrue(
                    repair.get("reason").asText().matches("needs \\d+ recovery slices, \\d+ can be read"),
                    repair::toString);
            byte[] again = get(file);
            // The connection is aborted at the hole: bytes the server wrote just before it may not
            // all reach the client, so the end lies at the hole or a little before, never past it.
            assertTrue(
                    again.length <= 12L * PART && again.length > 11L * PART,
                    "a second play also ends at the hole: " + again.length);
            Originals.assertSameBytes(Originals.slice(film, 0, again.length), again, 0, "the bytes of the second play");
        }
    }

    /** A folder with the film ({@code seed} gives its bytes) and the par2 files of {@code par2 create -r8}. */
    private Path release(String name, long seed) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name.replace(".mkv", "")));
        Path film = dir.resolve(name);
        Files.copy(RealPeer.randomFile(SIZE, seed), film);
        Tool.Result r = Tool.command(
                        "par2",
                        "create",
                        "-q",
                        "-r8",
                        dir.resolve(name.replace(".mkv", ".par2")).toString(),
                        film.toString())
                .timeout(Duration.ofMinutes(3))
                .run();
        assertEquals(0, r.exit(), r::stderr);
        try (var files = Files.list(dir)) {
            assertTrue(files.filter(p -> p.toString().endsWith(".par2")).count() > 1, "par2 made recovery volumes");
        }
        return dir;
    }

    /** Cancels the articles {@code parts} (0-based) of the film in the posted NZB. */
    private static void cancel(Path nzb, Path film, List<Integer> parts) throws IOException {
        Nzb parsed = Releases.parse(nzb);
        NzbFile posted = parsed.files().stream()
                .filter(f -> f.name().equals(film.getFileName().toString()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("the NZB has no " + film.getFileName() + ": " + parsed.files()));
        List<NzbSegment> segments = posted.segments();
        assertEquals(Releases.articles(SIZE), segments.size(), "articles of the film");
        for (int k : parts) RealPeer.cancelArticle(segments.get(k).messageId());
    }

    private JsonNode importNzb(LibraryServer server, Path nzb, String name) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(server.uri().resolve("/api/nzbs?name=" + name.replace(" ", "%20")))
                        .header("Content-Type", "application/x-nzb")
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(Files.readAllBytes(nzb)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(201, r.statusCode(), r::body);
        return JSON.readTree(r.body());
    }

    /** Starts the repair of the item's primary (a repair already queued or running is kept) and waits for its end. */
    private JsonNode awaitRepair(LibraryServer server, long id) throws Exception {
        HttpResponse<String> started = http.send(
                HttpRequest.newBuilder(server.uri().resolve("/api/items/" + id + "/repair"))
                        .header("X-NZBMount-Request", "1")
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, started.statusCode(), started::body);
        long deadline = System.nanoTime() + REPAIR_PATIENCE.toNanos();
        while (true) {
            JsonNode repairs = json(server, "/api/items/" + id + "/repair").get("repairs");
            JsonNode repair = repairs.isEmpty() ? null : repairs.get(0);
            if (repair != null
                    && !List.of("queued", "running")
                            .contains(repair.get("state").asText())) return repair;
            if (System.nanoTime() > deadline)
                throw new AssertionError("the repair did not end in " + REPAIR_PATIENCE + ": " + repairs);
            Thread.sleep(200);
        }
    }

    private JsonNode json(LibraryServer server, String path) throws Exception {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(server.uri().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r::body);
        return JSON.readTree(r.body());
    }

    /**
     * A GET on its own connection, read to its end on a plain socket: every byte the server sent
     * before it closed the connection (a client library may drop the last of them when a response
     * ends short).
     */
    private static byte[] get(URI file) throws Exception {
        try (RawHttpConnection c = RawHttpConnection.open(file, 0)) {
            HttpHead head = c.send("GET", file.getRawPath(), Map.of("Connection", "close"), null);
            assertEquals(200, head.status());
            return c.readToEnd();
        }
    }
}
