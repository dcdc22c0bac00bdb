package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.api.ApiHandler;
import io.nzbmount.server.api.SourcesEndpoint;
import io.nzbmount.server.indexer.ClientOptions;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.TestNewznabServer;
import io.nzbmount.server.indexer.TestRelease;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.StandbyState;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The source actions over real HTTP: {@code POST /api/items/{id}/primary},
 * {@code DELETE /api/items/{id}/sources/{sourceId}} and {@code POST /api/items/{id}/research},
 * against a real database, standby service and embedded NNTP server.
 */
class SourcesEndpointTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "key-of-the-test-indexer";
    private static final int SIZE = 900_000;

    @TempDir
    Path dir;

    private StandbyRig rig;
    private Server server;
    private HttpClient client;
    private URI base;
    private final List<AutoCloseable> closing = new ArrayList<>();
    /** The items the endpoint said the user acted on. */
    private final List<Long> acted = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Serves the API over the rig; {@code indexers} tells the endpoint whether any is configured. */
    private void serve(int maxStandby, Optional<IndexerAccess> access) throws Exception {
        rig = new StandbyRig(dir);
        rig.open(maxStandby, access);
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        ApiHandler.Builder api = ApiHandler.builder(rig.importer, rig.catalog, rig.events)
                .standby(new StandbyStatus(rig.db))
                .sources(new SourcesEndpoint(
                        rig.db, rig.events, Optional.of(rig.service), access.isPresent(), rig.clock, acted::add));
        access.ifPresent(a -> api.picker(new ReleasePicker(a, rig.importer, rig.db)));
        server.setHandler(api.build());
        server.start();
        base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterEach
    void tearDown() throws Exception {
        if (client != null) client.close();
        if (server != null) server.stop();
        if (rig != null) rig.close();
        for (int i = closing.size() - 1; i >= 0; i--) closing.get(i).close();
    }

    /** An item whose primary and one standby are postings of the same bytes; the standby proved. */
    private record Film(long item, long primary, long standby) {}

    private Film filmWithVerifiedStandby(long seed) throws Exception {
        byte[] data = StandbyRig.randomBytes(SIZE, seed);
        JsonNode item =
                json(send("POST", "/api/nzbs", rig.post("film" + seed + ".mkv", data, 100_000, "Film " + seed)), 201);
        long id = item.get("id").asLong();
        JsonNode added = json(
                send(
                        "POST",
                        "/api/nzbs?item=" + id + "&role=standby",
                        rig.post("film" + seed + ".mkv", data, 150_000, "Film " + seed + " other")),
                201);
        rig.tickAndWait();
        JsonNode standby = json(send("GET", "/api/items/" + id, null), 200).get("standby");
        assertEquals(1, standby.size(), added.toString());
        assertEquals("validated", standby.get(0).get("state").asText(), standby.toString());
        return new Film(
                id,
                item.get("primary").get("id").asLong(),
                standby.get(0).get("id").asLong());
    }

    @Test
    void aVerifiedStandbyBecomesThePrimaryChosenByTheUserAndTheOldPrimaryAStandby() throws Exception {
        serve(5, Optional.empty());
        Film film = filmWithVerifiedStandby(1);

        JsonNode answer = json(
                send("POST", "/api/items/" + film.item() + "/primary", "{\"source\": " + film.standby() + "}"), 200);
        assertEquals(film.standby(), answer.get("primary").asLong());

        JsonNode item = json(send("GET", "/api/items/" + film.item(), null), 200);
        assertEquals(film.standby(), item.get("primary").get("id").asLong());
        assertEquals("primary", item.get("primary").get("role").asText());
        assertTrue(item.get("primaryChosenByUser").asBoolean());
        assertEquals(List.of(film.item()), acted, "choosing a primary ends the item's no-stable-source problem");
        JsonNode pool = item.get("standby");
        assertEquals(1, pool.size(), pool.toString());
        assertEquals(film.primary(), pool.get(0).get("id").asLong());
        assertEquals("validated", pool.get(0).get("state").asText());
        assertEquals("verified", pool.get(0).get("validation").get("state").asText());
        assertTrue(rig.db
                .transaction(c -> Items.byId(c, film.item()))
                .orElseThrow()
                .primaryByUser());

        rig.tickAndWait();
        JsonNode after = json(send("GET", "/api/items/" + film.item(), null), 200);
        assertEquals(
                "validated",
                after.get("standby").get(0).get("state").asText(),
                "the demoted primary is not proved again");
        JsonNode events =
                json(send("GET", "/api/events?item=" + film.item(), null), 200).get("events");
        JsonNode last = events.get(events.size() - 1);
        assertEquals("primary-chosen", last.get("kind").asText());
        assertEquals(film.primary(), last.get("detail").get("from").asLong());
        assertEquals(film.standby(), last.get("detail").get("to").asLong());
    }

    @Test
    void onlyAVerifiedSourceOfTheItemCanBeMadePrimary() throws Exception {
        serve(5, Optional.empty());
        Film film = filmWithVerifiedStandby(2);
        byte[] other = StandbyRig.randomBytes(SIZE, 99);
        JsonNode pending = json(
                send(
                        "POST",
                        "/api/nzbs?item=" + film.item() + "&role=standby",
                        rig.post("other.mkv", other, 100_000, "Other release")),
                201);
        long pendingId = pending.get("standby").get(1).get("id").asLong();
        assertEquals("pending", pending.get("standby").get(1).get("state").asText());
        JsonNode otherItem = json(
                send("POST", "/api/nzbs", rig.post("third.mkv", StandbyRig.randomBytes(SIZE, 3), 100_000, "Third")),
                201);
        long foreign = otherItem.get("primary").get("id").asLong();
        String path = "/api/items/" + film.item() + "/primary";

        assertTrue(error(send("POST", path, "{\"source\": " + pendingId + "}"), 409)
                .contains("verified"));
        assertTrue(
                error(send("POST", path, "{\"source\": " + foreign + "}"), 404).contains("has no source " + foreign));
        assertTrue(error(send("POST", path, "{\"source\": 424242}"), 404).contains("has no source"));
        assertTrue(error(send("POST", "/api/items/777/primary", "{\"source\": " + film.standby() + "}"), 404)
                .contains("no item 777"));
        assertTrue(error(send("POST", path, "{}"), 400).contains("\"source\""));
        assertTrue(error(send("POST", path, "{\"source\": \"2\"}"), 400).contains("whole number"));
        assertTrue(error(send("POST", path, "not json"), 400).contains("not JSON"));
        assertEquals(405, send("GET", path, null).statusCode());

        JsonNode item = json(send("GET", "/api/items/" + film.item(), null), 200);
        assertEquals(film.primary(), item.get("primary").get("id").asLong(), "a refused choice changes nothing");
        assertFalse(item.get("primaryChosenByUser").asBoolean());
    }

    @Test
    void aRemovedStandbyLeavesThePoolForGoodAndThePrimaryCannotBeRemoved() throws Exception {
        serve(5, Optional.empty());
        Film film = filmWithVerifiedStandby(4);
        String sources = "/api/items/" + film.item() + "/sources/";

        assertTrue(error(send("DELETE", sources + film.primary(), null), 409).contains("is the primary"));
        assertEquals(204, send("DELETE", sources + film.standby(), null).statusCode());
        JsonNode item = json(send("GET", "/api/items/" + film.item(), null), 200);
        assertEquals(0, item.get("standby").size(), item.toString());
        JsonNode gone = item.get("otherSources").get(0);
        assertEquals(film.standby(), gone.get("id").asLong());
        assertEquals("dead", gone.get("state").asText());
        assertTrue(gone.get("reason").asText().contains("removed"));

        rig.tickAndWait();
        assertEquals(
                0,
                json(send("GET", "/api/items/" + film.item(), null), 200)
                        .get("standby")
                        .size(),
                "the next service pass does not bring it back");
        assertEquals(409, send("DELETE", sources + film.standby(), null).statusCode());
        assertEquals(404, send("DELETE", sources + "424242", null).statusCode());
        assertEquals(
                404,
                send("DELETE", "/api/items/777/sources/" + film.standby(), null).statusCode());
        assertEquals(400, send("DELETE", sources + "abc", null).statusCode());
        assertEquals(405, send("POST", sources + film.standby(), "{}").statusCode());
    }

    /** An item with one standby whose background proof is held mid-way ({@link HeldProof}). */
    private Film filmWithStandbyBeingProved(long seed, HeldProof held) throws Exception {
        byte[] data = StandbyRig.randomBytes(SIZE, seed);
        JsonNode item =
                json(send("POST", "/api/nzbs", rig.post("film" + seed + ".mkv", data, 100_000, "Film " + seed)), 201);
        long id = item.get("id").asLong();
        long standby = json(
                        send(
                                "POST",
                                "/api/nzbs?item=" + id + "&role=standby",
                                rig.post("film" + seed + ".mkv", data, 150_000, "Film " + seed + " other")),
                        201)
                .get("standby")
                .get(0)
                .get("id")
                .asLong();
        ProofRunner runner = new ProofRunner(rig.db, held, rig.events, rig.clock);
        runner.adopt(standby);
        held.start(runner, standby);
        return new Film(id, item.get("primary").get("id").asLong(), standby);
    }

    private void assertRemoved(Film film) throws Exception {
        JsonNode item = json(send("GET", "/api/items/" + film.item(), null), 200);
        assertEquals(0, item.get("standby").size(), item.toString());
        JsonNode gone = item.get("otherSources").get(0);
        assertEquals(film.standby(), gone.get("id").asLong());
        assertEquals("dead", gone.get("state").asText(), gone.toString());
        assertEquals("removed from the pool by the user", gone.get("reason").asText());
        assertEquals(StandbyState.DEAD, rig.progress(film.standby()).state());
    }

    @Test
    void aStandbyRemovedByTheUserStaysRemovedWhenItsProofEnds() throws Exception {
        serve(5, Optional.empty());
        try (HeldProof held = new HeldProof()) {
            Film film = filmWithStandbyBeingProved(9, held);
            assertEquals(
                    204,
                    send("DELETE", "/api/items/" + film.item() + "/sources/" + film.standby(), null)
                            .statusCode());

            held.end(new Proof(Verdict.VERIFIED, "all 20 samples match the primary", 20, 20));

            assertRemoved(film);
            rig.tickAndWait();
            assertRemoved(film);
        }
    }

    @Test
    void aStandbyRemovedByTheUserStaysRemovedWhenItsProofIsCutShort() throws Exception {
        serve(5, Optional.empty());
        try (HeldProof held = new HeldProof()) {
            Film film = filmWithStandbyBeingProved(10, held);
            assertEquals(
                    204,
                    send("DELETE", "/api/items/" + film.item() + "/sources/" + film.standby(), null)
                            .statusCode());

            held.cutShort();

            assertRemoved(film);
            // A standby left pending would be proved again by the next pass, and a match would bring it back.
            rig.tickAndWait();
            assertRemoved(film);
        }
    }

    @Test
    void searchingAgainWithoutIndexersIs409() throws Exception {
        serve(5, Optional.empty());
        Film film = filmWithVerifiedStandby(5);
        assertTrue(error(send("POST", "/api/items/" + film.item() + "/research", ""), 409)
                .contains("no indexer"));
        assertEquals(404, send("POST", "/api/items/777/research", "").statusCode());
    }

    @Test
    void searchingAgainFillsThePoolNowWithoutWaitingForPlayback() throws Exception {
        TestNewznabServer indexer = TestNewznabServer.start(KEY);
        closing.add(indexer);
        IndexerSet set = new IndexerSet(List.of(indexer.settings("hydra")), ClientOptions.DEFAULTS);
        closing.add(set);
        serve(5, Optional.of(new IndexerAccess(set, List.of(indexer.settings("hydra")))));
        byte[] data = StandbyRig.randomBytes(SIZE, 6);
        indexer.add(
                TestRelease.of(
                                "Quiet.Lake.2019.1080p.WEB-DL.x264-AAA",
                                "q1",
                                rig.post("quiet.lake.mkv", data, 100_000, null))
                        .withSize(SIZE)
                        .withPostDate(1_700_000_000L),
                TestRelease.of(
                                "Quiet.Lake.2019.1080p.WEB-DL.x264-BBB",
                                "q2",
                                rig.post("quiet.lake.mkv", data, 150_000, null))
                        .withSize(SIZE)
                        .withPostDate(1_700_010_000L));
        json(send("GET", "/api/search?q=quiet+lake&type=movie", null), 200);
        long id = json(send("POST", "/api/items", "{\"indexer\":\"hydra\",\"guid\":\"q1\"}"), 201)
                .get("id")
                .asLong();
        rig.tickAndWait();
        assertEquals(
                0,
                json(send("GET", "/api/items/" + id, null), 200).get("standby").size(),
                "nothing has played, so no pool yet");

        json(send("POST", "/api/items/" + id + "/research", ""), 202);
        assertEquals(List.of(id), acted, "asking for a new search ends the item's no-stable-source problem");
        rig.service.awaitIdle(Duration.ofSeconds(30));
        rig.tickAndWait();
        JsonNode pool = json(send("GET", "/api/items/" + id, null), 200).get("standby");
        assertEquals(1, pool.size(), pool.toString());
        assertEquals(
                "Quiet.Lake.2019.1080p.WEB-DL.x264-BBB",
                pool.get(0).get("release").asText());
        assertEquals("validated", pool.get(0).get("state").asText());
    }

    @Test
    void searchingAgainWithPoolsTurnedOffIs409() throws Exception {
        TestNewznabServer indexer = TestNewznabServer.start(KEY);
        closing.add(indexer);
        IndexerSet set = new IndexerSet(List.of(indexer.settings("hydra")), ClientOptions.DEFAULTS);
        closing.add(set);
        serve(0, Optional.of(new IndexerAccess(set, List.of(indexer.settings("hydra")))));
        long id = json(
                        send("POST", "/api/nzbs", rig.post("off.mkv", StandbyRig.randomBytes(SIZE, 8), 100_000, "Off")),
                        201)
                .get("id")
                .asLong();
        assertTrue(
                error(send("POST", "/api/items/" + id + "/research", ""), 409).contains("turned off"));
    }

    private HttpResponse<String> send(String method, String path, Object body) throws Exception {
        HttpRequest.BodyPublisher publisher = body == null
                ? HttpRequest.BodyPublishers.noBody()
                : body instanceof byte[] b
                        ? HttpRequest.BodyPublishers.ofByteArray(b)
                        : HttpRequest.BodyPublishers.ofString((String) body);
        return client.send(
                HttpRequest.newBuilder(base.resolve(path))
                        .method(method, publisher)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> r, int status) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        return JSON.readTree(r.body());
    }

    private static String error(HttpResponse<String> r, int status) throws Exception {
        return json(r, status).get("error").asText();
    }
}
