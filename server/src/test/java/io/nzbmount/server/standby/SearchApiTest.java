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
import io.nzbmount.server.store.PooledResult;
import io.nzbmount.server.store.ResultPool;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code GET /api/search}, {@code POST /api/items} from a result, and standby progress in {@code GET /api/items/{id}}. */
class SearchApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String KEY = "k3y-that-must-not-leak";
    private static final int SIZE = 1_500_000;

    @TempDir
    Path dir;

    private StandbyRig rig;
    private TestNewznabServer indexer;
    private IndexerSet set;
    private Server server;
    private HttpClient client;
    private URI base;
    private TestRelease first;
    private TestRelease second;

    @BeforeEach
    void setUp() throws Exception {
        rig = new StandbyRig(dir);
        indexer = TestNewznabServer.start(KEY);
        set = new IndexerSet(List.of(indexer.settings("hydra")), ClientOptions.DEFAULTS);
        byte[] data = StandbyRig.randomBytes(SIZE, 11);
        first = TestRelease.of(
                        "Night.Train.2021.1080p.WEB-DL.x264-AAA",
                        "r1",
                        rig.post("night.train.mkv", data, 200_000, null))
                .withSize(SIZE)
                .withPostDate(1_700_000_000L);
        second = TestRelease.of(
                        "Night.Train.2021.1080p.WEB-DL.x264-BBB",
                        "r2",
                        rig.post("night.train.mkv", data, 300_000, null))
                .withSize(SIZE)
                .withPostDate(1_700_010_000L);
        indexer.add(first, second);
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

    @Test
    void aSearchResultBecomesAnItemAndTheSearchItsResultPool() throws Exception {
        HttpResponse<String> search = get("/api/search?q=night+train&type=movie");
        assertEquals(200, search.statusCode(), search.body());
        assertFalse(search.body().contains(KEY), "links are shown without the API key");
        JsonNode results = JSON.readTree(search.body()).get("results");
        assertEquals(2, results.size());

        HttpResponse<String> created = post("/api/items", "{\"indexer\":\"hydra\",\"guid\":\"r1\"}");
        assertEquals(201, created.statusCode(), created.body());
        assertFalse(created.body().contains(KEY));
        long itemId = JSON.readTree(created.body()).get("id").asLong();
        List<PooledResult> pool = rig.db.transaction(c -> ResultPool.ofItem(c, itemId));
        assertEquals(2, pool.size());
        assertTrue(pool.stream().noneMatch(r -> r.link().contains(KEY)), "the stored pool holds no API key");

        rig.liveness.opened(itemId).served(4096);
        rig.clock.advance(Duration.ofSeconds(120));
        rig.tickAndWait();
        rig.tickAndWait();

        JsonNode item = JSON.readTree(get("/api/items/" + itemId).body());
        JsonNode standby = item.get("standby");
        assertEquals(1, standby.size(), item.toString());
        assertEquals(
                "Night.Train.2021.1080p.WEB-DL.x264-BBB",
                standby.get(0).get("release").asText());
        JsonNode validation = standby.get(0).get("validation");
        assertEquals("verified", validation.get("state").asText());
        assertEquals(
                validation.get("samplesTotal").asInt(),
                validation.get("samplesDone").asInt());
        assertTrue(validation.get("samplesTotal").asInt() > 0);
        assertEquals(1, validation.get("tier").asInt());
        assertFalse(validation.get("lastValidation").isNull());
        assertEquals(
                1,
                indexer.requests().stream().filter(r -> r.path().contains("r1")).count(),
                "the primary itself is not downloaded again as a standby");
    }

    @Test
    void everyResultCarriesWhatItsNameSaysNextToTheFieldsItHadBefore() throws Exception {
        HttpResponse<String> search = get("/api/search?q=night+train&type=movie");
        assertEquals(200, search.statusCode(), search.body());
        JsonNode result = JSON.readTree(search.body()).get("results").get(0);
        assertEquals(
                "Night.Train.2021.1080p.WEB-DL.x264-AAA", result.get("title").asText());
        assertTrue(result.has("group"), "the Usenet group stays where it was");
        JsonNode release = result.get("release");
        assertEquals("Night Train", release.get("title").asText());
        assertEquals(2021, release.get("year").asInt());
        assertEquals("{\"kind\":\"none\"}", release.get("episodes").toString());
        assertEquals("1080p", release.get("resolution").asText());
        assertEquals("web-dl", release.get("source").asText());
        assertEquals("avc", release.get("codec").asText());
        assertEquals("AAA", release.get("group").asText());
        assertEquals("[]", release.get("editions").toString());
        assertEquals(
                "{\"kind\":\"original\",\"version\":1}", release.get("revision").toString());
        assertTrue(release.get("part").isNull());
    }

    @Test
    void badBodiesAndUnknownIndexersAreRefusedWith400() throws Exception {
        get("/api/search?q=night+train");
        assertEquals(400, post("/api/items", "not json").statusCode());
        assertEquals(400, post("/api/items", "[1,2]").statusCode());
        assertEquals(400, post("/api/items", "{\"guid\":\"r1\"}").statusCode());
        assertEquals(400, post("/api/items", "{\"indexer\":\"hydra\"}").statusCode());
        HttpResponse<String> unknown = post("/api/items", "{\"indexer\":\"nzbgeek\",\"guid\":\"r1\"}");
        assertEquals(400, unknown.statusCode());
        assertTrue(JSON.readTree(unknown.body()).get("error").asText().contains("nzbgeek"));
        assertEquals(400, get("/api/search?q=x&type=music").statusCode());
        assertEquals(400, get("/api/search?q=x&season=1").statusCode());
    }

    @Test
    void indexerFailuresAre502WithoutTheKey() throws Exception {
        indexer.failWith(100, "Incorrect user credentials (apikey " + KEY + ")");
        HttpResponse<String> search = get("/api/search?q=night+train");
        assertEquals(502, search.statusCode(), search.body());
        assertFalse(search.body().contains(KEY));
        indexer.behave();

        get("/api/search?q=night+train");
        indexer.close();
        HttpResponse<String> created = post("/api/items", "{\"indexer\":\"hydra\",\"guid\":\"r2\"}");
        assertEquals(502, created.statusCode(), created.body());
        assertFalse(created.body().contains(KEY));
        assertTrue(JSON.readTree(created.body()).get("error").asText().contains("hydra"));
    }
}
