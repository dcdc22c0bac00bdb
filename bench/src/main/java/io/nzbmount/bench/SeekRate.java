package io.nzbmount.bench;

import io.nzbmount.nntp.NzbFile;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Seek then read on: a GET with {@code Range: bytes=N-} at a random offset on a fresh TCP
 * connection (so the server opens a new reader there), read for {@code --first} + {@code --then}
 * MiB and then closed. The rate of the first {@code --first} MiB (from before the connect) is the
 * seek's; the rate of the {@code --then} MiB after it is the rate of the same stream after the
 * mark. The same-run reference for the steady rate is two whole-file GETs after the warm-up one
 * (a window opened whole at the seek fetches the bytes after the mark alongside the first ones,
 * so the rate after the mark overstates the steady rate). The bytes read are compared with the
 * original (SHA-256). The server imports the NZB once and is warmed by one full GET. The server's processor time (all its
 * threads) from before each seek's connect to its close, per GB that request read, is reported
 * as a median; the process's CPU time comes in 10 ms ticks, a few per cent of one seek's.
 *
 * <p>{@code --readAhead 0} and {@code --pipelineDepth 0} leave {@code reader.readAheadArticles}
 * and {@code reader.pipelineDepth} unset (the jar's defaults). With {@code --farDelayMs} above 0
 * the server reaches {@code --host}:{@code --port} through a {@link FarLink} in this JVM
 * ({@link FarMode}), and the run fails if the server ever had more than {@code --connections}
 * connections open through it.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar io.nzbmount.bench.SeekRate
 *     --nzb F.nzb --original F [--jar server/target/nzbmount.jar] [--port 1192] [--connections 20]
 *     [--readAhead 8] [--pipelineDepth 0] [--farDelayMs 0] [--farMbps 20] [--farPort 0]
 *     [--first 8] [--then 16] [--seeks 9]</pre>
 */
public final class SeekRate {
    private SeekRate() {}

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
                        "1192",
                        "connections",
                        "20",
                        "readAhead",
                        "8",
                        "pipelineDepth",
                        "0",
                        "first",
                        "8",
                        "then",
                        "16",
                        "seeks",
                        "9",
                        "pause",
                        "300",
                        "seed",
                        "42"));
        Machine.header("SeekRate " + String.join(" ", args));
        Path nzb = o.path("nzb");
        NzbFile file = ReaderRate.firstFile(nzb);
        long first = o.integer("first") * (1L << 20);
        long total = first + o.integer("then") * (1L << 20);
        SplittableRandom random = new SplittableRandom(o.integer("seed"));
        Samples seek = new Samples("seek then " + o.integer("first") + " MiB", "MB/s");
        Samples firstBody = new Samples("first body byte after the seek", "ms");
        Samples steady = new Samples("the " + o.integer("then") + " MiB after it (steady)", "MB/s");
        Samples wholeGet = new Samples("GET of the whole file, warm (steady)", "MB/s");
        Samples cpu = new Samples("server CPU per GB (seek request)", "s/GB");
        FarMode far = FarMode.open(o);
        try (far;
                RandomAccessFile original =
                        new RandomAccessFile(o.path("original").toFile(), "r");
                ServerProcess server = ServerProcess.start(
                        o.path("jar"),
                        List.of(),
                        o.path("work").resolve("serve"),
                        far.host(),
                        far.port(),
                        o.integer("connections"),
                        o.integer("readAhead"),
                        o.integer("pipelineDepth"))) {
            String path = server.importNzb(nzb, "bench " + file.name());
            HttpGet.Response warm = HttpGet.get("127.0.0.1", server.port(), path, null, (b, off, len) -> {});
            System.out.printf(
                    Locale.ROOT,
                    "warm-up GET of the whole file: %d bytes, %.0f MB/s%n",
                    warm.bytes(),
                    warm.mbPerSecond());
            // A window opened whole after a seek fetches the bytes after the first ones alongside
            // them, so the rate after the mark overstates the stream's steady rate; a whole GET does not.
            for (int i = 0; i < 2; i++) {
                HttpGet.Response g = HttpGet.get("127.0.0.1", server.port(), path, null, (b, off, len) -> {});
                wholeGet.add(g.mbPerSecond());
            }
            long size = original.length();
            for (int i = 0; i < o.integer("seeks"); i++) {
                long offset = random.nextLong(size - total);
                MessageDigest got = MessageDigest.getInstance("SHA-256");
                long[] firstDone = {0};
                long[] received = {0};
                double cpuBefore = server.cpuSeconds();
                long start = System.nanoTime();
                HttpGet.Response r = HttpGet.getFirst(
                        "127.0.0.1", server.port(), path, "bytes=" + offset + "-", total, (b, off, len) -> {
                            got.update(b, off, len);
                            received[0] += len;
                            if (firstDone[0] == 0 && received[0] >= first) firstDone[0] = System.nanoTime();
                        });
                long end = System.nanoTime();
                cpu.add((server.cpuSeconds() - cpuBefore) / (r.bytes() / 1e9));
                byte[] want = new byte[(int) total];
                original.seek(offset);
                original.readFully(want);
                if (r.status() != 206
                        || r.bytes() != total
                        || !Arrays.equals(MessageDigest.getInstance("SHA-256").digest(want), got.digest())) {
                    throw new IllegalStateException("seek to " + offset + ": status " + r.status() + ", bytes differ");
                }
                // The chunk that crossed the mark brought a little more than `first`; counted with it.
                double s = received(first, firstDone[0] - start);
                double t = (total - first) / ((end - firstDone[0]) / 1e9) / 1e6;
                seek.add(s);
                firstBody.add(r.firstBodyNanos() / 1e6);
                steady.add(t);
                System.out.printf(
                        Locale.ROOT,
                        "seek %d to %d: first body byte %.1f ms, first %d MiB at %.1f MB/s, then %.1f MB/s; load %s%n",
                        i + 1,
                        offset,
                        r.firstBodyNanos() / 1e6,
                        first >> 20,
                        s,
                        t,
                        Machine.load());
                Thread.sleep(o.integer("pause"));
            }
        }
        System.out.println(firstBody.summary());
        System.out.println(seek.summary());
        System.out.println(steady.summary());
        System.out.println(Samples.ratio(seek, steady));
        System.out.println(wholeGet.summary());
        System.out.println(Samples.ratio(seek, wholeGet));
        System.out.println(cpu.summary());
        System.out.println("# load average at end " + Machine.load());
        far.check(far.mostOpen(), o.integer("connections"));
    }

    private static double received(long bytes, long nanos) {
        return bytes / (nanos / 1e9) / 1e6;
    }
}
