package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.api.ApiHandler;
import io.nzbmount.server.indexer.ClientOptions;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.TestNewznabServer;
import io.nzbmount.server.indexer.TestRelease;
import io.nzbmount.server.store.StandbyState;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A search from an item ({@code GET /api/search?item=ID}: each result's tier against the item's
 * primary and whether it is one of its sources) and a result added to the item's pool
 * ({@code POST /api/items/{id}/sources}), proved like every standby.
 */
class AddToPoolApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "k3y-for-the-pool-test";
    private static final int SIZE = 1_500_000;

    @TempDir
    Path dir;

    private StandbyRig rig;
    private TestNewznabServer indexer;
    private IndexerSet set;
    private Server server;
    private HttpClient client;
    private URI base;

    @BeforeEach
    void setUp() throws Exception {
        rig = new StandbyRig(dir);
        indexer = TestNewznabServer.start(KEY);
        set = new IndexerSet(List.of(indexer.settings("hydra")), ClientOptions.DEFAULTS);
        byte[] data = StandbyRig.randomBytes(SIZE, 12);
        byte[] other = StandbyRig.randomBytes(SIZE, 13);
        indexer.add(
                release("Dark.Water.2021.1080p.WEB-DL.x264-AAA", "p1", data, 200_000),
                release("Dark.Water.2021.1080p.WEB-DL.x264-BBB", "s1", data, 300_000),
                release("Dark.Water.2021.720p.HDTV.x265-CCC", "s2", other, 250_000),
                release("Dark.Water.Rising.2021.1080p.BluRay.x264-DDD", "q1", other, 250_000));
        IndexerAccess access = new IndexerAccess(set, List.of(indexer.settings("hydra")));
        rig.open(5, Optional.of(access));
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(ApiHandler.builder(rig.importer, rig.catalog, rig.events)
                .picker(new ReleasePicker(access, rig.importer, rig.db))
                .standby(new StandbyStatus(rig.db))
                .build());
        server.start();
        base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
        client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }

    private TestRelease release(String title, String guid, byte[] data, int part) {
        return TestRelease.of(title, guid, rig.post("dark.water.mkv", data, part, null))
                .withSize(SIZE)
                .withPostDate(1_700_000_000L);
    }

    @AfterEach
    void tearDown() throws Exception {
        client.close();
        server.stop();
        rig.close();
        set.close();
        indexer.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(
                HttpRequest.newBuilder(base.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String body) throws Exception {
        return client.send(
                HttpRequest.newBuilder(base.resolve(path))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** A new item whose primary is the result p1. */
    private long itemFromFirstResult() throws Exception {
        assertEquals(200, get("/api/search?q=dark+water").statusCode());
        HttpResponse<String> created = post("/api/items", "{\"indexer\":\"hydra\",\"guid\":\"p1\"}");
        assertEquals(201, created.statusCode(), created.body());
        return JSON.readTree(created.body()).get("id").asLong();
    }

    private static Map<String, JsonNode> byGuid(JsonNode results) {
        Map<String, JsonNode> m = new HashMap<>();
        for (JsonNode r : results) m.put(r.get("guid").asText(), r);
        return m;
    }

    @Test
    void aSearchFromAnItemGivesEachResultItsTierAgainstThePrimaryAndItsStanding() throws Exception {
        long itemId = itemFromFirstResult();

        HttpResponse<String> search = get("/api/search?q=dark+water&item=" + itemId);
        assertEquals(200, search.statusCode(), search.body());
        JsonNode body = JSON.readTree(search.body());
        assertEquals(itemId, body.get("item").get("id").asLong());
        assertEquals(
                "Dark.Water.2021.1080p.WEB-DL.x264-AAA",
                body.get("item").get("primary").asText());
        Map<String, JsonNode> results = byGuid(body.get("results"));
        assertEquals("source", results.get("p1").get("standing").asText(), "the primary itself");
        assertEquals(Tiering.SAME_ENCODING, results.get("s1").get("tier").asInt(), "same resolution and codec");
        assertEquals("new", results.get("s1").get("standing").asText());
        assertEquals(Tiering.SAME_CONTENT, results.get("s2").get("tier").asInt(), "another resolution");
        assertTrue(results.get("q1").get("tier").isNull(), "other content has no tier");

        JsonNode plain = JSON.readTree(get("/api/search?q=dark+water").body());
        assertFalse(plain.has("item"));
        assertFalse(plain.get("results").get(0).has("tier"), "tiers only against an item");
    }

    @Test
    void aResultAddedToAnItemsPoolIsProvedLikeAnyStandbyAndCannotBeAddedTwice() throws Exception {
        long itemId = itemFromFirstResult();
        get("/api/search?q=dark+water&item=" + itemId);

        HttpResponse<String> added =
                post("/api/items/" + itemId + "/sources", "{\"indexer\":\"hydra\",\"guid\":\"s1\"}");
        assertEquals(201, added.statusCode(), added.body());
        assertFalse(added.body().contains(KEY));
        JsonNode item = JSON.readTree(added.body());
        long sourceId = item.get("source").asLong();
        assertEquals(
                "Dark.Water.2021.1080p.WEB-DL.x264-BBB",
                item.get("standby").get(0).get("release").asText());

        rig.tickAndWait();
        assertEquals(
                StandbyState.VERIFIED,
                rig.progress(sourceId).state(),
                rig.progress(sourceId).reason().orElse(""));
        assertEquals(Tiering.SAME_ENCODING, rig.progress(sourceId).tier().getAsInt());

        HttpResponse<String> again =
                post("/api/items/" + itemId + "/sources", "{\"indexer\":\"hydra\",\"guid\":\"s1\"}");
        assertEquals(409, again.statusCode(), again.body());
        assertTrue(JSON.readTree(again.body()).get("error").asText().contains("already a source"), again.body());
        JsonNode search =
                JSON.readTree(get("/api/search?q=dark+water&item=" + itemId).body());
        assertEquals(
                "source",
                byGuid(search.get("results")).get("s1").get("standing").asText());
    }

    @Test
    void aReleaseProvedDifferentForOneItemIsRefusedForAnotherAsDead() throws Exception {
        long itemId = itemFromFirstResult();
        get("/api/search?q=dark+water&item=" + itemId);
        long sourceId = JSON.readTree(
                        post("/api/items/" + itemId + "/sources", "{\"indexer\":\"hydra\",\"guid\":\"s2\"}")
                                .body())
                .get("source")
                .asLong();
        rig.tickAndWait();
        assertEquals(StandbyState.MISMATCH, rig.progress(sourceId).state());

        long otherItem = rig.importer
                .importNzb(
                        rig.post(
                                "other.mkv",
                                StandbyRig.randomBytes(SIZE, 14),
                                250_000,
                                "Dark.Water.2021.2160p.WEB-DL.x265-EEE"),
                        Optional.empty())
                .item()
                .item()
                .id();
        JsonNode search =
                JSON.readTree(get("/api/search?q=dark+water&item=" + otherItem).body());
        assertEquals(
                "dead", byGuid(search.get("results")).get("s2").get("standing").asText());
        HttpResponse<String> refused =
                post("/api/items/" + otherItem + "/sources", "{\"indexer\":\"hydra\",\"guid\":\"s2\"}");
        assertEquals(409, refused.statusCode(), refused.body());
        assertTrue(JSON.readTree(refused.body()).get("error").asText().contains("dead"), refused.body());
    }

    @Test
    void badRequestsToAddToAPoolAreRefusedWithWhatIsWrong() throws Exception {
        long itemId = itemFromFirstResult();
        String path = "/api/items/" + itemId + "/sources";
        assertRefused(400, post(path, "not json"), "not JSON");
        assertRefused(400, post(path, "[1]"), "JSON object");
        assertRefused(400, post(path, "{\"guid\":\"s1\"}"), "\"indexer\"");
        assertRefused(400, post(path, "{\"indexer\":\"hydra\"}"), "\"guid\" or \"link\"");
        assertRefused(400, post(path, "{\"indexer\":\"hydra\",\"guid\":7}"), "non-empty string");
        assertRefused(400, post(path, "{\"indexer\":\"nzbgeek\",\"guid\":\"s1\"}"), "nzbgeek");
        assertRefused(400, post(path, "{\"indexer\":\"hydra\",\"guid\":\"never-seen\"}"), "search again");
        assertRefused(404, post("/api/items/999/sources", "{\"indexer\":\"hydra\",\"guid\":\"s1\"}"), "no item 999");
        assertRefused(400, post("/api/items/x/sources", "{\"indexer\":\"hydra\",\"guid\":\"s1\"}"), "item id");
        assertRefused(405, get(path), "POST");
        assertRefused(404, get("/api/search?q=dark+water&item=999"), "no item 999");
        assertRefused(400, get("/api/search?q=dark+water&item=abc"), "item");
    }

    private static void assertRefused(int status, HttpResponse<String> r, String says) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        String error = JSON.readTree(r.body()).get("error").asText();
        assertTrue(error.contains(says), error);
    }
}
