package io.nzbmount.bench;

import io.nzbmount.nntp.NzbFile;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Figure 2: a full GET of a file through WebDAV against {@code nzbmount fetch} of the same file,
 * in the same run. The server ({@code serve}, its own JVM) imports the NZB once; a first GET,
 * hashed and compared with the original, warms it up (a server runs for days, so warm is its
 * usual state) and is reported apart; {@code --warmGets} more (default 40) go unmeasured. Each
 * round then runs: a GET read by this JVM over a plain socket, a GET by
 * {@code curl -o /dev/null}, {@code fetch} into /dev/null (a fresh JVM,
 * as a user runs it) of an NZB listing the file twice, so the second copy gives the rate of the
 * same command once its JVM is warm (see {@link FetchCli#twice}), and the reader in this JVM.
 * The server's processor time (all its threads) over each socket GET, per GB served, is
 * reported with the rates. {@code --readAhead 0} and {@code --pipelineDepth 0} leave
 * {@code reader.readAheadArticles} and {@code reader.pipelineDepth} of the server unset (the jar's
 * defaults); {@code fetch} and the reader in this JVM keep their own settings either way. The
 * server's JVM gets the flags of {@code --jvmOptions} (default jvm.options, as {@code ./nzbmount}
 * starts it; {@code none}: the JVM's defaults).
 *
 * <p>With {@code --farDelayMs} above 0 the server, {@code fetch} and the reader all reach
 * {@code --host}:{@code --port} through one {@link FarLink} in this JVM ({@link FarMode}), and the
 * run fails if the server ever had more than {@code --connections} connections open through it.
 * The link counts every client's connections, so the server's are counted over its own requests
 * only (the import, the GETs and curl's GET), each time from when the connections of
 * {@code fetch} and the reader before them have ended; the server's idle connections in between
 * stay counted, as they are its own.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar io.nzbmount.bench.GetVsFetch
 *     --nzb F.nzb --original F [--jar server/target/nzbmount.jar] [--work /dev/shm/nzbmount-bench] [--connections 8]
 *     [--readAhead 8] [--pipelineDepth 0] [--farDelayMs 0] [--farMbps 20] [--farPort 0] [--runs 5] [--warmGets 40] [--reference yget]
 *     [--jvmOptions jvm.options | none]</pre>
 * With {@code --reference}, each round also runs the C reference client ({@link ReferenceClient})
 * into /dev/null over the same link and connections, and the GETs are compared with it; its
 * bytes are compared with the original once, before the rounds.
 */
public final class GetVsFetch {
    private GetVsFetch() {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
                FarMode.options(
                        "nzb",
                        "",
                        "original",
                        "",
                        "jar",
                        "server/target/nzbmount.jar",
                        "work",
                        "/dev/shm/nzbmount-bench",
                        "host",
                        "127.0.0.1",
                        "port",
                        "1190",
                        "connections",
                        "8",
                        "readAhead",
                        "8",
                        "pipelineDepth",
                        "0",
                        "runs",
                        "5",
                        "warmGets",
                        "40",
                        "reference",
                        "",
                        "jvmOptions",
                        "jvm.options"));
        Machine.header("GetVsFetch " + String.join(" ", args));
        // The server runs with the flags ./nzbmount gives it (a 160 MiB heap): garbage costs what
        // it costs a user, where the JVM's default heap (a quarter of the machine) would hide it.
        List<String> serverFlags = Jar.optionsFile(o);
        Path nzb = o.path("nzb");
        NzbFile file = ReaderRate.firstFile(nzb);
        FarMode far = FarMode.open(o);
        String host = far.host();
        int nntpPort = far.port();
        int connections = o.integer("connections");
        Path work = o.path("work");
        String expected = ReaderRate.sha256(o.path("original"));
        FetchCli fetch = new FetchCli(o.path("jar"), FetchCli.LAUNCHER_FLAGS);
        Path fetchConfig = Jar.config(work.resolve("fetch"), host, nntpPort, connections, 8080);
        Samples get = new Samples("GET (socket) x" + connections, "MB/s");
        Samples curl = new Samples("GET (curl) x" + connections, "MB/s");
        Samples cli = new Samples("fetch -o /dev/null x" + connections, "MB/s");
        Samples cliWarm = new Samples("fetch same file again, warm JVM x" + connections, "MB/s");
        Path twice = FetchCli.twice(nzb, file.name(), work);
        List<String> twiceNames = List.of(file.name(), FetchCli.againName(file.name()));
        Samples reader = new Samples("reader in-process x" + connections, "MB/s");
        Samples cpu = new Samples("server CPU per GB served (GET, socket)", "s/GB");
        Samples ref = new Samples("C reference client x" + connections, "MB/s");
        ReferenceClient reference = o.text("reference").isBlank()
                ? null
                : new ReferenceClient(o.path("reference"), RawBodyRate.segments(nzb), work);
        if (reference != null) reference.run(host, nntpPort, connections, work.resolve("reference.bin"), expected);
        int serverMost;
        try (far;
                ServerProcess server = ServerProcess.start(
                        o.path("jar"),
                        serverFlags,
                        work.resolve("serve"),
                        host,
                        nntpPort,
                        connections,
                        o.integer("readAhead"),
                        o.integer("pipelineDepth"))) {
            String path = server.importNzb(nzb, "bench " + file.name());
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            HttpGet.Response first = HttpGet.get("127.0.0.1", server.port(), path, null, digest::update);
            String got = HexFormat.of().formatHex(digest.digest());
            System.out.printf(
                    Locale.ROOT,
                    "first GET (cold server) %s: status %d, %d bytes, %.1f MB/s, SHA-256 %s%n",
                    path,
                    first.status(),
                    first.bytes(),
                    first.mbPerSecond(),
                    got.equals(expected) ? "equal" : "DIFFERS");
            check(got.equals(expected), "SHA-256 of the first GET"); // throws, so the server is closed
            // More unmeasured GETs: C2 goes on compiling the serving path for dozens more (a third
            // of the server's processor time in the second GET; jstat's compile time still grows
            // 0.13 s per 5 GETs after 30), and a server that runs for days has long finished.
            for (int i = 0; i < o.integer("warmGets"); i++) {
                HttpGet.get("127.0.0.1", server.port(), path, null, (buf, off, len) -> {});
            }
            serverMost = far.mostOpen(); // no other client has connected yet
            long others = far.accepted();
            // Unmeasured: warms this JVM's reader path as the first GET warmed the server's.
            ReaderRate.run(file, host, nntpPort, connections, 8, false);
            for (int i = 0; i < o.integer("runs"); i++) {
                far.startPhase(others);
                double cpuBefore = server.cpuSeconds();
                HttpGet.Response g = HttpGet.get("127.0.0.1", server.port(), path, null, (b, off, len) -> {});
                check(g.status() == 200 && g.bytes() == first.bytes(), "GET of the whole file");
                double cpuPerGb = (server.cpuSeconds() - cpuBefore) / (g.bytes() / 1e9);
                cpu.add(cpuPerGb);
                get.add(g.mbPerSecond());
                double c = curl(server.port(), path);
                curl.add(c);
                serverMost = Math.max(serverMost, far.mostOpen());
                others = far.accepted();
                double refRate = Double.NaN;
                if (reference != null) {
                    refRate = reference
                            .run(host, nntpPort, connections, Path.of("/dev/null"), null)
                            .mbPerSecond();
                    ref.add(refRate);
                }
                FetchCli.Result f = fetch.run(twice, fetchConfig, work.resolve("twice"), true, twiceNames);
                cli.add(f.fileRates().get(0));
                cliWarm.add(f.fileRates().get(1));
                ReaderRate.Result r = ReaderRate.run(file, host, nntpPort, connections, 8, false);
                reader.add(r.mbPerSecond());
                System.out.printf(
                        Locale.ROOT,
                        "round %d: GET %.0f, curl %.0f, C reference %.0f, fetch %.0f then again %.0f, reader %.0f MB/s; server CPU %.2f s/GB; load %s%n",
                        i + 1,
                        g.mbPerSecond(),
                        c,
                        refRate,
                        f.fileRates().get(0),
                        f.fileRates().get(1),
                        r.mbPerSecond(),
                        cpuPerGb,
                        Machine.load());
            }
            hedges(server.port());
        }
        for (Samples s : List.of(get, curl, cli, cliWarm, reader, cpu)) System.out.println(s.summary());
        System.out.println(Samples.ratio(get, cli));
        System.out.println(Samples.ratio(curl, cli));
        System.out.println(Samples.ratio(get, cliWarm));
        System.out.println(Samples.ratio(curl, cliWarm));
        System.out.println(Samples.ratio(get, reader));
        if (reference != null) {
            System.out.println(ref.summary());
            System.out.println(Samples.ratio(get, ref));
            System.out.println(Samples.ratio(curl, ref));
        }
        System.out.println("# load average at end " + Machine.load());
        far.check(serverMost, connections);
    }

    /** Prints the server's articles served and hedged per provider ({@code GET /api/health}). */
    static void hedges(int port) throws Exception {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        HttpGet.get("127.0.0.1", port, "/api/health", null, json::write);
        Matcher m = Pattern.compile("\"(articlesServed|hedged)\"\\s*:\\s*(\\d+)")
                .matcher(json.toString(StandardCharsets.UTF_8));
        StringBuilder counts = new StringBuilder();
        while (m.find())
            counts.append(counts.isEmpty() ? "" : ", ")
                    .append(m.group(1))
                    .append(' ')
                    .append(m.group(2));
        System.out.println("server health (all GETs of this run): " + counts);
    }

    /** {@code curl -s -o /dev/null} of the path; the rate curl itself measured. */
    static double curl(int port, String path) throws Exception {
        Process p = new ProcessBuilder(
                        "curl",
                        "-s",
                        "-f",
                        "-o",
                        "/dev/null",
                        "-w",
                        "%{size_download} %{time_total}",
                        "http://127.0.0.1:" + port + path)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        check(p.waitFor() == 0, "curl: " + out);
        String[] f = out.split(" ");
        return Double.parseDouble(f[0]) / Double.parseDouble(f[1]) / 1e6;
    }

    static void check(boolean ok, String what) {
        if (!ok) throw new IllegalStateException("failed: " + what);
    }
}
