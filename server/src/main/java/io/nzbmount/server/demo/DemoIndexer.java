package io.nzbmount.server.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A small Newznab indexer on loopback for demo mode: {@code /api?t=caps}, {@code t=search},
 * {@code t=movie} and {@code t=tvsearch} answer in RSS XML with the demo releases whose titles
 * hold every word of {@code q} (all of them for an empty query), and {@code /getnzb/GUID.nzb}
 * serves a release's NZB. Every request needs {@link #API_KEY}. Thread-safe.
 */
public final class DemoIndexer implements AutoCloseable {
    /** The key the demo configures; it guards nothing, the indexer only listens on loopback. */
    public static final String API_KEY = "demo";

    private static final String POSTED = "Mon, 01 Jan 2024 00:00:00 +0000";

    private final HttpServer server;
    private final Map<String, DemoRelease> releases = new LinkedHashMap<>();

    public DemoIndexer(List<DemoRelease> releases) throws IOException {
        for (DemoRelease r : releases) this.releases.put(r.guid(), r);
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** The indexer's address, as an {@code indexers:} entry's {@code url}. */
    public URI url() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/");
    }

    /** The download link of the release {@code guid}, as the search answers give it. */
    public String link(String guid) {
        return url() + "getnzb/" + guid + ".nzb?apikey=" + API_KEY;
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Map<String, String> params = parameters(exchange.getRequestURI().getRawQuery());
            String path = exchange.getRequestURI().getPath();
            if (!API_KEY.equals(params.get("apikey"))) {
                send(
                        exchange,
                        200,
                        "application/xml",
                        "<error code=\"100\" description=\"Incorrect user credentials\"/>");
            } else if (path.startsWith("/getnzb/") && path.endsWith(".nzb")) {
                DemoRelease r = releases.get(path.substring("/getnzb/".length(), path.length() - 4));
                if (r == null) send(exchange, 404, "text/plain", "no such release");
                else send(exchange, 200, "application/x-nzb", r.nzb());
            } else if (path.equals("/api")) {
                String t = params.getOrDefault("t", "");
                if (t.equals("caps")) send(exchange, 200, "application/xml", caps());
                else if (List.of("search", "movie", "tvsearch").contains(t)) {
                    send(exchange, 200, "application/xml", feed(matching(params.getOrDefault("q", ""))));
                } else {
                    send(exchange, 200, "application/xml", "<error code=\"202\" description=\"No such function\"/>");
                }
            } else {
                send(exchange, 404, "text/plain", "not found");
            }
        }
    }

    private List<DemoRelease> matching(String query) {
        List<String> words = Arrays.stream(query.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> !w.isEmpty())
                .toList();
        return releases.values().stream()
                .filter(r -> {
                    String title = r.title().toLowerCase(Locale.ROOT);
                    return words.stream().allMatch(title::contains);
                })
                .toList();
    }

    private String feed(List<DemoRelease> found) {
        StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                        + "<rss version=\"2.0\" xmlns:newznab=\"http://www.newznab.com/DTD/2010/feeds/attributes/\">\n"
                        + "<channel>\n<title>NZBMount demo indexer</title>\n")
                .append("<newznab:response offset=\"0\" total=\"")
                .append(found.size())
                .append("\"/>\n");
        for (DemoRelease r : found) {
            String link = link(r.guid());
            x.append("<item>\n<title>")
                    .append(escape(r.title()))
                    .append("</title>\n")
                    .append("<guid isPermaLink=\"false\">")
                    .append(escape(r.guid()))
                    .append("</guid>\n")
                    .append("<link>")
                    .append(escape(link))
                    .append("</link>\n")
                    .append("<pubDate>")
                    .append(POSTED)
                    .append("</pubDate>\n")
                    .append("<enclosure url=\"")
                    .append(escape(link))
                    .append("\" length=\"")
                    .append(r.size())
                    .append("\" type=\"application/x-nzb\"/>\n")
                    .append("<newznab:attr name=\"category\" value=\"2000\"/>\n")
                    .append("<newznab:attr name=\"size\" value=\"")
                    .append(r.size())
                    .append("\"/>\n")
                    .append("<newznab:attr name=\"group\" value=\"alt.binaries.test\"/>\n")
                    .append("</item>\n");
        }
        return x.append("</channel>\n</rss>\n").toString();
    }

    private static String caps() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<caps><server title=\"NZBMount demo indexer\"/>"
                + "<limits max=\"100\" default=\"100\"/><searching><search available=\"yes\" supportedParams=\"q\"/>"
                + "<tv-search available=\"yes\" supportedParams=\"q,season,ep\"/>"
                + "<movie-search available=\"yes\" supportedParams=\"q\"/></searching>"
                + "<categories><category id=\"2000\" name=\"Movies\"/></categories></caps>";
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static Map<String, String> parameters(String rawQuery) {
        Map<String, String> params = new LinkedHashMap<>();
        if (rawQuery == null) return params;
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            params.put(
                    URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
        }
        return params;
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        send(exchange, status, type, body.getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
