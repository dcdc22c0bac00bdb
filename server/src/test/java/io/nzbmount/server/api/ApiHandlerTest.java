package io.nzbmount.server.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The REST API over real HTTP on 127.0.0.1, with a real database and fake providers. */
class ApiHandlerTest {

    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    Database db;
    Server server;
    HttpClient client;
    URI base;

    @BeforeEach
    void start() throws Exception {
        client = HttpClient.newHttpClient();
        startServer();
    }

    void startServer() throws Exception {
        db = Database.open(dir);
        LibraryImporter importer = new LibraryImporter(db, new FakeSizer(), new FakePresence(), clock, 5);
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

    void stopServer() throws Exception {
        server.stop();
        db.close();
    }

    @AfterEach
    void stop() throws Exception {
        stopServer();
        client.close();
    }

    HttpResponse<String> send(String method, String path, HttpRequest.BodyPublisher body, String contentType)
            throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(path)).method(method, body);
        if (contentType != null) b.header("Content-Type", contentType);
        return client.send(b.build(), BodyHandlers.ofString());
    }

    HttpResponse<String> get(String path) throws Exception {
        return send("GET", path, BodyPublishers.noBody(), null);
    }

    HttpResponse<String> post(String path, byte[] body) throws Exception {
        return send("POST", path, BodyPublishers.ofByteArray(body), "application/x-nzb");
    }

    static JsonNode json(HttpResponse<String> r) throws Exception {
        assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"), r.toString());
        return JSON.readTree(r.body());
    }

    /** A refusal: the status, JSON with an error text, no trace of Java internals. */
    static String error(HttpResponse<String> r, int status) throws Exception {
        assertEquals(status, r.statusCode(), r.body());
        JsonNode body = json(r);
        String message = body.path("error").asText();
        assertFalse(message.isBlank(), r.body());
        assertFalse(r.body().contains("Exception") || r.body().contains("\tat "), r.body());
        return message;
    }

    @Test
    void postedNzbCreatesAnItemAndTheSameNzbAgainReturnsIt() throws Exception {
        byte[] nzb = TestNzbs.film("a", "My Film (2020)");
        HttpResponse<String> created = post("/api/nzbs", nzb);
        assertEquals(201, created.statusCode(), created.body());
        JsonNode item = json(created);
        long id = item.get("id").asLong();
        assertEquals(
                "/api/items/" + id, created.headers().firstValue("Location").orElseThrow());
        assertEquals("My Film (2020)", item.get("name").asText());
        JsonNode file = item.get("files").get(0);
        assertEquals(
                "/dav/library/My%20Film%20%282020%29/movie.mkv",
                file.get("path").asText());
        assertEquals(FakeSizer.expectedSize(50), file.get("size").asLong());
        assertEquals(1, item.get("files").size(), "par2 and nfo are not listed");
        assertEquals("ready", item.get("primary").get("state").asText());

        HttpResponse<String> again = post("/api/nzbs?name=whatever", nzb);
        assertEquals(200, again.statusCode());
        assertEquals(id, json(again).get("id").asLong());
        assertEquals(1, json(get("/api/items")).get("items").size());
    }

    @Test
    void browserUploadTakesTheFileField() throws Exception {
        String boundary = "----nzbmountboundary";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.write(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"comment\"\r\n\r\nhello\r\n"
                        + "--" + boundary
                        + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"Uploaded.Film.nzb\"\r\n"
                        + "Content-Type: application/x-nzb\r\n\r\n")
                .getBytes(UTF_8));
        body.write(TestNzbs.film("u", null));
        body.write(("\r\n--" + boundary + "--\r\n").getBytes(UTF_8));
        HttpResponse<String> r = send(
                "POST",
                "/api/nzbs",
                BodyPublishers.ofByteArray(body.toByteArray()),
                "multipart/form-data; boundary=" + boundary);
        assertEquals(201, r.statusCode(), r.body());
        assertEquals("Uploaded.Film", json(r).get("name").asText());

        HttpResponse<String> noFile = send(
                "POST",
                "/api/nzbs",
                BodyPublishers.ofString("--" + boundary
                        + "\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\ny\r\n--" + boundary + "--\r\n"),
                "multipart/form-data; boundary=" + boundary);
        assertTrue(error(noFile, 400).contains("'file'"));
    }

    @Test
    void brokenAndHostileNzbsAre400WithTheParsersReason() throws Exception {
        String malformed = error(post("/api/nzbs", "<nzb>\n<file subject=\"x\">\n</nzb>".getBytes(UTF_8)), 400);
        assertTrue(malformed.matches("not a usable NZB: line \\d+, column \\d+: .+"), malformed);
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE nzb [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><nzb>&x;</nzb>";
        assertFalse(error(post("/api/nzbs", xxe.getBytes(UTF_8)), 400).contains("root:"));
        StringBuilder laughs = new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE l [<!ENTITY a \"aaaaaaaaaa\">");
        for (char c = 'b'; c <= 'j'; c++) {
            laughs.append("<!ENTITY ")
                    .append(c)
                    .append(" \"")
                    .append(("&" + (char) (c - 1) + ";").repeat(10))
                    .append("\">");
        }
        laughs.append("]><nzb>&j;</nzb>");
        error(post("/api/nzbs", laughs.toString().getBytes(UTF_8)), 400);
        assertTrue(error(post("/api/nzbs", new byte[0]), 400).contains("no NZB"));
        assertEquals(0, json(get("/api/items")).get("items").size());
    }

    @Test
    void bodyOverTheCapIs413() throws Exception {
        // Raw sockets: the server answers before the body is all sent, and an HTTP client still
        // uploading may meet the closed connection before it reads that answer.
        int cap = LibraryImporter.MAX_NZB_BYTES;
        String announced = rawPost("Content-Length: " + (cap + 1) + "\r\n", new byte[0]);
        assertTrue(announced.startsWith("HTTP/1.1 413"), announced);
        assertTrue(announced.contains("too large"), announced);

        // Exactly one byte over the cap, so the server has read everything sent when it answers
        // (unread input would turn its close into a reset that can swallow the answer).
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        byte[] piece = new byte[1 << 20];
        for (long sent = 0; sent < cap; sent += piece.length) {
            chunks.write((Integer.toHexString(piece.length) + "\r\n").getBytes(UTF_8));
            chunks.write(piece);
            chunks.write("\r\n".getBytes(UTF_8));
        }
        chunks.write("1\r\nx\r\n0\r\n\r\n".getBytes(UTF_8));
        String chunked = rawPost("Transfer-Encoding: chunked\r\n", chunks.toByteArray());
        assertTrue(chunked.startsWith("HTTP/1.1 413"), chunked);
        assertEquals(0, json(get("/api/items")).get("items").size(), "nothing was stored");
    }

    /** Sends a POST to /api/nzbs with the given framing header and body bytes, then reads the answer. */
    private String rawPost(String framing, byte[] body) throws Exception {
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            var out = socket.getOutputStream();
            out.write(("POST /api/nzbs HTTP/1.1\r\nHost: " + base.getHost() + "\r\nContent-Type: application/x-nzb\r\n"
                            + framing + "\r\n")
                    .getBytes(UTF_8));
            out.write(body);
            out.flush();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            var in = socket.getInputStream();
            try {
                for (int n; (n = in.read(buf)) > 0; ) {
                    answer.write(buf, 0, n);
                    String text = answer.toString(UTF_8);
                    int end = text.indexOf("\r\n\r\n");
                    if (end >= 0 && text.length() > end + 4 && text.endsWith("}")) break;
                }
            } catch (java.net.SocketException closedAfterAnswering) {
                // The server may close once it has answered; what it sent is in the buffer.
            }
            return answer.toString(UTF_8);
        }
    }

    @Test
    void itemDetailListsStandbysAndDeleteRemovesIt() throws Exception {
        long id = json(post("/api/nzbs", TestNzbs.film("a", "Film"))).get("id").asLong();
        HttpResponse<String> standby = post(
                "/api/nzbs?item=" + id + "&role=standby&link=https://idx.example/get/7",
                TestNzbs.film("b", "Film.Other.Release"));
        assertEquals(201, standby.statusCode(), standby.body());
        JsonNode item = json(get("/api/items/" + id));
        assertEquals(1, item.get("standby").size());
        assertEquals("pending", item.get("standby").get(0).get("state").asText());
        assertEquals(
                "https://idx.example/get/7",
                item.get("standby").get(0).get("link").asText());
        assertEquals(
                1, json(get("/api/items")).get("items").get(0).get("standby").asInt());

        assertEquals(
                204,
                send("DELETE", "/api/items/" + id, BodyPublishers.noBody(), null)
                        .statusCode());
        error(send("DELETE", "/api/items/" + id, BodyPublishers.noBody(), null), 404);
        error(get("/api/items/" + id), 404);
    }

    @Test
    void badRequestsSayWhatIsWrong() throws Exception {
        assertTrue(error(get("/api/items/abc"), 400).contains("item id"));
        assertTrue(error(get("/api/items/0"), 400).contains("at least 1"));
        assertTrue(error(get("/api/items/99"), 404).contains("no item 99"));
        HttpResponse<String> wrongMethod = send("POST", "/api/items", BodyPublishers.noBody(), null);
        error(wrongMethod, 405);
        assertEquals("GET", wrongMethod.headers().firstValue("Allow").orElseThrow());
        assertEquals("POST", get("/api/nzbs").headers().firstValue("Allow").orElseThrow());
        error(send("PUT", "/api/items/1", BodyPublishers.noBody(), null), 405);
        byte[] nzb = TestNzbs.film("a", "F");
        assertTrue(error(post("/api/nzbs?role=standby", nzb), 400).contains("go together"));
        assertTrue(error(post("/api/nzbs?item=5&role=primary", nzb), 400).contains("standby"));
        assertTrue(error(post("/api/nzbs?item=5&role=standby", nzb), 404).contains("no item 5"));
        assertTrue(error(post("/api/nzbs?link=file:///etc", nzb), 400).contains("link"));
        assertTrue(error(get("/api/events?limit=5000"), 400).contains("limit"));
        assertTrue(error(get("/api/events?since=yesterday"), 400).contains("since"));
        assertTrue(error(get("/api/events?item=-1"), 400).contains("item"));
        assertTrue(error(get("/api/events?limit=1&limit=2"), 400).contains("more than once"));
        assertEquals(404, get("/api/nothing-here").statusCode(), "unknown paths are left to other handlers");
    }

    @Test
    void eventsPageInOrderWithoutGapsOrRepeats() throws Exception {
        List<Long> items = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            clock.advance(java.time.Duration.ofSeconds(1));
            items.add(json(post("/api/nzbs", TestNzbs.film("e" + i, "Film " + i)))
                    .get("id")
                    .asLong());
        }
        List<Long> seen = new ArrayList<>();
        List<Long> eventIds = new ArrayList<>();
        String next = "0";
        while (next != null) {
            JsonNode page = json(get("/api/events?limit=2&after=" + next));
            assertTrue(page.get("events").size() <= 2);
            for (JsonNode e : page.get("events")) {
                assertEquals("imported", e.get("kind").asText());
                assertNotNull(e.get("detail").get("source"));
                seen.add(e.get("item").asLong());
                eventIds.add(e.get("id").asLong());
            }
            next = page.get("next").isNull() ? null : page.get("next").asText();
        }
        assertEquals(items, seen);
        assertEquals(eventIds.stream().sorted().distinct().toList(), eventIds);

        JsonNode one = json(get("/api/events?item=" + items.get(3)));
        assertEquals(1, one.get("events").size());
        assertTrue(one.get("next").isNull());
        JsonNode recent = json(get("/api/events?since=" + Instant.parse("2025-03-01T10:00:04Z")));
        assertEquals(
                items.subList(3, 5),
                recent.get("events").findValuesAsText("item").stream()
                        .map(Long::valueOf)
                        .toList());
    }

    @Test
    void itemListPagesAndSearchesAndRefusesBadPages() throws Exception {
        List<String> titles = List.of("Alpha Film", "Beta.Film.2020", "Gamma Show", "Delta Film");
        for (int i = 0; i < titles.size(); i++) {
            assertEquals(
                    201,
                    post("/api/nzbs", TestNzbs.film("page" + i, titles.get(i))).statusCode());
        }
        JsonNode all = json(get("/api/items"));
        assertEquals(
                List.of("Alpha Film", "Beta Film (2020)", "Delta Film", "Gamma Show"),
                all.get("items").findValuesAsText("name"));
        assertEquals(4, all.get("total").asInt());

        JsonNode page = json(get("/api/items?limit=2&offset=1"));
        assertEquals(
                List.of("Beta Film (2020)", "Delta Film"), page.get("items").findValuesAsText("name"));
        assertEquals(4, page.get("total").asInt());
        assertEquals(1, page.get("offset").asInt());
        assertEquals(all.get("items").get(1), page.get("items").get(0), "a page shows an item as the full list does");

        JsonNode found = json(get("/api/items?q=film&limit=2"));
        assertEquals(
                List.of("Alpha Film", "Beta Film (2020)"), found.get("items").findValuesAsText("name"));
        assertEquals(3, found.get("total").asInt());
        assertEquals(
                List.of("Beta Film (2020)"),
                json(get("/api/items?q=beta%20film")).get("items").findValuesAsText("name"));
        assertEquals(0, json(get("/api/items?offset=9")).get("items").size());

        assertTrue(error(get("/api/items?limit=0"), 400).contains("limit"));
        assertTrue(error(get("/api/items?limit=1001"), 400).contains("at most 1000"));
        assertTrue(error(get("/api/items?offset=-1"), 400).contains("offset"));
        assertTrue(error(get("/api/items?limit=x"), 400).contains("limit"));
        assertTrue(error(get("/api/items?q=a&q=b"), 400).contains("more than once"));
    }

    @Test
    void restartServesTheSameItems() throws Exception {
        post("/api/nzbs", TestNzbs.film("a", "One"));
        post("/api/nzbs", TestNzbs.film("b", "Two"));
        String before = get("/api/items").body();
        String detail = get("/api/items/1").body();
        stopServer();
        startServer();
        assertEquals(before, get("/api/items").body());
        assertEquals(detail, get("/api/items/1").body());
        assertEquals(200, post("/api/nzbs", TestNzbs.film("a", "One")).statusCode());
    }
}
