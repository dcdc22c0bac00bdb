package io.nzbmount.bench;

import io.nzbmount.nntp.Nzb;
import io.nzbmount.nntp.NzbParser;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The raw rate of an NNTP server: BODY of every segment of an NZB over N connections, bytes
 * counted and thrown away, nothing decoded. Connections are opened before the clock starts (a
 * reader's pool keeps its connections open too). This is the ceiling any client reading the
 * same articles can reach on this machine.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.nzbmount.bench.RawBodyRate --nzb F.nzb [--connections 8] [--runs 5]</pre>
 */
public final class RawBodyRate {
    private RawBodyRate() {}

    /** Bytes read and the seconds it took. */
    record Result(long bytes, double seconds) {
        double mbPerSecond() {
            return bytes / seconds / 1e6;
        }
    }

    public static void main(String[] args) throws Exception {
        Options o = new Options(args, "nzb", "", "host", "127.0.0.1", "port", "1190", "connections", "8", "runs", "5");
        Machine.header("RawBodyRate " + String.join(" ", args));
        List<NzbSegment> segments = segments(o.path("nzb"));
        Samples rate = new Samples("raw BODY x" + o.integer("connections"), "MB/s");
        for (int i = 0; i < o.integer("runs"); i++) {
            Result r = run(segments, o.text("host"), o.integer("port"), o.integer("connections"));
            rate.add(r.mbPerSecond());
            System.out.printf(
                    Locale.ROOT,
                    "run %d: %d bytes in %.3f s, %.1f MB/s%n",
                    i + 1,
                    r.bytes(),
                    r.seconds(),
                    r.mbPerSecond());
        }
        System.out.println(rate.summary());
        System.out.println("# load average at end " + Machine.load());
    }

    /** Every segment of every file of the NZB, in file order. */
    static List<NzbSegment> segments(Path nzbFile) throws IOException {
        try (InputStream in = Files.newInputStream(nzbFile)) {
            Nzb nzb = NzbParser.parse(in);
            return nzb.files().stream().flatMap(f -> f.segments().stream()).toList();
        }
    }

    static NntpEndpoint endpoint(String host, int port) {
        return new NntpEndpoint(host, port, false, null, Duration.ofSeconds(10), Duration.ofSeconds(30));
    }

    static Result run(List<NzbSegment> segments, String host, int port, int connections) throws Exception {
        List<NntpConnection> open = new ArrayList<>();
        try {
            for (int i = 0; i < connections; i++) {
                NntpConnection c = new NntpConnection(endpoint(host, port));
                expect(c.connect(), 200, "greeting");
                open.add(c);
            }
            AtomicInteger next = new AtomicInteger();
            long[] counted = new long[connections];
            List<Thread> threads = new ArrayList<>();
            List<Exception> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
            long start = System.nanoTime();
            for (int t = 0; t < connections; t++) {
                NntpConnection c = open.get(t);
                int slot = t;
                threads.add(Thread.ofPlatform().name("raw-body-" + t).start(() -> {
                    DiscardSink sink = new DiscardSink();
                    try {
                        for (int i = next.getAndIncrement(); i < segments.size(); i = next.getAndIncrement()) {
                            NzbSegment s = segments.get(i);
                            expect(c.body(s.messageId(), sink.reset(s.bytes())), 222, "BODY " + s.messageId());
                        }
                    } catch (Exception e) {
                        failures.add(e);
                    }
                    counted[slot] = sink.total();
                }));
            }
            for (Thread t : threads) t.join();
            double seconds = (System.nanoTime() - start) / 1e9;
            if (!failures.isEmpty()) throw failures.getFirst();
            long bytes = 0;
            for (long n : counted) bytes += n;
            return new Result(bytes, seconds);
        } finally {
            for (NntpConnection c : open) c.quit();
        }
    }

    static void expect(NntpReply reply, int code, String what) throws IOException {
        if (reply.code() != code) throw new IOException(what + ": expected " + code + ", got " + reply);
    }
}
