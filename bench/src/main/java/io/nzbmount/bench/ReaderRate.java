package io.nzbmount.bench;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The reader on its own, in this JVM: {@code Usenet.connect}, {@code map}, {@code open} and
 * sequential 1 MiB reads of the first file of an NZB, the bytes thrown away or hashed. The clock
 * runs from {@code map} to the last byte, as {@code nzbmount fetch} measures, with a fresh
 * {@code Usenet} (fresh connections) each run.
 *
 * <p>With {@code --original FILE} every run hashes what it read (SHA-256) and compares it with the
 * original; the peak heap after the runs shows whether memory followed the read-ahead window or
 * the file size (run with {@code -Xmx128m} for that).
 *
 * <pre>java -Xmx128m --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar io.nzbmount.bench.ReaderRate --nzb F.nzb [--original F] [--connections 8] [--readAhead 8] [--runs 5]</pre>
 */
public final class ReaderRate {
    private static final int CHUNK = 1 << 20;

    private ReaderRate() {}

    /** Bytes read, seconds, and the SHA-256 of the bytes when asked for (else null). */
    record Result(long bytes, double seconds, String sha256) {
        double mbPerSecond() {
            return bytes / seconds / 1e6;
        }
    }

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
                "nzb",
                "",
                "original",
                "",
                "host",
                "127.0.0.1",
                "port",
                "1190",
                "connections",
                "8",
                "readAhead",
                "8",
                "runs",
                "5");
        Machine.header("ReaderRate " + String.join(" ", args) + ", max heap "
                + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB");
        NzbFile file = firstFile(o.path("nzb"));
        String original = o.optional("original").isEmpty() ? null : sha256(o.path("original"));
        if (original != null) System.out.println("original SHA-256 " + original);
        Samples rate = new Samples("reader x" + o.integer("connections"), "MB/s");
        boolean allEqual = true;
        for (int i = 0; i < o.integer("runs"); i++) {
            Result r = run(
                    file,
                    o.text("host"),
                    o.integer("port"),
                    o.integer("connections"),
                    o.integer("readAhead"),
                    original != null);
            rate.add(r.mbPerSecond());
            String check = original == null
                    ? ""
                    : original.equals(r.sha256()) ? ", SHA-256 equal" : ", SHA-256 DIFFERS " + r.sha256();
            allEqual &= original == null || original.equals(r.sha256());
            System.out.printf(
                    Locale.ROOT,
                    "run %d: %d bytes in %.3f s, %.1f MB/s%s%n",
                    i + 1,
                    r.bytes(),
                    r.seconds(),
                    r.mbPerSecond(),
                    check);
        }
        System.out.println(rate.summary());
        long pid = ProcessHandle.current().pid();
        System.out.printf(
                Locale.ROOT,
                "heap pools peak sum %.1f MiB (an upper bound: pools peak at different times; the GC log is exact), max heap %d MiB, peak RSS %s%n",
                peakHeapBytes() / 1048576.0,
                Runtime.getRuntime().maxMemory() >> 20,
                Machine.mib(Machine.statusKib(pid, "VmHWM")));
        System.out.println("# load average at end " + Machine.load());
        if (!allEqual) System.exit(1);
    }

    static NzbFile firstFile(Path nzbFile) throws Exception {
        try (InputStream in = Files.newInputStream(nzbFile)) {
            Nzb nzb = NzbParser.parse(in);
            return nzb.files().getFirst();
        }
    }

    static Provider provider(String host, int port, int connections) {
        return new Provider("bench", host, port, false, null, null, connections, 0);
    }

    static Result run(NzbFile file, String host, int port, int connections, int readAhead, boolean hash)
            throws Exception {
        MessageDigest digest = hash ? MessageDigest.getInstance("SHA-256") : null;
        byte[] buf = new byte[CHUNK];
        try (Usenet usenet = Usenet.connect(
                List.of(provider(host, port, connections)),
                Usenet.Settings.defaults().withReadAhead(readAhead))) {
            long start = System.nanoTime();
            SegmentMap map = usenet.map(file, Priority.FOREGROUND);
            long offset = 0;
            try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
                while (offset < map.size()) {
                    int n = reader.read(offset, buf, 0, buf.length);
                    if (n < 0) throw new IllegalStateException("reader ended at " + offset + " of " + map.size());
                    if (digest != null) digest.update(buf, 0, n);
                    offset += n;
                }
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Result(
                    offset, seconds, digest == null ? null : HexFormat.of().formatHex(digest.digest()));
        }
    }

    static String sha256(Path file) throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        byte[] buf = new byte[CHUNK];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buf); n > 0; n = in.read(buf)) digest.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(digest.digest());
    }

    /** The sum of the heap pools' peak usage since the JVM started. */
    static long peakHeapBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) sum += pool.getPeakUsage().getUsed();
        }
        return sum;
    }
}
