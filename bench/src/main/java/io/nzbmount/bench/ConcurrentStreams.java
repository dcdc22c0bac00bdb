package io.nzbmount.bench;

import io.nzbmount.nntp.NzbSegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Figure 4b: N different files streamed at once through WebDAV from a server JVM with a small
 * heap ({@code serve}, its own process, {@code -Xmx256m} by default, GC logged). Each round
 * (after {@code --warmup} unmeasured ones, since a server runs warm)
 * starts N full GETs together (plain sockets, one thread each), hashes every body and compares
 * it with its original. While they run, the server's resident set is sampled every 50 ms. At the
 * end: peak RSS (VmHWM), the heap before and after each GC from the GC log, and
 * {@code jcmd GC.heap_info}. The server's processor time (all its threads) over each measured
 * round, per GB the round served, is reported with the rates. After each measured round the same
 * files are read again one stream at a time: what the link gives one stream, the same-run
 * reference for the aggregate. In far mode each measured round ends with the link's own ceiling:
 * every article of the same files read once by {@link PipelinedRawRate} (as many connections as
 * the server has, {@code --linkDepth} commands in flight on each, nothing decoded) through a second
 * link like the server's, given as the files' bytes per second so it compares with the aggregate.
 *
 * <p>{@code --readAhead 0} and {@code --pipelineDepth 0} leave {@code reader.readAheadArticles}
 * and {@code reader.pipelineDepth} unset (the jar's defaults). With {@code --farDelayMs} above 0
 * the server reaches its provider through a {@link FarLink} in this JVM ({@link FarMode}), and
 * the run fails if the server ever had more than {@code --connections} connections open through it.
 * Each round and each ceiling also says where the machine's processors went ({@link CpuShares}).
 *
 * <pre>java -cp bench/target/benchmarks.jar io.nzbmount.bench.ConcurrentStreams
 *     --nzbs A.nzb,B.nzb,... --originals A,B,... [--heap 256m] [--connections 8] [--readAhead 8]
 *     [--pipelineDepth 0] [--farDelayMs 0] [--farMbps 20] [--farPort 0] [--linkDepth 4] [--runs 5]</pre>
 */
public final class ConcurrentStreams {
    private static final Pattern GC_LINE = Pattern.compile("(\\d+)M->(\\d+)M\\((\\d+)M\\)");

    private ConcurrentStreams() {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
                FarMode.options(
                        "nzbs",
                        "",
                        "originals",
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
                        "heap",
                        "256m",
                        "warmup",
                        "1",
                        "runs",
                        "5",
                        "readAhead",
                        "8",
                        "pipelineDepth",
                        "0",
                        "linkDepth",
                        "4"));
        Machine.header("ConcurrentStreams " + String.join(" ", args));
        String[] nzbs = o.text("nzbs").split(",");
        String[] originals = o.text("originals").split(",");
        if (nzbs.length != originals.length) throw new IllegalArgumentException("as many --nzbs as --originals");
        Path work = o.path("work").resolve("streams");
        Files.createDirectories(work);
        Path gcLog = work.resolve("gc.log");
        Files.deleteIfExists(gcLog);
        List<String> expected = new ArrayList<>();
        for (String f : originals) expected.add(ReaderRate.sha256(Path.of(f)));
        Samples aggregate = new Samples(nzbs.length + " streams aggregate", "MB/s");
        Samples slowest = new Samples("slowest stream", "MB/s");
        Samples peakRss = new Samples("server RSS peak per round", "MiB");
        Samples cpu = new Samples("server CPU per GB served (round)", "s/GB");
        Samples alone = new Samples("the same files one stream at a time (the link as one stream has it)", "MB/s");
        Samples link = new Samples("the link: raw BODY of the same files, nothing decoded", "MB/s");
        List<NzbSegment> allSegments = new ArrayList<>();
        long fileBytes = 0;
        for (int i = 0; i < nzbs.length; i++) {
            allSegments.addAll(RawBodyRate.segments(Path.of(nzbs[i])));
            fileBytes += Files.size(Path.of(originals[i]));
        }
        boolean allEqual = true;
        String heapInfo;
        long hwm;
        FarMode far = FarMode.open(o);
        try (far;
                ServerProcess server = ServerProcess.start(
                        o.path("jar"),
                        List.of("-Xmx" + o.text("heap"), "-Xlog:gc:file=" + gcLog + ":uptime"),
                        work,
                        far.host(),
                        far.port(),
                        o.integer("connections"),
                        o.integer("readAhead"),
                        o.integer("pipelineDepth"))) {
            List<String> paths = new ArrayList<>();
            for (String nzb : nzbs)
                paths.add(server.importNzb(Path.of(nzb), "bench " + Path.of(nzb).getFileName()));
            ExecutorService pool = Executors.newFixedThreadPool(nzbs.length + 1);
            CpuShares shares = new CpuShares(server::cpuSeconds);
            try {
                int warmup = o.integer("warmup");
                for (int run = 0; run < warmup + o.integer("runs"); run++) {
                    AtomicLong maxRss = new AtomicLong();
                    Future<?> sampler = pool.submit(() -> sample(server.pid(), maxRss));
                    double cpuBefore = server.cpuSeconds();
                    shares.mark();
                    long start = System.nanoTime();
                    List<Future<String>> hashes = new ArrayList<>();
                    List<Future<HttpGet.Response>> responses = new ArrayList<>();
                    for (String path : paths) {
                        MessageDigest digest = MessageDigest.getInstance("SHA-256");
                        Future<HttpGet.Response> r =
                                pool.submit(() -> HttpGet.get("127.0.0.1", server.port(), path, null, digest::update));
                        responses.add(r);
                        hashes.add(pool.submit(() -> {
                            r.get();
                            return HexFormat.of().formatHex(digest.digest());
                        }));
                    }
                    long bytes = 0;
                    double slow = Double.MAX_VALUE;
                    StringBuilder each = new StringBuilder();
                    for (int i = 0; i < paths.size(); i++) {
                        HttpGet.Response r = responses.get(i).get();
                        boolean equal = expected.get(i).equals(hashes.get(i).get()) && r.status() == 200;
                        allEqual &= equal;
                        bytes += r.bytes();
                        slow = Math.min(slow, r.mbPerSecond());
                        each.append(String.format(
                                Locale.ROOT, " %.0f%s", r.mbPerSecond(), equal ? "" : "(SHA-256 DIFFERS)"));
                    }
                    double seconds = (System.nanoTime() - start) / 1e9;
                    double cpuPerGb = (server.cpuSeconds() - cpuBefore) / (bytes / 1e9);
                    sampler.cancel(true);
                    if (run >= warmup) {
                        cpu.add(cpuPerGb);
                        aggregate.add(bytes / seconds / 1e6);
                        slowest.add(slow);
                        peakRss.add(maxRss.get() / 1024.0);
                    }
                    System.out.printf(
                            Locale.ROOT,
                            "%s %d: %d bytes in %.2f s, %.0f MB/s aggregate; per stream MB/s:%s; RSS peak %s; load %s%n",
                            run < warmup ? "warm-up" : "round",
                            run + 1,
                            bytes,
                            seconds,
                            bytes / seconds / 1e6,
                            each,
                            Machine.mib(maxRss.get()),
                            Machine.load());
                    System.out.println("  " + shares.sinceMark());
                    if (run >= warmup) {
                        // The same-run reference: the same bytes read by one stream at a time.
                        long one = 0;
                        long oneStart = System.nanoTime();
                        for (int i = 0; i < paths.size(); i++) {
                            MessageDigest digest = MessageDigest.getInstance("SHA-256");
                            HttpGet.Response r =
                                    HttpGet.get("127.0.0.1", server.port(), paths.get(i), null, digest::update);
                            allEqual &= r.status() == 200
                                    && expected.get(i).equals(HexFormat.of().formatHex(digest.digest()));
                            one += r.bytes();
                        }
                        double oneRate = one / ((System.nanoTime() - oneStart) / 1e9) / 1e6;
                        alone.add(oneRate);
                        System.out.printf(Locale.ROOT, "  one stream at a time: %.0f MB/s%n", oneRate);
                        Optional<FarLink> twin = far.twin();
                        if (twin.isPresent()) {
                            try (FarLink l = twin.get()) {
                                shares.mark();
                                RawBodyRate.Result raw = PipelinedRawRate.run(
                                        allSegments,
                                        "127.0.0.1",
                                        l.port(),
                                        o.integer("connections"),
                                        o.integer("linkDepth"));
                                double rate = fileBytes / raw.seconds() / 1e6;
                                link.add(rate);
                                System.out.printf(
                                        Locale.ROOT,
                                        "  the link, raw BODY x%d depth %d: %.0f MB/s of the files (%.0f MB/s on the wire)%n",
                                        o.integer("connections"),
                                        o.integer("linkDepth"),
                                        rate,
                                        raw.mbPerSecond());
                                System.out.println("    " + shares.sinceMark());
                            }
                        }
                    }
                }
            } finally {
                pool.shutdownNow();
            }
            hwm = Machine.statusKib(server.pid(), "VmHWM");
            heapInfo = server.heapInfo();
        }
        for (Samples s : List.of(aggregate, slowest, peakRss, cpu, alone)) System.out.println(s.summary());
        System.out.println(Samples.ratio(aggregate, alone));
        if (far.on()) {
            System.out.println(link.summary());
            System.out.println(Samples.ratio(aggregate, link));
        }
        System.out.println("all SHA-256 equal: " + allEqual);
        System.out.println("server peak RSS (VmHWM) " + Machine.mib(hwm) + ", heap limit -Xmx" + o.text("heap"));
        gcSummary(gcLog);
        System.out.println("jcmd GC.heap_info at the end:\n" + heapInfo);
        System.out.println("# load average at end " + Machine.load());
        far.check(far.mostOpen(), o.integer("connections"));
        if (!allEqual) System.exit(1);
    }

    private static void sample(long pid, AtomicLong maxRssKib) {
        while (!Thread.currentThread().isInterrupted()) {
            maxRssKib.accumulateAndGet(Machine.statusKib(pid, "VmRSS"), Math::max);
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The largest heap seen before a GC, after a GC, and committed, over the whole log. */
    private static void gcSummary(Path gcLog) throws Exception {
        long before = 0;
        long after = 0;
        long committed = 0;
        int collections = 0;
        for (String line : Files.readAllLines(gcLog)) {
            Matcher m = GC_LINE.matcher(line);
            if (!m.find()) continue;
            collections++;
            before = Math.max(before, Long.parseLong(m.group(1)));
            after = Math.max(after, Long.parseLong(m.group(2)));
            committed = Math.max(committed, Long.parseLong(m.group(3)));
        }
        System.out.printf(
                Locale.ROOT,
                "GC log: %d collections; heap used before GC at most %d MiB, after GC at most %d MiB, committed at most %d MiB%n",
                collections,
                before,
                after,
                committed);
    }
}
