package io.nzbmount.bench;

import io.nzbmount.nntp.tls.StunnelFront;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * A full GET of a file through a provider that speaks TLS against the same GET through the same
 * provider in plain NNTP, in the same run: two servers ({@code serve}, each its own JVM), one with
 * the provider plain, one with it behind stunnel (OpenSSL, a private CA trusted through
 * {@code providers[].trustCertificate}) as real providers speak TLS. Each imports the NZB once; a
 * first GET of each, hashed and compared with the original, warms it up. Each round then GETs the
 * file from the plain server and from the TLS one, and reports the rates and each server's
 * processor time (all its threads) per GB served; stunnel's own processor time is not the
 * server's and is not counted.
 *
 * <p>With {@code --farDelayMs} above 0 each server reaches its provider through a {@link FarLink}
 * of its own with that delay and per-connection cap (the TLS one in front of stunnel, so the
 * encrypted bytes cross the link).
 *
 * <pre>java --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar io.nzbmount.bench.TlsVsPlain
 *     --nzb F.nzb --original F [--jar server/target/nzbmount.jar] [--work /dev/shm/nzbmount-bench] [--connections 8]
 *     [--host 127.0.0.1 --port 1190] [--farDelayMs 0] [--farMbps 20] [--runs 5]</pre>
 */
public final class TlsVsPlain {
    private TlsVsPlain() {}

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
                        "runs",
                        "5"));
        Machine.header("TlsVsPlain " + String.join(" ", args));
        Path nzb = o.path("nzb");
        Path work = o.path("work");
        int connections = o.integer("connections");
        String expected = ReaderRate.sha256(o.path("original"));
        Samples plainRate = new Samples("GET plain x" + connections, "MB/s");
        Samples tlsRate = new Samples("GET TLS x" + connections, "MB/s");
        Samples plainCpu = new Samples("server CPU per GB, plain", "s/GB");
        Samples tlsCpu = new Samples("server CPU per GB, TLS", "s/GB");
        Samples extra = new Samples("TLS CPU minus plain, per round", "s/GB");
        try (FarMode far = FarMode.open(o);
                StunnelFront stunnel = StunnelFront.start(work.resolve("tls"), o.text("host"), o.integer("port"));
                FarLink tlsLink = far.on()
                        ? FarLink.open(
                                0,
                                new InetSocketAddress("127.0.0.1", stunnel.port()),
                                o.integer("farDelayMs"),
                                o.integer("farMbps"))
                        : null) {
            int tlsPort = tlsLink != null ? tlsLink.port() : stunnel.port();
            System.out.printf(
                    Locale.ROOT,
                    "stunnel on 127.0.0.1:%d -> %s:%d; the TLS server reaches it on port %d%n",
                    stunnel.port(),
                    o.text("host"),
                    o.integer("port"),
                    tlsPort);
            try (ServerProcess plain = ServerProcess.start(
                            o.path("jar"),
                            List.of(),
                            work.resolve("serve-plain"),
                            8,
                            0,
                            List.of(new Jar.Provider("plain", far.host(), far.port(), connections, 0)));
                    ServerProcess tls = ServerProcess.start(
                            o.path("jar"),
                            List.of(),
                            work.resolve("serve-tls"),
                            8,
                            0,
                            List.of(new Jar.Provider(
                                    "tls", "127.0.0.1", tlsPort, connections, 0, stunnel.caCertificate())))) {
                String plainPath = firstGet(plain, nzb, expected, "plain");
                String tlsPath = firstGet(tls, nzb, expected, "TLS");
                for (int i = 0; i < o.integer("runs"); i++) {
                    double[] p = get(plain, plainPath);
                    double[] t = get(tls, tlsPath);
                    plainRate.add(p[0]);
                    plainCpu.add(p[1]);
                    tlsRate.add(t[0]);
                    tlsCpu.add(t[1]);
                    extra.add(t[1] - p[1]);
                    System.out.printf(
                            Locale.ROOT,
                            "round %d: plain %.0f MB/s %.2f s/GB, TLS %.0f MB/s %.2f s/GB; load %s%n",
                            i + 1,
                            p[0],
                            p[1],
                            t[0],
                            t[1],
                            Machine.load());
                }
            }
        }
        for (Samples s : List.of(plainRate, tlsRate, plainCpu, tlsCpu, extra)) System.out.println(s.summary());
        System.out.println(Samples.ratio(tlsRate, plainRate));
        System.out.printf(
                Locale.ROOT, "TLS CPU minus plain, medians: %.2f s/GB%n", tlsCpu.median() - plainCpu.median());
        System.out.println("# load average at end " + Machine.load());
    }

    private static String firstGet(ServerProcess server, Path nzb, String expected, String what) throws Exception {
        String path = server.importNzb(nzb, "bench " + what);
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        HttpGet.Response first = HttpGet.get("127.0.0.1", server.port(), path, null, digest::update);
        String got = HexFormat.of().formatHex(digest.digest());
        System.out.printf(
                Locale.ROOT,
                "first GET (%s, cold server): status %d, %d bytes, %.1f MB/s, SHA-256 %s%n",
                what,
                first.status(),
                first.bytes(),
                first.mbPerSecond(),
                got.equals(expected) ? "equal" : "DIFFERS");
        GetVsFetch.check(first.status() == 200 && got.equals(expected), "SHA-256 of the first GET (" + what + ")");
        return path;
    }

    /** One GET of the whole file: its rate in MB/s and the server's processor seconds per GB. */
    private static double[] get(ServerProcess server, String path) throws Exception {
        double before = server.cpuSeconds();
        HttpGet.Response g = HttpGet.get("127.0.0.1", server.port(), path, null, (b, off, len) -> {});
        GetVsFetch.check(g.status() == 200, "GET of the whole file");
        return new double[] {g.mbPerSecond(), (server.cpuSeconds() - before) / (g.bytes() / 1e9)};
    }
}
