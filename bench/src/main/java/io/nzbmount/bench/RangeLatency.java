package io.nzbmount.bench;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import java.io.ByteArrayOutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Figure 3: time to first byte of a 64 KiB range at a random offset through WebDAV, against the
 * time of one article fetch, in the same run. Each sample: a GET with {@code Range} on a fresh
 * TCP connection (so the server opens a new reader at that offset), its bytes compared with the
 * original; then one article, chosen at random, fetched and decoded over a fresh NNTP connection
 * and over a kept one ({@link ArticleTimer}). Samples are {@code --pause} ms apart, as a player's
 * seeks are; a HEAD of the file in each sample shows what the HTTP side costs without any
 * content read, and the same read through a reader in this JVM ({@link ReaderProbe}) what the
 * reader costs without HTTP. A full GET of the file ({@code --warmGet 1}, the default) and a few unmeasured
 * samples warm both sides first.
 *
 * <p>The server's processor time (all its threads) from before each measured range GET's connect
 * to its last byte is summed and given per range and per GB of range bytes. Only the sum means
 * anything: the process's CPU time comes in 10 ms ticks, more than one range costs. Per GB is of
 * the 64 KiB served, not of the article the server fetched and decoded for it, so it is many
 * times a full GET's.
 *
 * <p>{@code --readAhead 0} and {@code --pipelineDepth 0} leave {@code reader.readAheadArticles}
 * and {@code reader.pipelineDepth} unset (the jar's defaults); the in-process reader gets the
 * same settings.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar io.nzbmount.bench.RangeLatency
 *     --nzb F.nzb --original F [--jar server/target/nzbmount.jar] [--work /dev/shm/nzbmount-bench] [--readAhead 8]
 *     [--pipelineDepth 0] [--warmGet 1] [--samples 21]</pre>
 */
public final class RangeLatency {
    private static final int RANGE = 64 * 1024;

    private RangeLatency() {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
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
                "samples",
                "21",
                "warmup",
                "5",
                "warmGet",
                "1",
                "pause",
                "300",
                "seed",
                "42");
        Machine.header("RangeLatency " + String.join(" ", args));
        Path nzb = o.path("nzb");
        NzbFile file = ReaderRate.firstFile(nzb);
        List<NzbSegment> segments = file.segments();
        String host = o.text("host");
        int nntpPort = o.integer("port");
        SplittableRandom random = new SplittableRandom(o.integer("seed"));
        Samples firstBody = new Samples("range TTFB (first body byte)", "ms");
        Samples whole = new Samples("range 64 KiB complete", "ms");
        Samples head = new Samples("HEAD of the file (no content read)", "ms");
        Samples inProcess = new Samples("reader open + 64 KiB in-process", "ms");
        Samples fresh = new Samples("article fetch, fresh connection", "ms");
        Samples warm = new Samples("article fetch, warm connection", "ms");
        double cpuSeconds = 0;
        long rangeBytes = 0;
        try (RandomAccessFile original = new RandomAccessFile(o.path("original").toFile(), "r");
                ArticleTimer articles = new ArticleTimer(host, nntpPort);
                ReaderProbe probe = ReaderProbe.open(
                        file,
                        host,
                        nntpPort,
                        o.integer("connections"),
                        o.integer("readAhead"),
                        o.integer("pipelineDepth"));
                ServerProcess server = ServerProcess.start(
                        o.path("jar"),
                        List.of(),
                        o.path("work").resolve("serve"),
                        host,
                        nntpPort,
                        o.integer("connections"),
                        o.integer("readAhead"),
                        o.integer("pipelineDepth"))) {
            String path = server.importNzb(nzb, "bench " + file.name());
            long size = original.length();
            if (o.integer("warmGet") > 0) {
                // A server that has streamed before has its read path compiled; a full GET does that here.
                HttpGet.Response g = HttpGet.get("127.0.0.1", server.port(), path, null, (b, off, len) -> {});
                System.out.printf(
                        Locale.ROOT,
                        "warm-up GET of the whole file: %d bytes, %.0f MB/s%n",
                        g.bytes(),
                        g.mbPerSecond());
            }
            int warmup = o.integer("warmup");
            for (int i = 0; i < warmup + o.integer("samples"); i++) {
                long offset = random.nextLong(size - RANGE);
                ByteArrayOutputStream body = new ByteArrayOutputStream(RANGE);
                double cpuBefore = server.cpuSeconds();
                HttpGet.Response r = HttpGet.get(
                        "127.0.0.1", server.port(), path, "bytes=" + offset + "-" + (offset + RANGE - 1), body::write);
                double cpu = server.cpuSeconds() - cpuBefore;
                byte[] want = new byte[RANGE];
                original.seek(offset);
                original.readFully(want);
                if (r.status() != 206 || !Arrays.equals(want, body.toByteArray())) {
                    throw new IllegalStateException("range at " + offset + ": status " + r.status() + ", bytes differ");
                }
                HttpGet.Response h = HttpGet.head("127.0.0.1", server.port(), path);
                long p = probe.firstRange(random.nextLong(size - RANGE), RANGE);
                NzbSegment segment = segments.get(random.nextInt(segments.size() - 1));
                long f = articles.fresh(segment);
                long w = articles.warm(segment);
                if (i >= warmup) {
                    firstBody.add(r.firstBodyNanos() / 1e6);
                    whole.add(r.doneNanos() / 1e6);
                    head.add(h.firstByteNanos() / 1e6);
                    inProcess.add(p / 1e6);
                    fresh.add(f / 1e6);
                    warm.add(w / 1e6);
                    cpuSeconds += cpu;
                    rangeBytes += r.bytes();
                }
                System.out.printf(
                        Locale.ROOT,
                        "%s offset %d: first body byte %.2f ms, 64 KiB %.2f ms, HEAD %.2f ms, reader in-process %.2f ms; article fresh %.2f, warm %.2f ms; load %s%n",
                        i < warmup ? "warm-up" : "sample",
                        offset,
                        r.firstBodyNanos() / 1e6,
                        r.doneNanos() / 1e6,
                        h.firstByteNanos() / 1e6,
                        p / 1e6,
                        f / 1e6,
                        w / 1e6,
                        Machine.load());
                Thread.sleep(o.integer("pause"));
            }
        }
        for (Samples s : List.of(firstBody, whole, head, inProcess, fresh, warm)) System.out.println(s.summary());
        System.out.println(Samples.ratio(firstBody, fresh));
        System.out.println(Samples.ratio(firstBody, warm));
        System.out.println(Samples.ratio(whole, fresh));
        System.out.println(Samples.ratio(whole, warm));
        System.out.println(Samples.ratio(inProcess, warm));
        int n = o.integer("samples");
        System.out.printf(
                Locale.ROOT,
                "server CPU over the %d sampled range GETs: %.2f ms per range, %.1f s/GB of range bytes%n",
                n,
                cpuSeconds * 1e3 / n,
                cpuSeconds / (rangeBytes / 1e9));
        System.out.println("# load average at end " + Machine.load());
    }
}
