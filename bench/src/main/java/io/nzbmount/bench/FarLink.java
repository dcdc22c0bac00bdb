package io.nzbmount.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A far provider in front of a near one: a TCP forwarder that delays every byte by
 * {@code --delayMs} in each direction and sends at most {@code --mbps} MB/s on each connection
 * in each direction, as a provider across the internet does (one-way latency plus a cap per
 * connection). Each direction is a delay line: a chunk read at time t is written at t + delay,
 * or later when the connection's rate keeps it waiting. From the command line it runs until
 * killed, and prints the most connections it had open at once when it ends; {@link #open} runs
 * one in this JVM that a benchmark can {@link #freeze} and ask for those counts.
 *
 * <p>A connection counts as open from its accept until the client has ended it (the link has read
 * the end of the client's bytes, or an error) or the link has closed it, whichever comes first.
 * The close counts when the client makes it, not when the delayed forwarding of it reaches the
 * near server, because the accept counts at once too: a provider far away sees a close and the
 * next connect in the order they were made, so a client that closes one connection and opens
 * another holds one, not two. A client that only half-closes (shuts down its output and reads on)
 * would count as closed early; NNTP clients close whole.
 *
 * <pre>java -cp bench/target/benchmarks.jar io.nzbmount.bench.FarLink
 *     [--listen 1192] [--host 127.0.0.1] [--port 1190] [--delayMs 20] [--mbps 20]</pre>
 */
public final class FarLink implements AutoCloseable {
    private static final byte[] END = new byte[0];

    private final long delayNanos;
    private final double bytesPerNano;
    private final InetSocketAddress upstream;
    private final ServerSocket server;
    /** While set, nothing is forwarded in either direction and the sockets stay open. */
    private volatile boolean frozen;
    /** Guards the counts below, so the open set and the most at once always agree. */
    private final ReentrantLock counts = new ReentrantLock();
    /** Signalled when a connection ends. */
    private final Condition ends = counts.newCondition();
    /** The numbers (in order of accept, from 0) of the connections open now. */
    private final Set<Long> open = new HashSet<>();

    private long accepted;
    private int most;

    private FarLink(long delayNanos, double bytesPerSecond, InetSocketAddress upstream, ServerSocket server) {
        this.delayNanos = delayNanos;
        this.bytesPerNano = bytesPerSecond / 1e9;
        this.upstream = upstream;
        this.server = server;
    }

    public static void main(String[] args) throws Exception {
        Options o =
                new Options(args, "listen", "1192", "host", "127.0.0.1", "port", "1190", "delayMs", "20", "mbps", "20");
        InetSocketAddress upstream = new InetSocketAddress(o.text("host"), o.integer("port"));
        try (FarLink link = open(o.integer("listen"), upstream, o.integer("delayMs"), o.integer("mbps"))) {
            System.out.printf(
                    "far link: 127.0.0.1:%d -> %s, %d ms each way, %d MB/s per connection%n",
                    link.port(), upstream, o.integer("delayMs"), o.integer("mbps"));
            // Killing the process is how it ends, so the count is printed on the way out.
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(() ->
                            System.out.printf("far link: at most %d connections open at once%n", link.mostOpen())));
            new CountDownLatch(1).await();
        }
    }

    /**
     * A far link listening on 127.0.0.1:{@code listen} (0: any free port) in this JVM, forwarding
     * to {@code upstream} until closed.
     */
    static FarLink open(int listen, InetSocketAddress upstream, int delayMs, int mbps) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress("127.0.0.1", listen), 256);
        FarLink link = new FarLink(TimeUnit.MILLISECONDS.toNanos(delayMs), mbps * 1e6, upstream, server);
        Thread.ofVirtual().start(link::accept);
        return link;
    }

    int port() {
        return server.getLocalPort();
    }

    /**
     * Freezes the link (true): from now on no byte is forwarded on any connection, old or new,
     * while every socket stays open, as a provider that stops answering; false forwards again.
     */
    void freeze(boolean on) {
        frozen = on;
    }

    /** Connections open now (see the class comment for when one counts as open). */
    int openNow() {
        counts.lock();
        try {
            return open.size();
        } finally {
            counts.unlock();
        }
    }

    /** The most connections open at once since the link opened or {@link #resetMost} last ran. */
    int mostOpen() {
        counts.lock();
        try {
            return most;
        } finally {
            counts.unlock();
        }
    }

    /** Starts the most at once afresh from the connections open now, for a count per phase of a run. */
    void resetMost() {
        counts.lock();
        try {
            most = open.size();
        } finally {
            counts.unlock();
        }
    }

    /** Connections accepted so far; the next one accepted gets this number. */
    long accepted() {
        counts.lock();
        try {
            return accepted;
        } finally {
            counts.unlock();
        }
    }

    /**
     * Waits until every connection numbered {@code first} or later (see {@link #accepted}) has
     * ended, so a phase of a run can start without the connections of the phase before it.
     *
     * @throws TimeoutException some are still open after {@code timeout}
     */
    void awaitEnded(long first, Duration timeout) throws InterruptedException, TimeoutException {
        long deadline = System.nanoTime() + timeout.toNanos();
        counts.lock();
        try {
            while (open.stream().anyMatch(n -> n >= first)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new TimeoutException(
                            "far link: " + open.stream().filter(n -> n >= first).count()
                                    + " connections accepted since number " + first + " still open after " + timeout);
                }
                ends.awaitNanos(left);
            }
        } finally {
            counts.unlock();
        }
    }

    @Override
    public void close() throws IOException {
        frozen = false; // lets the connections still open drain and end
        server.close();
    }

    private void accept() {
        try {
            while (true) {
                Socket client = server.accept();
                long number = opened();
                Thread.ofVirtual().start(() -> serve(client, number));
            }
        } catch (IOException closed) {
            // The link is closed; its connections end with their sockets.
        }
    }

    private long opened() {
        counts.lock();
        try {
            long number = accepted++;
            open.add(number);
            most = Math.max(most, open.size());
            return number;
        } finally {
            counts.unlock();
        }
    }

    /** Connection {@code number} has ended; a second call for it changes nothing. */
    private void ended(long number) {
        counts.lock();
        try {
            if (open.remove(number)) ends.signalAll();
        } finally {
            counts.unlock();
        }
    }

    private void serve(Socket client, long number) {
        try (client;
                Socket near = new Socket()) {
            client.setTcpNoDelay(true);
            near.setTcpNoDelay(true);
            near.connect(upstream, 5_000);
            Thread up = direction(client, near, () -> ended(number));
            Thread down = direction(near, client, () -> {});
            up.join();
            down.join();
        } catch (IOException | InterruptedException e) {
            // The connection ends: either side closed or failed.
        } finally {
            ended(number);
        }
    }

    /**
     * Starts forwarding {@code from} to {@code to} through a delay line; ends at EOF or an error.
     * {@code fromEnded} runs once nothing more will be read from {@code from}.
     */
    private Thread direction(Socket from, Socket to, Runnable fromEnded) {
        LinkedBlockingQueue<Chunk> line = new LinkedBlockingQueue<>();
        Thread writer = Thread.ofVirtual().start(() -> deliver(line, from, to));
        Thread.ofVirtual().start(() -> {
            byte[] buf = new byte[1 << 16];
            try {
                InputStream in = from.getInputStream();
                for (int n; (n = in.read(buf)) > 0; ) {
                    line.add(new Chunk(System.nanoTime() + delayNanos, Arrays.copyOf(buf, n)));
                }
            } catch (IOException e) {
                // Treated as the end of this direction.
            }
            fromEnded.run();
            line.add(new Chunk(System.nanoTime() + delayNanos, END));
        });
        return writer;
    }

    private void deliver(LinkedBlockingQueue<Chunk> line, Socket from, Socket to) {
        long paced = 0;
        try {
            OutputStream out = to.getOutputStream();
            while (true) {
                Chunk c = line.take();
                waitUntil(c.due());
                if (c.bytes() == END) break;
                // The rate: this chunk leaves no earlier than the previous one's last byte.
                paced = Math.max(paced, c.due());
                waitUntil(paced);
                while (frozen) LockSupport.parkNanos(1_000_000);
                out.write(c.bytes());
                out.flush();
                paced += (long) (c.bytes().length / bytesPerNano);
            }
            to.shutdownOutput();
        } catch (IOException | InterruptedException e) {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void waitUntil(long due) {
        for (long left; (left = due - System.nanoTime()) > 0; ) LockSupport.parkNanos(left);
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // Already closed.
        }
    }

    private record Chunk(long due, byte[] bytes) {}
}
