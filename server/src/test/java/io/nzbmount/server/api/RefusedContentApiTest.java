package io.nzbmount.server.api;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.archive.ArchiveScan;
import io.nzbmount.server.archive.ArchiveSet;
import io.nzbmount.server.archive.Member;
import io.nzbmount.server.archive.Refusal;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.FakeArchiveReader;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the API says about archives that cannot be streamed. */
class RefusedContentApiTest {
    private static final byte[] RAR5 = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00};
    private static final String COMPRESSED =
            "Film.mkv inside Film.rar is compressed (RAR method 3); only stored archives can be streamed";

    @TempDir
    Path dir;

    private Database db;
    private Server server;
    private final HttpClient client = HttpClient.newHttpClient();
    private URI base;

    @BeforeEach
    void start() throws Exception {
        db = Database.open(dir);
        FakeSizer sizer = new FakeSizer();
        sizer.heads.put("Film.rar", RAR5);
        FakeArchiveReader formats = new FakeArchiveReader(names -> new ArchiveScan(
                List.of(new ArchiveSet(
                        "Film",
                        ArchiveSet.Format.RAR5,
                        List.of(0),
                        List.of(new Member(
                                "Film.mkv",
                                9_000_000,
                                List.of(),
                                Optional.of(new Refusal(Refusal.Reason.COMPRESSED, COMPRESSED)))),
                        Optional.empty())),
                Set.of(0)));
        MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
        LibraryImporter importer = new LibraryImporter(db, sizer, new FakePresence(), formats, clock, 5);
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(ApiHandler.builder(importer, new ItemCatalog(db), new EventLog(db, clock))
                .build());
        server.start();
        base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
    }

    @AfterEach
    void stop() throws Exception {
        server.stop();
        db.close();
        client.close();
    }

    private HttpResponse<String> post(byte[] nzb) throws Exception {
        return client.send(
                HttpRequest.newBuilder(base.resolve("/api/nzbs"))
                        .header("Content-Type", "application/x-nzb")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void refusedArchiveIsListedOnTheItemWithItsReason() throws Exception {
        HttpResponse<String> created = post(
                TestNzbs.nzb("a", "Film", List.of(file("Trailer.mkv", 50, 740_000), file("Film.rar", 60, 740_000))));
        assertEquals(201, created.statusCode(), created.body());
        long id = new ObjectMapper().readTree(created.body()).path("id").asLong();

        JsonNode item = new ObjectMapper()
                .readTree(client.send(
                                HttpRequest.newBuilder(base.resolve("/api/items/" + id))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
        assertEquals(1, item.path("refused").size(), item.toString());
        JsonNode refused = item.path("refused").get(0);
        assertEquals("Film.mkv", refused.path("name").asText());
        assertEquals("compressed", refused.path("reason").asText());
        assertEquals(COMPRESSED, refused.path("message").asText());
        assertEquals("Trailer.mkv", item.path("files").get(0).path("name").asText());
    }

    @Test
    void releaseWithNothingServableIsRefusedWith422AndTheReason() throws Exception {
        HttpResponse<String> refused = post(TestNzbs.nzb("b", "Film", List.of(file("Film.rar", 60, 740_000))));
        assertEquals(422, refused.statusCode(), refused.body());
        String error = new ObjectMapper().readTree(refused.body()).path("error").asText();
        assertTrue(error.contains(COMPRESSED), error);
        assertFalse(refused.body().contains("Exception"), refused.body());
        JsonNode items = new ObjectMapper()
                .readTree(client.send(
                                HttpRequest.newBuilder(base.resolve("/api/items"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body());
        assertEquals(0, items.path("items").size(), items.toString());
    }
}
