package io.nzbmount.bench;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.nntp.embedded.PostedFile;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * A library of {@code --items} small releases (one {@code .mkv} of {@code --segments} parts of
 * {@code --partSize} bytes each, its parts made on demand by the embedded NNTP server in this JVM)
 * imported into {@code serve} run from {@code --jar} as its own process, then:
 * <ul>
 *   <li>the import rate: every NZB POSTed to {@code /api/nzbs} by {@code --clients} callers at once;</li>
 *   <li>{@code PROPFIND} Depth 1 of {@code /dav/library/} and of one item's folder, {@code GET /api/items}
 *       (the whole list) and {@code GET /api/items?limit=50} (one page), each {@code --runs} times after
 *       one unmeasured call; the root listing must name every item;</li>
 *   <li>the resident set after {@code --idleSeconds} without requests, and the heap's classes
 *       ({@code jcmd GC.class_histogram}, written to {@code work/histogram-<label>.txt});</li>
 *   <li>the restart: SIGTERM, then a new process on the same data, timed from its start to its
 *       first answer of {@code GET /api/items}, and its resident set after the same idle time.</li>
 * </ul>
 * Several jars ({@code --jar a.jar,b.jar}) are measured one after the other on the same NZBs, so
 * the first is the same-run reference of the second.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.nzbmount.bench.LargeLibrary --jar old.jar,new.jar
 *     [--items 20000] [--segments 20] [--partSize 16384] [--clients 8] [--runs 7] [--idleSeconds 45]</pre>
 */
public final class LargeLibrary {
    private static final HttpClient HTTP =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private LargeLibrary() {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
                "jar",
                "server/target/nzbmount.jar",
                "work",
                "/dev/shm/nzbmount-library",
                "items",
                "20000",
                "segments",
                "20",
                "partSize",
                "16384",
                "clients",
                "8",
                "runs",
                "7",
                "idleSeconds",
                "45",
                "heapFlags",
                "");
        Machine.header("LargeLibrary " + String.join(" ", args));
        int items = o.integer("items");
        List<String> flags = o.optional("heapFlags").isBlank()
                ? List.of()
                : List.of(o.optional("heapFlags").split(" "));
        try (EmbeddedNntpServer nntp = EmbeddedNntpServer.start()) {
            List<byte[]> nzbs = new ArrayList<>(items);
            for (int i = 0; i < items; i++) {
                String name = String.format(Locale.ROOT, "Film.Number.%05d.2020.1080p.WEB.x264-GRP.mkv", i);
                long size = (long) o.integer("segments") * o.integer("partSize") - 1000;
                PostedFile f = nntp.postLazy(name, size, o.integer("partSize"), (offset, dest, off, len) -> {
                    for (int k = 0; k < len; k++) dest[off + k] = (byte) ((offset + k) * 31 + name.length());
                });
                nzbs.add(NzbWriter.write(List.of(f)).getBytes(StandardCharsets.UTF_8));
            }
            for (String jarName : o.text("jar").split(",")) {
                Path jar = Path.of(jarName);
                String label = jar.getFileName().toString().replace(".jar", "");
                Path work = o.path("work").resolve(label);
                Files.createDirectories(work);
                System.out.println("== " + jar);
                measure(jar, label, work, flags, nntp, nzbs, o);
            }
        }
    }

    private static void measure(
            Path jar,
            String label,
            Path work,
            List<String> flags,
            EmbeddedNntpServer nntp,
            List<byte[]> nzbs,
            Options o)
            throws Exception {
        int runs = o.integer("runs");
        int port;
        ServerProcess server = ServerProcess.start(jar, flags, work, nntp.host(), nntp.port(), 8);
        try {
            port = server.port();
            long begin = System.nanoTime();
            importAll(server, nzbs, o.integer("clients"));
            double seconds = (System.nanoTime() - begin) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "import: %d NZBs in %.1f s = %.0f NZBs/s (%d at once)%n",
                    nzbs.size(),
                    seconds,
                    nzbs.size() / seconds,
                    o.integer("clients"));
            listings(server, nzbs.size(), runs);
            idle(server, o.integer("idleSeconds"), "after import");
            histogram(server, work.resolve("histogram-" + label + ".txt"));
        } finally {
            server.close();
        }
        long start = System.nanoTime();
        ServerProcess again = ServerProcess.restart(jar, flags, work, port);
        try {
            System.out.printf(
                    Locale.ROOT,
                    "restart: %.2f s from the JVM's start to GET /api/items answering%n",
                    (System.nanoTime() - start) / 1e9);
            Samples first = new Samples("first PROPFIND Depth 1 /dav/library/ after restart", "ms");
            first.add(propfind(again, "/dav/library/", nzbs.size() + 1));
            System.out.println(first.summary());
            idle(again, o.integer("idleSeconds"), "after restart");
        } finally {
            again.close();
        }
    }

    private static void importAll(ServerProcess server, List<byte[]> nzbs, int clients) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < nzbs.size(); i++) {
                byte[] nzb = nzbs.get(i);
                String name = "film-" + i;
                done.add(pool.submit(() -> {
                    HttpResponse<String> r = HTTP.send(
                            HttpRequest.newBuilder(server.uri(
                                            "/api/nzbs?name=" + URLEncoder.encode(name, StandardCharsets.UTF_8)))
                                    .header("X-NZBMount-Request", "1")
                                    .POST(HttpRequest.BodyPublishers.ofByteArray(nzb))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString());
                    if (r.statusCode() != 201)
                        throw new AssertionError("import answered " + r.statusCode() + ": " + r.body());
                    return null;
                }));
            }
            for (Future<?> f : done) f.get();
        } finally {
            pool.shutdown();
            pool.awaitTermination(1, TimeUnit.MINUTES);
        }
    }

    private static void listings(ServerProcess server, int items, int runs) throws Exception {
        String item = firstItemFolder(server);
        Samples root = new Samples("PROPFIND Depth 1 /dav/library/", "ms");
        Samples folder = new Samples("PROPFIND Depth 1 of an item folder", "ms");
        Samples all = new Samples("GET /api/items", "ms");
        Samples page = new Samples("GET /api/items?limit=50", "ms");
        propfind(server, "/dav/library/", items + 1);
        propfind(server, item, 2);
        get(server, "/api/items");
        get(server, "/api/items?limit=50");
        for (int r = 0; r < runs; r++) {
            root.add(propfind(server, "/dav/library/", items + 1));
            for (int k = 0; k < 3; k++) folder.add(propfind(server, item, 2));
            all.add(get(server, "/api/items"));
            page.add(get(server, "/api/items?limit=50"));
        }
        for (Samples s : List.of(root, folder, all, page)) System.out.println(s.summary());
    }

    private static String firstItemFolder(ServerProcess server) throws Exception {
        String body = HTTP.send(
                        HttpRequest.newBuilder(server.uri("/api/items?limit=1")).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        int at = body.indexOf("\"name\":\"");
        String name = body.substring(at + 8, body.indexOf('"', at + 8));
        return "/dav/library/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20") + "/";
    }

    /** Milliseconds for one PROPFIND Depth 1; fails unless the answer lists {@code responses} resources. */
    private static double propfind(ServerProcess server, String path, int responses) throws Exception {
        long t = System.nanoTime();
        HttpResponse<String> r = HTTP.send(
                HttpRequest.newBuilder(server.uri(path))
                        .header("Depth", "1")
                        .method("PROPFIND", HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        double ms = (System.nanoTime() - t) / 1e6;
        int found = count(r.body(), ":response>") / 2;
        if (r.statusCode() != 207 || found != responses) {
            throw new AssertionError(
                    "PROPFIND " + path + ": " + r.statusCode() + " with " + found + " responses, not " + responses);
        }
        return ms;
    }

    private static double get(ServerProcess server, String path) throws Exception {
        long t = System.nanoTime();
        HttpResponse<String> r =
                HTTP.send(HttpRequest.newBuilder(server.uri(path)).build(), HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) throw new AssertionError("GET " + path + ": " + r.statusCode());
        return (System.nanoTime() - t) / 1e6;
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) n++;
        return n;
    }

    private static void idle(ServerProcess server, int seconds, String when) throws Exception {
        Thread.sleep(seconds * 1000L);
        System.out.printf(
                Locale.ROOT,
                "RSS %s and %d s idle: %s (peak %s)%n",
                when,
                seconds,
                Machine.mib(Machine.statusKib(server.pid(), "VmRSS")),
                Machine.mib(Machine.statusKib(server.pid(), "VmHWM")));
        System.out.println(server.heapInfo());
    }

    private static void histogram(ServerProcess server, Path file) throws Exception {
        Path jcmd =
                Path.of(ProcessHandle.current().info().command().orElse("java")).resolveSibling("jcmd");
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(server.pid()), "GC.class_histogram")
                .redirectErrorStream(true)
                .redirectOutput(file.toFile())
                .start();
        p.waitFor();
        List<String> lines = Files.readAllLines(file);
        System.out.println("heap histogram (live objects) in " + file + ", top 12:");
        lines.stream().skip(1).limit(14).forEach(System.out::println);
        lines.stream().filter(l -> l.startsWith("Total")).forEach(System.out::println);
    }
}
