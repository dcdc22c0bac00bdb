package io.nzbmount.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.FileContent;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * AIOStreams' click to first byte on its "nzbdav" service: {@code serve} from {@code --jar} as its
 * own process, on the embedded NNTP server of this JVM behind a far link ({@link FarMode}), and an
 * indexer-like HTTP server on loopback that hands out the NZBs (named to the server in
 * {@code downloads.allowedNzbHosts}). Each run posts a new file of {@code --sizeMb} MiB (716,800-byte
 * parts) and replays AIOStreams' requests ({@code usenet-stream-base.ts}), the clock started before
 * the first:
 * <ol>
 *   <li>PROPFIND Depth 0 of {@code /content/Movies/<job>}: not there;</li>
 *   <li>{@code /api?mode=addurl&name=URL&cat=Movies&nzbname=<job>};</li>
 *   <li>{@code mode=history&nzo_ids=ID&category=Movies} at once, then every 2 s, until {@code Completed};</li>
 *   <li>PROPFIND Depth infinity of {@code /content/<category>/<storage's name>}, the video picked;</li>
 *   <li>GET of it (as a player opens it: {@code Range: bytes=0-}), read for {@code --firstBytes} bytes on
 *       a fresh connection, checked by SHA-256 against the posted file's bytes.</li>
 * </ol>
 * The figure is the time from the click to the first body byte. The same-run reference, in each
 * run after the AIOStreams flow, is the plain import of another new file: {@code POST /api/nzbs}
 * with the NZB, then the same GET below {@code /dav/library/}. The far link counts the server's
 * connections through it over the whole run; the run fails, after printing its figures, when the
 * server ever had more than {@code --connections} open at once. With {@code --settleMs} the reference
 * import starts that long after the click's first byte, so the read-ahead the click's GET left on
 * the link has drained and the import's own round trips are what its figure times.
 *
 * <pre>java --enable-native-access=ALL-UNNAMED -cp bench/target/benchmarks.jar io.nzbmount.bench.AioStreamsClick
 *     [--jar server/target/nzbmount.jar] [--runs 9] [--sizeMb 2048] [--firstBytes 1048576] [--connections 20]
 *     [--farDelayMs 20 --farMbps 20] [--settleMs 0]</pre>
 */
public final class AioStreamsClick {
    private static final int PART = 716_800;
    private static final long POLL_MILLIS = 2000;
    private static final long MAX_WAIT_NANOS = 90_000_000_000L;
    private static final Pattern HREF = Pattern.compile("<(?:\\w+:)?href>([^<]+)</(?:\\w+:)?href>");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private AioStreamsClick() {}

    /** The stages of one click, in milliseconds from the click. */
    private record Click(double stat, double added, double completed, double listed, double firstByte, int polls) {}

    public static void main(String[] args) throws Exception {
        Machine.header("AioStreamsClick " + String.join(" ", args));
        Map<String, byte[]> nzbs = new ConcurrentHashMap<>();
        HttpServer indexer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        indexer.createContext("/getnzb/", exchange -> {
            byte[] body = nzbs.get(exchange.getRequestURI().getPath().substring("/getnzb/".length()));
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : body.length);
            if (body != null) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
            exchange.close();
        });
        indexer.start();
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            Options o = new Options(
                    args,
                    FarMode.options(
                            "host",
                            nntp.host(),
                            "port",
                            Integer.toString(nntp.port()),
                            "jar",
                            "server/target/nzbmount.jar",
                            "work",
                            "/dev/shm/nzbmount-aio",
                            "runs",
                            "9",
                            "sizeMb",
                            "2048",
                            "firstBytes",
                            "1048576",
                            "connections",
                            "20",
                            "settleMs",
                            "0"));
            int indexerPort = indexer.getAddress().getPort();
            Samples click = new Samples("AIOStreams click to first byte", "ms");
            Samples reference = new Samples("import + first byte (reference)", "ms");
            Samples[] stages = {
                new Samples("  PROPFIND Depth 0 answered", "ms"),
                new Samples("  addurl answered", "ms"),
                new Samples("  history says Completed", "ms"),
                new Samples("  PROPFIND Depth infinity answered", "ms")
            };
            Samples polls = new Samples("  history polls", "");
            Samples imported = new Samples("  POST /api/nzbs answered", "ms");
            FarMode far = FarMode.open(o);
            try (far;
                    ServerProcess server = ServerProcess.start(
                            o.path("jar"),
                            List.of(),
                            o.path("work"),
                            0,
                            0,
                            List.of(new Jar.Provider("far", far.host(), far.port(), o.integer("connections"), 0)),
                            "downloads:\n  allowedNzbHosts: ['127.0.0.1:" + indexerPort + "']\n")) {
                String apiKey = apiKey(server);
                long size = (long) o.integer("sizeMb") << 20;
                for (int run = 0; run < o.integer("runs"); run++) {
                    String job = String.format(Locale.ROOT, "Bench.Film.%02d.2024.1080p.WEB.x264-GRP", run);
                    FileContent content = FileContent.pattern(2L * run + 1);
                    PostedFile file = nntp.postLazy(job + ".mkv", size, PART, content);
                    nzbs.put(job + ".nzb", NzbWriter.write(List.of(file), job).getBytes(StandardCharsets.UTF_8));
                    Click c = click(
                            server,
                            apiKey,
                            "http://127.0.0.1:" + indexerPort + "/getnzb/" + job + ".nzb",
                            job,
                            content,
                            o.integer("firstBytes"));
                    click.add(c.firstByte());
                    double[] at = {c.stat(), c.added(), c.completed(), c.listed()};
                    for (int k = 0; k < at.length; k++) stages[k].add(at[k]);
                    polls.add(c.polls());

                    int clickMost = far.mostOpen();
                    String refJob = job.replace("Film", "Reference");
                    FileContent refContent = FileContent.pattern(2L * run + 2);
                    PostedFile refFile = nntp.postLazy(refJob + ".mkv", size, PART, refContent);
                    Path nzb = o.path("work").resolve(refJob + ".nzb");
                    Files.writeString(nzb, NzbWriter.write(List.of(refFile), refJob));
                    Thread.sleep(o.integer("settleMs"));
                    long start = System.nanoTime();
                    String path = server.importNzb(nzb, refJob);
                    imported.add(since(start));
                    double ref = (firstBytes(server, path, refContent, o.integer("firstBytes")) - start) / 1e6;
                    reference.add(ref);
                    int refMost = far.mostOpen();
                    System.out.printf(
                            Locale.ROOT,
                            "run %d: click %.0f ms (stat %.0f, add %.0f, completed %.0f after %d"
                                    + " polls, listed %.0f), reference %.0f ms (imported %.0f); at most %d and %d connections"
                                    + " open at once so far; load %s%n",
                            run + 1,
                            c.firstByte(),
                            c.stat(),
                            c.added(),
                            c.completed(),
                            c.polls(),
                            c.listed(),
                            ref,
                            imported.last(),
                            clickMost,
                            refMost,
                            Machine.load());
                }
            }
            System.out.println(click.summary());
            for (Samples s : stages) System.out.println(s.summary());
            System.out.println(polls.summary());
            System.out.println(reference.summary());
            System.out.println(imported.summary());
            System.out.println(Samples.ratio(click, reference));
            System.out.println("# load average at end " + Machine.load());
            // After the figures: a server that opened more connections than it may fails the run.
            far.check(far.mostOpen(), o.integer("connections"));
        } finally {
            indexer.stop(0);
        }
    }

    /** One click of AIOStreams' nzbdav service, as its source makes the requests. */
    private static Click click(
            ServerProcess server, String apiKey, String nzbUrl, String job, FileContent content, int firstBytes)
            throws Exception {
        long start = System.nanoTime();
        HttpResponse<String> stat = propfind(server, "/content/Movies/" + job, "0");
        if (stat.statusCode() != 404)
            throw new IllegalStateException("the job is there before its add: " + stat.statusCode());
        double statMs = since(start);
        JsonNode added =
                sab(server, apiKey, "mode=addurl&name=" + encode(nzbUrl) + "&cat=Movies&nzbname=" + encode(job));
        if (!added.path("status").asBoolean(false)) throw new IllegalStateException("addurl refused: " + added);
        String nzoId = added.path("nzo_ids").path(0).asText();
        double addedMs = since(start);
        JsonNode slot = null;
        int polls = 0;
        while (slot == null) {
            if (System.nanoTime() - start > MAX_WAIT_NANOS) throw new IllegalStateException("not completed in 90 s");
            if (polls++ > 0) Thread.sleep(POLL_MILLIS);
            JsonNode history = sab(server, apiKey, "mode=history&nzo_ids=" + encode(nzoId) + "&category=Movies");
            for (JsonNode s : history.path("history").path("slots")) {
                String status = s.path("status").asText().toLowerCase(Locale.ROOT);
                if (status.equals("failed")) throw new IllegalStateException("job failed: " + s.path("fail_message"));
                if (s.path("nzo_id").asText().equals(nzoId) && status.equals("completed")) slot = s;
            }
        }
        double completedMs = since(start);
        String storage = slot.path("storage").asText();
        String folder =
                "/content/" + slot.path("category").asText() + "/" + storage.substring(storage.lastIndexOf('/') + 1);
        HttpResponse<String> listing = propfind(server, folder, "infinity");
        if (listing.statusCode() != 207)
            throw new IllegalStateException("listing " + folder + ": " + listing.statusCode());
        String video = null;
        for (Matcher m = HREF.matcher(listing.body()); m.find() && video == null; ) {
            String href = URI.create(m.group(1).strip()).getRawPath();
            if (href.endsWith(".mkv")) video = href;
        }
        if (video == null) throw new IllegalStateException("no video in " + listing.body());
        double listedMs = since(start);
        double firstByteMs = (firstBytes(server, video, content, firstBytes) - start) / 1e6;
        return new Click(statMs, addedMs, completedMs, listedMs, firstByteMs, polls);
    }

    /**
     * GETs the first {@code count} bytes of {@code path} ({@code Range: bytes=0-}, a fresh connection),
     * checks them by SHA-256 against {@code content}, and returns the {@link System#nanoTime} of the
     * first body byte.
     */
    private static long firstBytes(ServerProcess server, String path, FileContent content, int count) throws Exception {
        MessageDigest got = MessageDigest.getInstance("SHA-256");
        long before = System.nanoTime();
        HttpGet.Response r = HttpGet.getFirst("127.0.0.1", server.port(), path, "bytes=0-", count, got::update);
        if (r.status() != 206 && r.status() != 200 || r.bytes() != count) {
            throw new IllegalStateException("GET " + path + ": " + r.status() + " with " + r.bytes() + " bytes");
        }
        byte[] expected = new byte[count];
        content.read(0, expected, 0, count);
        if (!Arrays.equals(got.digest(), MessageDigest.getInstance("SHA-256").digest(expected))) {
            throw new IllegalStateException(
                    "GET " + path + ": the first " + count + " bytes differ from the posted file");
        }
        return before + r.firstBodyNanos();
    }

    private static HttpResponse<String> propfind(ServerProcess server, String path, String depth) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(server.uri(path.replace(" ", "%20")))
                        .header("Depth", depth)
                        .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode sab(ServerProcess server, String apiKey, String query) throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(server.uri("/api?" + query + "&apikey=" + apiKey + "&output=json"))
                        .header("x-api-key", apiKey)
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IOException("SABnzbd API " + r.statusCode() + ": " + r.body());
        return LibraryApi.JSON.readTree(r.body());
    }

    private static String apiKey(ServerProcess server) throws Exception {
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(server.uri("/api/settings/apikey"))
                        .header("X-NZBMount-Request", "1")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new IOException("API key: " + r.statusCode() + ": " + r.body());
        return LibraryApi.JSON.readTree(r.body()).path("apiKey").asText();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static double since(long start) {
        return (System.nanoTime() - start) / 1e6;
    }
}
