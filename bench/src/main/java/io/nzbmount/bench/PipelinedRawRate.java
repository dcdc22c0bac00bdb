package io.nzbmount.bench;

import io.nzbmount.nntp.NzbSegment;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What a link carries to a client that only reads: BODY of every segment over N plain sockets,
 * {@code depth} commands in flight on each (RFC 3977 section 3.5), each reply read to its
 * terminating dot and thrown away, nothing decoded. Over a far link this is the ceiling of the
 * link and this machine's processors together, with none of a server's work on top; the
 * same-run reference for an aggregate that the link's nominal rate overstates on a busy machine.
 * Written on raw sockets, apart from the product's NNTP code, so it does not measure that code.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.nzbmount.bench.PipelinedRawRate --nzb F.nzb
 *     [--port 1190] [--connections 20] [--depth 4] [--runs 3] [--farDelayMs 0 --farMbps 20]</pre>
 */
public final class PipelinedRawRate {
    private PipelinedRawRate() {}

    public static void main(String[] args) throws Exception {
        Options o = new Options(
                args,
                FarMode.options(
                        "nzb",
                        "",
                        "host",
                        "127.0.0.1",
                        "port",
                        "1190",
                        "connections",
                        "20",
                        "depth",
                        "4",
                        "runs",
                        "3"));
        Machine.header("PipelinedRawRate " + String.join(" ", args));
        List<NzbSegment> segments = RawBodyRate.segments(o.path("nzb"));
        Samples rate = new Samples("raw BODY x" + o.integer("connections") + " depth " + o.integer("depth"), "MB/s");
        try (FarMode far = FarMode.open(o)) {
            for (int i = 0; i < o.integer("runs"); i++) {
                RawBodyRate.Result r =
                        run(segments, far.host(), far.port(), o.integer("connections"), o.integer("depth"));
                rate.add(r.mbPerSecond());
                System.out.printf(
                        Locale.ROOT,
                        "run %d: %d bytes in %.3f s, %.1f MB/s%n",
                        i + 1,
                        r.bytes(),
                        r.seconds(),
                        r.mbPerSecond());
            }
        }
        System.out.println(rate.summary());
        System.out.println("# load average at end " + Machine.load());
    }

    /**
     * Reads every segment once over {@code connections} sockets opened before the clock starts,
     * {@code depth} commands in flight on each; the bytes are those of the replies' bodies.
     */
    static RawBodyRate.Result run(List<NzbSegment> segments, String host, int port, int connections, int depth)
            throws Exception {
        List<Socket> sockets = new ArrayList<>();
        List<Wire> wires = new ArrayList<>();
        try {
            for (int i = 0; i < connections; i++) {
                Socket s = new Socket();
                s.connect(new InetSocketAddress(host, port), 10_000);
                s.setSoTimeout(30_000);
                sockets.add(s);
                Wire wire = new Wire(s.getInputStream());
                wires.add(wire);
                String greeting = wire.line();
                if (!greeting.startsWith("200") && !greeting.startsWith("201")) {
                    throw new IOException("greeting: " + greeting);
                }
            }
            AtomicInteger next = new AtomicInteger();
            long[] counted = new long[connections];
            List<Exception> failures = new CopyOnWriteArrayList<>();
            List<Thread> threads = new ArrayList<>();
            long start = System.nanoTime();
            for (int t = 0; t < connections; t++) {
                Socket s = sockets.get(t);
                Wire wire = wires.get(t);
                int slot = t;
                threads.add(Thread.ofPlatform().name("raw-pipelined-" + t).start(() -> {
                    try {
                        counted[slot] = drive(s, wire, segments, next, depth);
                    } catch (Exception e) {
                        failures.add(e);
                    }
                }));
            }
            for (Thread t : threads) t.join();
            double seconds = (System.nanoTime() - start) / 1e9;
            if (!failures.isEmpty()) throw failures.getFirst();
            long bytes = 0;
            for (long n : counted) bytes += n;
            return new RawBodyRate.Result(bytes, seconds);
        } finally {
            for (Socket s : sockets) s.close();
        }
    }

    /** One connection: a writer keeps up to {@code depth} commands out; this thread reads the replies in order. */
    private static long drive(Socket socket, Wire in, List<NzbSegment> segments, AtomicInteger next, int depth)
            throws Exception {
        Semaphore inFlight = new Semaphore(depth);
        BlockingQueue<String> asked = new ArrayBlockingQueue<>(depth + 1);
        String done = "";
        OutputStream out = socket.getOutputStream();
        Thread writer = Thread.ofPlatform().start(() -> {
            try {
                // A place first, then the next article: a connection takes no article it cannot ask yet.
                while (true) {
                    inFlight.acquire();
                    int i = next.getAndIncrement();
                    if (i >= segments.size()) break;
                    String id = segments.get(i).messageId();
                    asked.put(id);
                    out.write(("BODY <" + id + ">\r\n").getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
                asked.put(done);
            } catch (IOException | InterruptedException e) {
                asked.offer(done);
            }
        });
        long total = 0;
        try {
            for (String id = asked.take(); !id.equals(done); id = asked.take()) {
                String status = in.line();
                if (!status.startsWith("222")) throw new IOException("BODY <" + id + ">: " + status);
                total += in.skipBlock();
                inFlight.release();
            }
        } finally {
            writer.join();
        }
        return total;
    }

    /** A socket's input read in blocks, scanned in place. Not thread safe: one reader. */
    private static final class Wire {
        private final InputStream in;
        private final byte[] buf = new byte[1 << 16];
        private int pos;
        private int limit;

        Wire(InputStream in) {
            this.in = in;
        }

        private void fill() throws IOException {
            int n = in.read(buf, 0, buf.length);
            if (n < 0) throw new IOException("the connection ended in a reply");
            pos = 0;
            limit = n;
        }

        /** The next line without its CRLF. */
        String line() throws IOException {
            StringBuilder s = new StringBuilder();
            while (true) {
                if (pos == limit) fill();
                byte b = buf[pos++];
                if (b == '\n') return s.toString();
                if (b != '\r') s.append((char) b);
            }
        }

        /**
         * Reads a dot-terminated block through its terminating line; returns its bytes without
         * that line. The block starts right after a line's end, so a "." line there ends it.
         */
        long skipBlock() throws IOException {
            // 0: at the start of a line; 1: "." seen there; 2: ".\r" seen; 3: inside a line.
            int state = 0;
            long bytes = 0;
            while (true) {
                if (pos == limit) fill();
                int from = pos;
                while (pos < limit) {
                    byte b = buf[pos++];
                    switch (state) {
                        case 0 -> state = b == '.' ? 1 : b == '\n' ? 0 : 3;
                        case 1 -> state = b == '\r' ? 2 : 3;
                        case 2 -> {
                            if (b == '\n') return bytes + (pos - from) - 3;
                            state = 3;
                        }
                        default -> {
                            if (b == '\n') state = 0;
                        }
                    }
                }
                bytes += pos - from;
            }
        }
    }
}
