package io.nzbmount.bench;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Figure 1: {@code nzbmount fetch} against the raw BODY rate of the same server, in the same run.
 * For each connection count, every round runs, one after the other: the raw rate
 * ({@link RawBodyRate}), {@code fetch} writing to a tmpfs directory, {@code fetch} writing to
 * /dev/null, {@code fetch} of an NZB listing the file twice (the second copy shows what the
 * same command reaches once its JVM is warm), and the reader in this (warm) JVM throwing the
 * bytes away ({@link ReaderRate}).
 * Interleaving rounds spreads other load on the machine over all four.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar io.nzbmount.bench.FetchVsRaw
 *     --nzb F.nzb [--jar server/target/nzbmount.jar] [--work /dev/shm/nzbmount-bench] [--connections 8,1] [--runs 5]
 *     [--original F.bin] [--fetchFlags "FLAGS" | none] [--reference yget]</pre>
 * With {@code --original}, every {@code fetch} to tmpfs is compared with it (SHA-256) and a
 * difference stops the run. {@code fetch} runs with the JVM flags {@code ./nzbmount} gives it
 * ({@link FetchCli#LAUNCHER_FLAGS}) unless {@code --fetchFlags} says otherwise. With
 * {@code --reference}, each round also runs the C reference client ({@link ReferenceClient}) to
 * tmpfs right before {@code fetch}, and the figures include {@code fetch} against it.
 */
public final class FetchVsRaw {
    private FetchVsRaw() {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
                "nzb",
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
                "8,1",
                "runs",
                "5",
                "original",
                "",
                "fetchFlags",
                String.join(" ", FetchCli.LAUNCHER_FLAGS),
                "reference",
                "");
        Machine.header("FetchVsRaw " + String.join(" ", args));
        Path nzb = o.path("nzb");
        List<NzbSegment> segments = RawBodyRate.segments(nzb);
        NzbFile file = ReaderRate.firstFile(nzb);
        List<String> fetchFlags =
                o.text("fetchFlags").isBlank() || o.text("fetchFlags").equals("none")
                        ? List.of()
                        : List.of(o.text("fetchFlags").trim().split("\\s+"));
        FetchCli fetch = new FetchCli(o.path("jar"), fetchFlags);
        System.out.println("# fetch JVM flags: " + (fetchFlags.isEmpty() ? "(none)" : String.join(" ", fetchFlags)));
        String originalSha = o.text("original").isBlank() ? null : Sha256.of(o.path("original"));
        Path twice = FetchCli.twice(nzb, file.name(), o.path("work"));
        List<String> twiceNames = List.of(file.name(), FetchCli.againName(file.name()));
        ReferenceClient reference = o.text("reference").isBlank()
                ? null
                : new ReferenceClient(o.path("reference"), segments, o.path("work"));
        String host = o.text("host");
        int port = o.integer("port");
        for (String c : o.text("connections").split(",")) {
            int connections = Integer.parseInt(c.trim());
            Path config = Jar.config(o.path("work"), host, port, connections, 8080);
            Samples raw = new Samples("raw BODY x" + connections, "MB/s");
            Samples shm = new Samples("fetch -o tmpfs x" + connections, "MB/s");
            Samples nul = new Samples("fetch -o /dev/null x" + connections, "MB/s");
            Samples reader = new Samples("reader in-process x" + connections, "MB/s");
            Samples again = new Samples("fetch same file again, warm JVM x" + connections, "MB/s");
            Samples wall = new Samples("fetch -o tmpfs wall x" + connections, "s");
            Samples ref = new Samples("C reference client to tmpfs x" + connections, "MB/s");
            Samples refWall = new Samples("C reference client wall x" + connections, "s");
            // One unmeasured pass warms inn2's page cache and this JVM's JIT for the raw and reader paths.
            RawBodyRate.run(segments, host, port, connections);
            ReaderRate.run(file, host, port, connections, 8, false);
            for (int i = 0; i < o.integer("runs"); i++) {
                RawBodyRate.Result r = RawBodyRate.run(segments, host, port, connections);
                raw.add(r.mbPerSecond());
                String refText = "";
                if (reference != null) {
                    ReferenceClient.Result refRun = reference.run(
                            host, port, connections, o.path("work").resolve("reference.bin"), originalSha);
                    ref.add(refRun.mbPerSecond());
                    refWall.add(refRun.wallSeconds());
                    refText = String.format(
                            Locale.ROOT,
                            " C reference %.0f (wall %.2f s),",
                            refRun.mbPerSecond(),
                            refRun.wallSeconds());
                }
                FetchCli.Result s =
                        fetch.run(nzb, config, o.path("work").resolve("out"), false, List.of(file.name()), originalSha);
                shm.add(s.mbPerSecond());
                wall.add(s.wallSeconds());
                FetchCli.Result n = fetch.run(nzb, config, o.path("work").resolve("null"), true, List.of(file.name()));
                nul.add(n.mbPerSecond());
                FetchCli.Result t = fetch.run(twice, config, o.path("work").resolve("twice"), true, twiceNames);
                again.add(t.fileRates().get(1));
                ReaderRate.Result d = ReaderRate.run(file, host, port, connections, 8, false);
                reader.add(d.mbPerSecond());
                System.out.printf(
                        Locale.ROOT,
                        "x%d round %d:%s raw %.0f (%d bytes),%s fetch tmpfs %.0f (wall %.2f s), fetch null %.0f, fetch twice %.0f then %.0f, reader %.0f MB/s; load %s%n",
                        connections,
                        i + 1,
                        originalSha == null ? "" : " SHA-256 equal,",
                        r.mbPerSecond(),
                        r.bytes(),
                        refText,
                        s.mbPerSecond(),
                        s.wallSeconds(),
                        n.mbPerSecond(),
                        t.fileRates().get(0),
                        t.fileRates().get(1),
                        d.mbPerSecond(),
                        Machine.load());
            }
            System.out.println(raw.summary());
            System.out.println(shm.summary());
            System.out.println(nul.summary());
            System.out.println(again.summary());
            System.out.println(reader.summary());
            System.out.println(wall.summary());
            System.out.println(Samples.ratio(shm, raw));
            System.out.println(Samples.ratio(nul, raw));
            System.out.println(Samples.ratio(again, raw));
            System.out.println(Samples.ratio(reader, raw));
            if (reference != null) {
                System.out.println(ref.summary());
                System.out.println(refWall.summary());
                System.out.println(Samples.ratio(shm, ref));
                System.out.println(Samples.ratio(refWall, wall));
            }
        }
        System.out.println("# load average at end " + Machine.load());
    }
}
