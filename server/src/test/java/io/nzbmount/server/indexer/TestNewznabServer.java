package io.nzbmount.server.indexer;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.nzbmount.config.IndexerSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A small Newznab indexer on 127.0.0.1 for tests: answers {@code t=search}, {@code tvsearch},
 * {@code movie} and {@code caps} from a list of {@link TestRelease}s, in XML, or in JSON when asked
 * with {@code o=json} (or always, see {@link #alwaysJson}), and serves each release's NZB bytes at
 * its link. Checks the API key on every request (a wrong one gets error 100, as indexers answer).
 *
 * <p>Faults, for the API only: {@link #failWith} answers a Newznab error code, {@link #answerRaw}
 * any status and body (malformed XML, an HTML page), {@link #hang} never answers, and
 * {@link #hangMidBody} sends the headers and part of a body, then stalls. Downloads fail per
 * release ({@link TestRelease#gone}). Every request is recorded for assertions.
 *
 * <p>Search filters like an indexer: every word of {@code q} in the title (dots count as spaces),
 * {@code cat} against the categories (a parent id matches its subcategories), {@code season},
 * {@code ep}, {@code imdbid}, {@code tvdbid} against the release's, then {@code offset} and
 * {@code limit} (default 100). Thread safe. Close it to stop it and release stalled requests.
 */
public final class TestNewznabServer implements AutoCloseable {

    /** One request as the server saw it. */
    public record Request(String path, Map<String, String> parameters) {}

    private sealed interface Mode {}

    private record Normal() implements Mode {}

    private record Fail(int code, String description) implements Mode {}

    private record Raw(int status, String contentType, byte[] body) implements Mode {}

    private record Hang() implements Mode {}

    private record HangMidBody(byte[] head) implements Mode {}

    private final String apiKey;
    private final HttpServer server;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final CountDownLatch stopping = new CountDownLatch(1);
    private final List<TestRelease> releases = new CopyOnWriteArrayList<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private volatile Mode mode = new Normal();
    private volatile boolean alwaysJson;
    private volatile boolean chunkedNzbs;
    private volatile String elsewhere;

    private TestNewznabServer(String apiKey) throws IOException {
        this.apiKey = apiKey;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    /** Starts a server that accepts this API key. */
    public static TestNewznabServer start(String apiKey) throws IOException {
        return new TestNewznabServer(apiKey);
    }

    /** The base URL, as a user would configure it ({@code http://127.0.0.1:PORT/}). */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    public String apiKey() {
        return apiKey;
    }

    /** Settings for this server with its key. */
    public IndexerSettings settings(String name) {
        return new IndexerSettings(name, url(), apiKey);
    }

    public TestNewznabServer add(TestRelease... more) {
        releases.addAll(Arrays.asList(more));
        return this;
    }

    /** The download link a result for this release carries (with the key, as indexers do). */
    public String link(TestRelease r) {
        if (elsewhere != null && !r.redirected()) return elsewhere + r.guid() + ".nzb";
        return url() + (r.redirected() ? "redirect/" : "getnzb/") + r.guid() + ".nzb?apikey=" + apiKey;
    }

    /**
     * From now on download links, and redirects of links made {@link TestRelease#viaRedirect}, point
     * below {@code base} (another server) instead of at this one, as a tampered indexer's would.
     */
    public void pointLinksAt(URI base) {
        elsewhere = base.toString();
    }

    /** Every API request answers this Newznab error. */
    public void failWith(int code, String description) {
        mode = new Fail(code, description);
    }

    /** Every API request answers this status, content type and body. */
    public void answerRaw(int status, String contentType, byte[] body) {
        mode = new Raw(status, contentType, body);
    }

    /** API requests get no answer until the server closes. */
    public void hang() {
        mode = new Hang();
    }

    /** API requests get headers and these first bytes of a body, then nothing until the server closes. */
    public void hangMidBody(byte[] head) {
        mode = new HangMidBody(head);
    }

    /** Back to normal answers. */
    public void behave() {
        mode = new Normal();
    }

    public void alwaysJson(boolean on) {
        alwaysJson = on;
    }

    /** Serve NZBs without a Content-Length (chunked), so a size cap must count bytes. */
    public void chunkedNzbs(boolean on) {
        chunkedNzbs = on;
    }

    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The last request to the API ({@code /api}). */
    public Request lastApiRequest() {
        List<Request> all = requests();
        for (int i = all.size() - 1; i >= 0; i--) {
            if (all.get(i).path().endsWith("/api")) return all.get(i);
        }
        throw new AssertionError("no API request was made");
    }

    @Override
    public void close() {
        stopping.countDown();
        server.stop(0);
        threads.shutdownNow();
        try {
            if (!threads.awaitTermination(5, TimeUnit.SECONDS))
                throw new IllegalStateException("handlers still running");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            Map<String, String> params = parameters(exchange.getRequestURI().getRawQuery());
            requests.add(new Request(path, params));
            boolean json = alwaysJson || "json".equals(params.get("o"));
            if (!apiKey.equals(params.get("apikey"))) {
                send(exchange, 200, json, error(json, 100, "Incorrect user credentials"));
            } else if (path.startsWith("/getnzb/") || path.startsWith("/redirect/")) {
                download(exchange, path);
            } else if (path.endsWith("/api")) {
                api(exchange, params, json);
            } else {
                send(exchange, 404, false, "<html><body>not found</body></html>".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private void api(HttpExchange exchange, Map<String, String> params, boolean json) throws IOException {
        switch (mode) {
            case Fail f -> send(exchange, 200, json, error(json, f.code(), f.description()));
            case Raw r -> {
                exchange.getResponseHeaders().set("Content-Type", r.contentType());
                exchange.sendResponseHeaders(r.status(), r.body().length == 0 ? -1 : r.body().length);
                exchange.getResponseBody().write(r.body());
            }
            case Hang h -> stall();
            case HangMidBody h -> {
                exchange.sendResponseHeaders(200, 0);
                OutputStream out = exchange.getResponseBody();
                out.write(h.head());
                out.flush();
                stall();
            }
            case Normal n -> {
                String t = params.getOrDefault("t", "");
                switch (t) {
                    case "caps" ->
                        send(exchange, 200, json, json ? NewznabAnswers.jsonCaps() : NewznabAnswers.xmlCaps());
                    case "search", "tvsearch", "movie" -> search(exchange, params, json);
                    case "" -> send(exchange, 200, json, error(json, 200, "Missing parameter (t)"));
                    default -> send(exchange, 200, json, error(json, 202, "No such function (" + t + ")"));
                }
            }
        }
    }

    private void search(HttpExchange exchange, Map<String, String> params, boolean json) throws IOException {
        List<TestRelease> found = new ArrayList<>();
        for (TestRelease r : releases) if (matches(r, params)) found.add(r);
        int offset = Integer.parseInt(params.getOrDefault("offset", "0"));
        int limit = Integer.parseInt(params.getOrDefault("limit", "100"));
        List<TestRelease> page = found.subList(Math.min(offset, found.size()), Math.min(offset + limit, found.size()));
        byte[] body = json
                ? NewznabAnswers.jsonFeed(page, offset, found.size(), this::link)
                : NewznabAnswers.xmlFeed(page, offset, found.size(), this::link);
        send(exchange, 200, json, body);
    }

    private static boolean matches(TestRelease r, Map<String, String> params) {
        String title = " " + r.title().toLowerCase(Locale.ROOT).replace('.', ' ') + " ";
        for (String word : params.getOrDefault("q", "")
                .toLowerCase(Locale.ROOT)
                .replace('.', ' ')
                .split("\\s+")) {
            if (!word.isEmpty() && !title.contains(word)) return false;
        }
        String cat = params.get("cat");
        if (cat != null
                && Arrays.stream(cat.split(","))
                        .mapToInt(Integer::parseInt)
                        .noneMatch(c -> r.categories().stream()
                                .anyMatch(rc -> rc == c || (c % 1000 == 0 && rc / 1000 * 1000 == c)))) {
            return false;
        }
        if (params.containsKey("season") && !r.season().equals(OptionalInt.of(Integer.parseInt(params.get("season")))))
            return false;
        if (params.containsKey("ep") && !r.episode().equals(OptionalInt.of(Integer.parseInt(params.get("ep")))))
            return false;
        if (params.containsKey("imdbid") && !params.get("imdbid").equals(r.imdbId())) return false;
        return !params.containsKey("tvdbid") || params.get("tvdbid").equals(r.tvdbId());
    }

    private void download(HttpExchange exchange, String path) throws IOException {
        String guid = path.substring(path.indexOf('/', 1) + 1).replaceFirst("\\.nzb$", "");
        TestRelease release =
                releases.stream().filter(r -> r.guid().equals(guid)).findFirst().orElse(null);
        if (release == null) {
            send(exchange, 200, false, NewznabAnswers.xmlError(300, "No such item"));
        } else if (path.startsWith("/redirect/")) {
            exchange.getResponseHeaders()
                    .set(
                            "Location",
                            elsewhere != null
                                    ? elsewhere + guid + ".nzb"
                                    : "/getnzb/" + guid + ".nzb?apikey=" + apiKey);
            exchange.sendResponseHeaders(302, -1);
        } else if (release.downloadStatus() != 200) {
            send(
                    exchange,
                    release.downloadStatus(),
                    false,
                    "<html><body>gone</body></html>".getBytes(StandardCharsets.UTF_8));
        } else {
            exchange.getResponseHeaders().set("Content-Type", "application/x-nzb");
            exchange.sendResponseHeaders(200, chunkedNzbs ? 0 : release.nzb().length);
            exchange.getResponseBody().write(release.nzb());
        }
    }

    private static byte[] error(boolean json, int code, String description) {
        return json ? NewznabAnswers.jsonError(code, description) : NewznabAnswers.xmlError(code, description);
    }

    private static void send(HttpExchange exchange, int status, boolean json, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", json ? "application/json" : "application/xml");
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        exchange.getResponseBody().write(body);
    }

    private void stall() {
        try {
            stopping.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<String, String> parameters(String rawQuery) {
        Map<String, String> params = new LinkedHashMap<>();
        if (rawQuery == null) return params;
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            params.put(name, value);
        }
        return params;
    }
}
