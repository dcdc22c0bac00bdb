package io.nzbmount.bench;

import io.nzbmount.nntp.NzbFile;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The first provider goes silent mid-stream while a backup is healthy, both far. Each round
 * starts two {@link FarLink}s in front of the same near server (the first provider and, asked
 * after it, the backup; each {@code --delayMs} each way, {@code --mbps} per connection,
 * {@code --connections} connections) and a fresh {@code serve} naming both, imports the NZB and
 * runs three full GETs: one that warms the server, one with both providers healthy (the
 * reference) and one during which the first link freezes (sockets open, nothing forwarded) once
 * {@code --at} of the file has arrived. Each GET is hashed against the original and reports its
 * time, its longest wait for bytes (from the request to the first byte and between any two reads)
 * and the server's processor time per GB served. The server is fresh each round so a provider
 * cooled down by one freeze does not spare the next. The server's health (articles served and
 * hedged, first provider then backup) is printed before and after the frozen GET.
 *
 * <pre>java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar io.nzbmount.bench.SilentFirstProvider
 *     --nzb F.nzb --original F [--jar server/target/nzbmount.jar] [--work /dev/shm/nzbmount-bench]
 *     [--host 127.0.0.1] [--port 1190] [--connections 20] [--delayMs 20] [--mbps 20] [--readAhead 0]
 *     [--pipelineDepth 0] [--at 0.25] [--runs 3]</pre>
 * {@code --readAhead 0} and {@code --pipelineDepth 0} leave {@code reader.readAheadArticles} and
 * {@code reader.pipelineDepth} unset (the jar's defaults).
 */
public final class SilentFirstProvider {
    private SilentFirstProvider() {}

    /** One timed GET: its time, longest wait for bytes, whether its bytes equal the original, and server CPU per GB. */
    record Timed(double seconds, double longestWaitMillis, boolean exact, double cpuPerGb) {}

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
                "20",
                "delayMs",
                "20",
                "mbps",
                "20",
                "readAhead",
                "0",
                "pipelineDepth",
                "0",
                "at",
                "0.25",
                "runs",
                "3");
        Machine.header("SilentFirstProvider " + String.join(" ", args));
        Path nzb = o.path("nzb");
        NzbFile file = ReaderRate.firstFile(nzb);
        String expected = ReaderRate.sha256(o.path("original"));
        long size = Files.size(o.path("original"));
        InetSocketAddress near = new InetSocketAddress(o.text("host"), o.integer("port"));
        int connections = o.integer("connections");
        double at = Double.parseDouble(o.text("at"));
        Samples healthyTime = new Samples("GET, both providers healthy", "s");
        Samples frozenTime = new Samples("GET, first provider frozen at " + at, "s");
        Samples extra = new Samples("frozen GET minus healthy GET", "s");
        Samples healthyWait = new Samples("longest wait for bytes, healthy", "ms");
        Samples frozenWait = new Samples("longest wait for bytes, frozen", "ms");
        Samples healthyCpu = new Samples("server CPU per GB served, healthy", "s/GB");
        Samples frozenCpu = new Samples("server CPU per GB served, frozen", "s/GB");
        boolean allExact = true;
        for (int i = 0; i < o.integer("runs"); i++) {
            try (FarLink first = FarLink.open(0, near, o.integer("delayMs"), o.integer("mbps"));
                    FarLink backup = FarLink.open(0, near, o.integer("delayMs"), o.integer("mbps"));
                    ServerProcess server = ServerProcess.start(
                            o.path("jar"),
                            List.of(),
                            o.path("work").resolve("serve"),
                            o.integer("readAhead"),
                            o.integer("pipelineDepth"),
                            List.of(
                                    new Jar.Provider("first", "127.0.0.1", first.port(), connections, 0),
                                    new Jar.Provider("backup", "127.0.0.1", backup.port(), connections, 1)))) {
                String path = server.importNzb(nzb, "bench " + file.name());
                Timed warm = get(server, path, expected, Long.MAX_VALUE, () -> {});
                Timed healthy = get(server, path, expected, Long.MAX_VALUE, () -> {});
                System.out.print("before the frozen GET: ");
                GetVsFetch.hedges(server.port());
                Timed frozen = get(server, path, expected, (long) (size * at), () -> first.freeze(true));
                allExact &= warm.exact() && healthy.exact() && frozen.exact();
                healthyTime.add(healthy.seconds());
                frozenTime.add(frozen.seconds());
                extra.add(frozen.seconds() - healthy.seconds());
                healthyWait.add(healthy.longestWaitMillis());
                frozenWait.add(frozen.longestWaitMillis());
                healthyCpu.add(healthy.cpuPerGb());
                frozenCpu.add(frozen.cpuPerGb());
                System.out.printf(
                        Locale.ROOT,
                        "round %d: warm %.2f s; healthy %.2f s, longest wait %.0f ms, %.2f s/GB;"
                                + " frozen %.2f s, longest wait %.0f ms, %.2f s/GB; SHA-256 %s; load %s%n",
                        i + 1,
                        warm.seconds(),
                        healthy.seconds(),
                        healthy.longestWaitMillis(),
                        healthy.cpuPerGb(),
                        frozen.seconds(),
                        frozen.longestWaitMillis(),
                        frozen.cpuPerGb(),
                        warm.exact() && healthy.exact() && frozen.exact() ? "equal" : "DIFFERS",
                        Machine.load());
                System.out.print("after it: ");
                GetVsFetch.hedges(server.port());
            }
        }
        for (Samples s : List.of(healthyTime, frozenTime, extra, healthyWait, frozenWait, healthyCpu, frozenCpu)) {
            System.out.println(s.summary());
        }
        System.out.println(
                "SHA-256 of every GET " + (allExact ? "equal to the original" : "NOT equal to the original"));
        System.out.println("# load average at end " + Machine.load());
        GetVsFetch.check(allExact, "SHA-256 of every GET");
    }

    /** A full GET of {@code path}, hashed; {@code trigger} runs once {@code triggerAt} body bytes have come. */
    static Timed get(ServerProcess server, String path, String expected, long triggerAt, Runnable trigger)
            throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        long[] state = {System.nanoTime(), 0, 0}; // last read, longest wait, bytes
        boolean[] triggered = {false};
        double cpuBefore = server.cpuSeconds();
        HttpGet.Response r = HttpGet.get("127.0.0.1", server.port(), path, null, (b, off, len) -> {
            long now = System.nanoTime();
            state[1] = Math.max(state[1], now - state[0]);
            state[0] = now;
            digest.update(b, off, len);
            state[2] += len;
            if (!triggered[0] && state[2] >= triggerAt) {
                triggered[0] = true;
                trigger.run();
            }
        });
        double cpu = server.cpuSeconds() - cpuBefore;
        GetVsFetch.check(r.status() == 200, "GET answered " + r.status());
        boolean exact = HexFormat.of().formatHex(digest.digest()).equals(expected);
        return new Timed(r.doneNanos() / 1e9, state[1] / 1e6, exact, cpu / (r.bytes() / 1e9));
    }
}
