package io.nzbmount.server.realpeer;

import io.nzbmount.nntp.embedded.Pacer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP forwarder on 127.0.0.1 that makes a real server look far away: each connection's
 * answers wait {@code delay} before they start (a round trip), go no faster than
 * {@code bytesPerSecond}, and stop altogether while the forwarder is frozen ({@link #freeze}):
 * sockets stay open, nothing is forwarded either way, as from a provider that went silent.
 *
 * <p>Thread-safe; one virtual thread per connection and direction. {@link #close()} closes
 * everything.
 */
public final class DelayingForwarder implements AutoCloseable {

    private static final int PIECE = 16 * 1024;

    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final long delayNanos;
    private final long bytesPerSecond;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final AtomicInteger accepted = new AtomicInteger();
    private final Object gate = new Object();
    private volatile boolean frozen;
    private volatile boolean closed;

    public DelayingForwarder(String targetHost, int targetPort, Duration delay, long bytesPerSecond)
            throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        this.delayNanos = delay.toNanos();
        this.bytesPerSecond = bytesPerSecond;
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread.ofVirtual().name("forwarder-accept").start(this::accept);
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Connections accepted since the forwarder started. */
    public int accepted() {
        return accepted.get();
    }

    /** Frozen: nothing more is forwarded on any connection, old or new, until thawed; sockets stay open. */
    public void freeze(boolean on) {
        synchronized (gate) {
            frozen = on;
            gate.notifyAll();
        }
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                accepted.incrementAndGet();
                Socket server = new Socket(targetHost, targetPort);
                sockets.add(client);
                sockets.add(server);
                Thread.ofVirtual().start(() -> pump(client, server, false));
                Thread.ofVirtual().start(() -> pump(server, client, true));
            } catch (IOException e) {
                if (closed) return;
            }
        }
    }

    /** Copies {@code from} to {@code to}; {@code answers} is the server-to-client direction, the one that is shaped. */
    private void pump(Socket from, Socket to, boolean answers) {
        Pacer pacer = new Pacer();
        byte[] buf = new byte[PIECE];
        long lastNanos = 0;
        try (from;
                to) {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n; (n = in.read(buf)) > 0; ) {
                long now = System.nanoTime();
                if (answers && delayNanos > 0 && now - lastNanos > delayNanos) {
                    // The first bytes after a pause are an answer to a new command: one round trip late.
                    Thread.sleep(Duration.ofNanos(delayNanos));
                }
                awaitThaw(to);
                if (answers) pacer.pace(n, bytesPerSecond);
                awaitThaw(to);
                out.write(buf, 0, n);
                out.flush();
                lastNanos = System.nanoTime();
            }
        } catch (IOException | InterruptedException e) {
            // One side closed; closing both ends the other pump too.
        } finally {
            sockets.remove(from);
            sockets.remove(to);
        }
    }

    private void awaitThaw(Socket to) throws InterruptedException {
        synchronized (gate) {
            while (frozen && !to.isClosed() && !closed) gate.wait(50);
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        freeze(false);
        listener.close();
        for (Socket s : sockets) s.close();
    }
}
