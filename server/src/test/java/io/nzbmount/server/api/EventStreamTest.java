package io.nzbmount.server.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Events;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /api/events/stream} over real HTTP: events as they are stored, heartbeats, catching up, ending at stop. */
class EventStreamTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String END = "\u0000end";

    @TempDir
    Path dir;

    private Database db;
    private EventLog log;
    private EventFeed feed;
    private Server server;
    private HttpClient client;
    private URI stream;
    private final List<Thread> readers = new ArrayList<>();

    @BeforeEach
    void setUp() throws Exception {
        db = Database.open(dir);
        log = new EventLog(db, Clock.systemUTC());
        feed = new EventFeed(log, Clock.systemUTC(), Duration.ofMillis(50));
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new EventStreamHandler(feed, Duration.ofMillis(300)));
        server.setStopTimeout(10_000);
        server.start();
        stream = URI.create("http://127.0.0.1:" + connector.getLocalPort() + EventStreamHandler.PATH);
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    @AfterEach
    void tearDown() throws Exception {
        feed.close();
        server.stop();
        client.close();
        for (Thread t : readers) t.join(5000);
        db.close();
    }

    /** Opens the stream; its lines arrive in the queue, then {@link #END} when the response ends. */
    private BlockingQueue<String> open(String lastEventId) throws Exception {
        return open(stream, lastEventId);
    }

    private BlockingQueue<String> open(URI uri, String lastEventId) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri).GET();
        if (lastEventId != null) b.header("Last-Event-ID", lastEventId);
        HttpResponse<InputStream> r = client.send(b.build(), HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, r.statusCode());
        assertEquals(
                "text/event-stream; charset=utf-8",
                r.headers().firstValue("Content-Type").orElse(""));
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        readers.add(Thread.ofVirtual().start(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) lines.add(line);
            } catch (Exception e) {
                // Ended either way.
            }
            lines.add(END);
        }));
        return lines;
    }

    /** The next line that starts with {@code prefix}, waiting up to 10 s. */
    private static String next(BlockingQueue<String> lines, String prefix) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (line == null || line.equals(END)) return line;
            if (line.startsWith(prefix)) return line;
        }
        return null;
    }

    /** Stores an event of any kind word, as the store takes it. */
    private long record(String kind) throws Exception {
        return db.transaction(
                c -> Events.append(c, Instant.now(), OptionalLong.empty(), Optional.of("s1"), kind, "{\"offset\":42}"));
    }

    @Test
    void anEventStoredWhileTheStreamIsOpenArrivesWithItsIdAndTheTimelineShape() throws Exception {
        BlockingQueue<String> lines = open(null);
        assertEquals("retry: 3000", next(lines, "retry:"));
        long id = record("cutover");

        assertEquals("id: " + id, next(lines, "id:"));
        assertEquals("event: timeline", next(lines, "event:"));
        JsonNode data = JSON.readTree(next(lines, "data:").substring("data: ".length()));
        assertEquals(id, data.get("id").asLong());
        assertEquals("s1", data.get("stream").asText());
        assertEquals("cutover", data.get("kind").asText());
        assertEquals(42, data.get("detail").get("offset").asInt());
    }

    @Test
    void withItemOnlyThatItemsEventsAreSentLiveAndOnCatchingUp() throws Exception {
        LibraryImporter importer = new LibraryImporter(db, new FakeSizer(), new FakePresence(), Clock.systemUTC(), 5);
        long watched = importer.importNzb(TestNzbs.film("a", "Watched"), Optional.empty())
                .item()
                .item()
                .id();
        long other = importer.importNzb(TestNzbs.film("b", "Other"), Optional.empty())
                .item()
                .item()
                .id();
        long missed = record(other, "retry");
        long missedWatched = record(watched, "retry");
        BlockingQueue<String> lines = open(URI.create(stream + "?item=" + watched), String.valueOf(missed - 1));
        assertEquals("id: " + missedWatched, next(lines, "id:"));
        record(other, "cutover");
        record(-1, "cutover");
        long cutover = record(watched, "cutover");
        assertEquals("id: " + cutover, next(lines, "id:"));
    }

    @Test
    void aBadItemIsRefusedWithTheParameterNamed() throws Exception {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(URI.create(stream + "?item=x")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains("item must be a whole number"), r.body());
    }

    /** Stores an event of {@code itemId} (none when negative). */
    private long record(long itemId, String kind) throws Exception {
        OptionalLong item = itemId < 0 ? OptionalLong.empty() : OptionalLong.of(itemId);
        return db.transaction(c -> Events.append(c, Instant.now(), item, Optional.of("s1"), kind, "{}"));
    }

    @Test
    void aQuietStreamGetsHeartbeats() throws Exception {
        BlockingQueue<String> lines = open(null);
        assertEquals(": heartbeat", next(lines, ":"));
        assertEquals(": heartbeat", next(lines, ":"));
    }

    @Test
    void aClientThatReconnectsWithLastEventIdGetsWhatItMissedFirstAndNothingTwice() throws Exception {
        long first = record("stall");
        long second = record("retry");
        long third = record("cutover");
        BlockingQueue<String> lines = open(String.valueOf(first));
        assertEquals("id: " + second, next(lines, "id:"));
        assertEquals("id: " + third, next(lines, "id:"));
        long fourth = record("close");
        assertEquals("id: " + fourth, next(lines, "id:"), "the live events follow without repeating the replayed ones");
    }

    @Test
    void closingTheFeedEndsOpenStreamsSoTheServerStopsWithoutWaitingForThem() throws Exception {
        BlockingQueue<String> lines = open(null);
        assertNotNull(next(lines, "retry:"));
        feed.close();
        assertEquals(END, next(lines, "\u0000"), "the response ended");
        long start = System.nanoTime();
        server.stop();
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "the stop did not wait for the stream");
    }

    @Test
    void onlyGetIsAnswered() throws Exception {
        HttpResponse<String> r = client.send(
                HttpRequest.newBuilder(stream)
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(405, r.statusCode());
        assertEquals("GET", r.headers().firstValue("Allow").orElse(""));
    }
}
