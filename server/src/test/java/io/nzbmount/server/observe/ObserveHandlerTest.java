package io.nzbmount.server.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.config.Credentials;
import io.nzbmount.config.FallbackSettings;
import io.nzbmount.config.IndexerSettings;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.config.ReaderSettings;
import io.nzbmount.config.ServerSettings;
import io.nzbmount.config.Settings;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ProviderHealth;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Events;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Health, metrics, streams and diagnostics over real HTTP on 127.0.0.1. */
class ObserveHandlerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant STARTED = Instant.parse("2025-03-01T09:00:00Z");
    private static final String PROVIDER_PASSWORD = "pr0vider-Secret-9d1f";
    private static final String INDEXER_KEY = "apikey-5be0c4a1e2f94d7b";
    private static final String AUTH_PASSWORD = "ui-Passw0rd-77c2";
    /** A provider name with every character the exposition format must escape in a label. */
    private static final String ODD_NAME = "odd \"name\" \\ with\nnewline";

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    private final List<ProviderHealth> providers = new CopyOnWriteArrayList<>();
    private Database db;
    private EventLog events;
    private StreamRegistry registry;
    private Server server;
    private HttpClient client;
    private URI base;

    @BeforeEach
    void start() throws Exception {
        db = Database.open(dir);
        events = new EventLog(db, clock);
        registry = new StreamRegistry(clock);
        Health health = new Health(registry, () -> List.copyOf(providers), clock, STARTED, "1.2.3");
        Settings settings = new Settings(
                ServerSettings.defaults(),
                Optional.of(new Credentials("admin", AUTH_PASSWORD)),
                List.of(new ProviderSettings(
                        "news",
                        "news.example.com",
                        563,
                        true,
                        Optional.of(new Credentials("reader", PROVIDER_PASSWORD)),
                        8,
                        0)),
                List.of(new IndexerSettings("idx", URI.create("https://indexer.example.com/api"), INDEXER_KEY)),
                FallbackSettings.defaults(),
                ReaderSettings.defaults());
        Diagnostics diagnostics = new Diagnostics(settings, events, health, registry, clock);
        server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new ObserveHandler(health, registry, diagnostics));
        server.start();
        base = URI.create("http://127.0.0.1:" + connector.getLocalPort());
        client = HttpClient.newHttpClient();
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        server.stop();
        db.close();
    }

    private HttpResponse<String> get(String path) throws Exception {
        return client.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(), BodyHandlers.ofString());
    }

    private void someActivity() {
        providers.add(new ProviderHealth("main", 5, 2, 3, null, null, 4));
        providers.add(new ProviderHealth(ODD_NAME, 0, 0, 0, Instant.parse("2025-03-01T10:00:30Z"), "auth-rejected", 1));
        LiveStream a = registry.open(
                new StreamStart(1, "Film", "film.mkv", "127.0.0.1:40000", "src-1", 0, 1_000_000),
                () -> new NzbReader.Stats(0, 0, 0, 8, 1, 6));
        a.sent(65_536);
        a.retrying();
        LiveStream b =
                registry.open(new StreamStart(2, "Show", "ep.mkv", "127.0.0.1:40001", "src-2", 500, 10_000), null);
        b.sent(1_000);
        b.cutover("src-3", true, null);
        registry.proving();
    }

    @Test
    void healthShowsStreamsCutoversAndProviders() throws Exception {
        someActivity();
        HttpResponse<String> r = get("/api/health");
        assertEquals(200, r.statusCode());
        assertEquals(
                "application/json; charset=utf-8",
                r.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("no-store", r.headers().firstValue("Cache-Control").orElseThrow());
        JsonNode h = JSON.readTree(r.body());
        assertEquals(2, h.get("activeStreams").asInt());
        assertEquals(1, h.get("retrying").asInt());
        assertEquals(1, h.get("validating").asInt());
        assertEquals(1, h.get("standbyActive").asInt());
        assertEquals(1, h.get("cutoversTotal").asInt());
        assertEquals(66_536, h.get("bytesServedTotal").asLong());
        assertEquals(3600, h.get("uptimeSeconds").asLong());
        assertEquals("1.2.3", h.get("version").asText());
        JsonNode main = h.get("providers").get(0);
        assertEquals("main", main.get("name").asText());
        assertEquals(3, main.get("leased").asInt());
        assertEquals(2, main.get("idle").asInt());
        assertFalse(main.get("coolingDown").asBoolean());
        assertTrue(main.get("coolingDownUntil").isNull());
        JsonNode odd = h.get("providers").get(1);
        assertEquals(ODD_NAME, odd.get("name").asText());
        assertEquals("2025-03-01T10:00:30Z", odd.get("coolingDownUntil").asText());
        assertEquals("auth-rejected", odd.get("coolDownReason").asText());
    }

    @Test
    void healthShowsWhatTheProcessHoldsInPlausibleFigures() throws Exception {
        ByteBuffer held = ByteBuffer.allocateDirect(4 << 20); // direct memory the figure must include
        JsonNode m = JSON.readTree(get("/api/health").body()).get("memory");
        long mib = 1 << 20;
        long rss = m.get("rssBytes").asLong();
        assertTrue(rss > 16 * mib && rss < 64L * 1024 * mib, "a JVM's resident set: " + rss);
        long used = m.get("heapUsedBytes").asLong();
        long committed = m.get("heapCommittedBytes").asLong();
        long max = m.get("heapMaxBytes").asLong();
        assertTrue(used > 0 && used <= committed, "heap used " + used + " within committed " + committed);
        assertTrue(max == -1 || committed <= max, "committed " + committed + " within the limit " + max);
        assertTrue(m.get("directBytes").asLong() >= held.capacity(), "the direct buffer held here counts: " + m);
        assertTrue(m.get("mappedBytes").asLong() >= 0, m.toString());
        assertTrue(m.get("threads").asLong() >= 2, "a JVM runs several threads: " + m);
        assertTrue(m.get("openDescriptors").asLong() >= 4, "stdio and at least the server's socket: " + m);
        assertEquals(4 << 20, held.capacity());
    }

    @Test
    void metricsShowWhatTheProcessHolds() throws Exception {
        List<Sample> samples = new ArrayList<>();
        for (String line : get("/metrics").body().split("\n"))
            if (!line.startsWith("#")) samples.add(parseSample(line));
        double rss = value(samples, "nzbmount_process_resident_memory_bytes", Map.of());
        assertTrue(rss > 16 << 20, "resident set " + rss);
        double used = value(samples, "nzbmount_jvm_heap_bytes", Map.of("area", "used"));
        double committed = value(samples, "nzbmount_jvm_heap_bytes", Map.of("area", "committed"));
        assertTrue(used > 0 && used <= committed, used + " <= " + committed);
        double max = value(samples, "nzbmount_jvm_heap_bytes", Map.of("area", "max"));
        assertTrue(max == -1 || committed <= max, committed + " <= " + max);
        assertTrue(value(samples, "nzbmount_jvm_buffer_pool_bytes", Map.of("pool", "direct")) >= 0);
        assertTrue(value(samples, "nzbmount_jvm_buffer_pool_bytes", Map.of("pool", "mapped")) >= 0);
        assertTrue(value(samples, "nzbmount_process_threads", Map.of()) >= 2);
        assertTrue(value(samples, "nzbmount_process_open_fds", Map.of()) >= 4);
    }

    /** One sample line of the text format: name, labels (unescaped), value. */
    private record Sample(String name, Map<String, String> labels, double value) {}

    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL =
            Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\\\n]|\\\\[\\\\\"n])*)\"");

    private static Sample parseSample(String line) {
        Matcher name = NAME.matcher(line);
        assertTrue(name.lookingAt(), "a sample starts with a metric name: " + line);
        int i = name.end();
        Map<String, String> labels = new HashMap<>();
        if (line.charAt(i) == '{') {
            i++;
            while (line.charAt(i) != '}') {
                Matcher label = LABEL.matcher(line).region(i, line.length());
                assertTrue(label.lookingAt(), "a well-formed, escaped label at " + i + ": " + line);
                labels.put(
                        label.group(1),
                        label.group(2)
                                .replace("\\n", "\n")
                                .replace("\\\"", "\"")
                                .replace("\\\\", "\\"));
                i = label.end();
                if (line.charAt(i) == ',') i++;
            }
            i++;
        }
        assertEquals(' ', line.charAt(i), line);
        return new Sample(name.group(), labels, Double.parseDouble(line.substring(i + 1)));
    }

    @Test
    void metricsAreValidPrometheusTextWithHelpAndType() throws Exception {
        someActivity();
        HttpResponse<String> r = get("/metrics");
        assertEquals(200, r.statusCode());
        assertEquals(
                "text/plain; version=0.0.4; charset=utf-8",
                r.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(r.body().endsWith("\n"), "the last line ends with a line feed");
        Map<String, String> types = new HashMap<>();
        Set<String> helped = new HashSet<>();
        List<Sample> samples = new ArrayList<>();
        for (String line : r.body().split("\n", -1)) {
            if (line.isEmpty()) continue;
            if (line.startsWith("# HELP ")) {
                String name = line.substring(7).split(" ", 2)[0];
                assertTrue(helped.add(name), "one HELP per metric: " + name);
                assertFalse(types.containsKey(name), "HELP comes before TYPE: " + name);
            } else if (line.startsWith("# TYPE ")) {
                String[] parts = line.substring(7).split(" ");
                assertEquals(2, parts.length, line);
                assertTrue(Set.of("counter", "gauge").contains(parts[1]), line);
                assertTrue(types.put(parts[0], parts[1]) == null, "one TYPE per metric: " + line);
            } else {
                assertFalse(line.startsWith("#"), "no other comments: " + line);
                Sample s = parseSample(line);
                assertTrue(types.containsKey(s.name()), "a sample follows its TYPE line: " + line);
                assertTrue(s.name().startsWith("nzbmount_"), line);
                if (types.get(s.name()).equals("counter")) assertTrue(s.name().endsWith("_total"), line);
                samples.add(s);
            }
        }
        assertEquals(helped, types.keySet());
        assertEquals(2.0, value(samples, "nzbmount_streams_active", Map.of()));
        assertEquals(1.0, value(samples, "nzbmount_streams_retrying", Map.of()));
        assertEquals(1.0, value(samples, "nzbmount_validations_running", Map.of()));
        assertEquals(1.0, value(samples, "nzbmount_streams_on_standby", Map.of()));
        assertEquals(1.0, value(samples, "nzbmount_cutovers_total", Map.of()));
        assertEquals(66_536.0, value(samples, "nzbmount_bytes_served_total", Map.of()));
        assertEquals(3600.0, value(samples, "nzbmount_uptime_seconds", Map.of()));
        assertEquals(1.0, value(samples, "nzbmount_build_info", Map.of("version", "1.2.3")));
        assertEquals(
                3.0, value(samples, "nzbmount_provider_connections", Map.of("provider", "main", "state", "leased")));
        assertEquals(2.0, value(samples, "nzbmount_provider_connections", Map.of("provider", "main", "state", "idle")));
        assertEquals(
                0.0,
                value(samples, "nzbmount_provider_connections", Map.of("provider", ODD_NAME, "state", "idle")),
                "an escaped label value reads back as the provider's name");
        assertEquals(1.0, value(samples, "nzbmount_provider_cooling_down", Map.of("provider", ODD_NAME)));
        assertEquals(0.0, value(samples, "nzbmount_provider_cooling_down", Map.of("provider", "main")));
        assertEquals(4.0, value(samples, "nzbmount_provider_failures_total", Map.of("provider", "main")));
    }

    private static double value(List<Sample> samples, String name, Map<String, String> labels) {
        List<Sample> found = samples.stream()
                .filter(s -> s.name().equals(name) && s.labels().equals(labels))
                .toList();
        assertEquals(1, found.size(), name + labels + " in " + samples);
        return found.get(0).value();
    }

    @Test
    void streamsListEveryOpenStream() throws Exception {
        someActivity();
        JsonNode body = JSON.readTree(get("/api/streams").body());
        JsonNode streams = body.get("streams");
        assertEquals(2, streams.size());
        JsonNode first = streams.get(0);
        assertEquals(1, first.get("item").asInt());
        assertEquals("film.mkv", first.get("file").asText());
        assertEquals("127.0.0.1:40000", first.get("client").asText());
        assertEquals(65_536, first.get("offset").asLong());
        assertEquals(65_536, first.get("bytesSent").asLong());
        assertEquals(6, first.get("readAhead").get("ready").asInt());
        assertEquals(0.75, first.get("readAhead").get("fill").asDouble());
        assertTrue(first.get("retrying").asBoolean());
        JsonNode second = streams.get(1);
        assertEquals("src-3", second.get("source").asText());
        assertTrue(second.get("onStandby").asBoolean());
        assertEquals(1, second.get("cutovers").asInt());
        assertTrue(second.get("readAhead").isNull());
    }

    @Test
    void diagnosticsNeverHoldASecret() throws Exception {
        someActivity();
        HttpResponse<String> r = get("/api/diagnostics");
        assertEquals(200, r.statusCode());
        assertFalse(r.body().contains(PROVIDER_PASSWORD), "provider password");
        assertFalse(r.body().contains(INDEXER_KEY), "indexer apiKey");
        assertFalse(r.body().contains(AUTH_PASSWORD), "login password");
        JsonNode d = JSON.readTree(r.body());
        assertEquals(
                Settings.MASK,
                d.get("settings").get("providers").get(0).get("password").asText());
        assertEquals(
                Settings.MASK,
                d.get("settings").get("indexers").get(0).get("apiKey").asText());
        assertEquals(
                "reader",
                d.get("settings").get("providers").get(0).get("username").asText());
    }

    /** Stores an event of any kind word, as the store takes it, at the clock's time. */
    private void record(String stream, String kind, String detailJson) throws Exception {
        db.transaction(
                c -> Events.append(c, clock.instant(), OptionalLong.empty(), Optional.of(stream), kind, detailJson));
    }

    @Test
    void diagnosticsAreADownloadWithTheLastTenMinutesOfEvents() throws Exception {
        someActivity();
        record("s1", "stall", "{\"offset\":1}");
        clock.advance(Duration.ofMinutes(5));
        record("s1", "cutover", "{\"from\":\"src-1\",\"to\":\"src-3\"}");
        clock.advance(Duration.ofMinutes(6));
        record("s2", "close", "{\"reason\":\"the player stopped reading\"}");
        HttpResponse<String> r = get("/api/diagnostics");
        assertEquals(
                "attachment; filename=\"nzbmount-diagnostics-20250301-101100.json\"",
                r.headers().firstValue("Content-Disposition").orElseThrow());
        JsonNode d = JSON.readTree(r.body());
        assertEquals("2025-03-01T10:11:00Z", d.get("generated").asText());
        List<String> kinds = new ArrayList<>();
        d.get("events").forEach(e -> kinds.add(e.get("kind").asText()));
        assertEquals(List.of("cutover", "close"), kinds, "the stall is 11 minutes old");
        assertEquals("src-3", d.get("events").get(0).get("detail").get("to").asText());
        assertEquals(2, d.get("health").get("activeStreams").asInt());
        assertEquals(2, d.get("streams").size());
        assertFalse(d.get("eventsTruncated").asBoolean());
    }

    @Test
    void diagnosticsStillComeWhenTheDatabaseFails() throws Exception {
        db.close();
        HttpResponse<String> r = get("/api/diagnostics");
        assertEquals(200, r.statusCode());
        JsonNode d = JSON.readTree(r.body());
        assertTrue(d.get("eventsError").asText().startsWith("the event timeline could not be read"));
        assertEquals(0, d.get("events").size());
        db = Database.open(dir);
    }

    @Test
    void otherMethodsAreRefusedWithAllow() throws Exception {
        for (String path : List.of("/api/health", "/metrics", "/api/streams", "/api/diagnostics")) {
            HttpResponse<String> r = client.send(
                    HttpRequest.newBuilder(base.resolve(path))
                            .POST(HttpRequest.BodyPublishers.ofString("x"))
                            .build(),
                    BodyHandlers.ofString());
            assertEquals(405, r.statusCode(), path);
            assertEquals("GET", r.headers().firstValue("Allow").orElseThrow());
            assertTrue(JSON.readTree(r.body()).get("error").asText().contains("POST"));
        }
    }

    @Test
    void otherPathsAreLeftToTheNextHandler() throws Exception {
        assertEquals(404, get("/api/items").statusCode());
        assertEquals(404, get("/metricsx").statusCode());
        assertEquals(200, get("/api/health/").statusCode());
    }
}
