package io.nzbmount.server.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.standby.PlaybackLiveness;
import io.nzbmount.server.standby.PlayerSignals;
import io.nzbmount.server.store.Database;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code POST /api/items/{id}/playback} over real HTTP. */
class PlaybackHandlerTest {
    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    Database db;
    Server server;
    HttpClient client;
    PlayerSignals signals;
    String base;
    long item;

    @BeforeEach
    void setUp() throws Exception {
        db = Database.open(dir);
        item = new LibraryImporter(db, new FakeSizer(), new FakePresence(), clock, 5)
                .importNzb(TestNzbs.film("a", "Film"), Optional.empty())
                .item()
                .item()
                .id();
        signals = new PlayerSignals(new PlaybackLiveness(clock), clock);
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new PlaybackHandler(signals, new ItemCatalog(db)));
        server.start();
        base = "http://127.0.0.1:" + connector.getLocalPort();
        client = HttpClient.newHttpClient();
    }

    @AfterEach
    void tearDown() throws Exception {
        server.stop();
        client.close();
        db.close();
    }

    HttpResponse<String> send(String method, long id, String body) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/api/items/" + id + "/playback"))
                .method(
                        method,
                        body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        return client.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void playingAndStoppedSetAndEndThePlayersHold() throws Exception {
        HttpResponse<String> r = send("POST", item, "{\"playing\": true}");
        assertEquals(200, r.statusCode());
        assertEquals(
                "{\"item\":" + item + ",\"playing\":true,\"holdSeconds\":90}",
                r.body().replace(" ", ""));
        assertTrue(signals.holds(item));
        assertEquals(200, send("POST", item, "{\"playing\": false}").statusCode());
        assertFalse(signals.holds(item));
    }

    @Test
    void aBodyWithoutABooleanPlayingIsRefusedAndChangesNothing() throws Exception {
        for (String body : new String[] {"{}", "{\"playing\": \"yes\"}", "[true]", "not json"}) {
            HttpResponse<String> r = send("POST", item, body);
            assertEquals(400, r.statusCode(), body);
            assertTrue(r.body().startsWith("{\"error\":"), r.body());
        }
        assertFalse(signals.holds(item));
    }

    @Test
    void anUnknownItemIsA404WithItsKind() throws Exception {
        HttpResponse<String> r = send("POST", item + 100, "{\"playing\": true}");
        assertEquals(404, r.statusCode());
        assertTrue(r.body().contains("\"kind\":\"unknown-item\""), r.body());
        assertFalse(signals.holds(item + 100));
    }

    @Test
    void onlyPostIsAnswered() throws Exception {
        HttpResponse<String> r = send("GET", item, null);
        assertEquals(405, r.statusCode());
        assertEquals("POST", r.headers().firstValue("Allow").orElse(""));
    }
}
