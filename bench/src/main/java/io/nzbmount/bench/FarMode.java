package io.nzbmount.bench;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * The far mode of a harness: with {@code --farDelayMs} above 0 a {@link FarLink} in the harness's
 * JVM on 127.0.0.1:{@code --farPort} (0: any free port), {@code --farDelayMs} each way and
 * {@code --farMbps} per connection, forwards to {@code --host}:{@code --port}, and every NNTP
 * client of the harness (the server, {@code fetch}, a reader in this JVM) is pointed at the link
 * instead. With 0, the default, clients connect to {@code --host}:{@code --port} directly and
 * nothing is counted.
 *
 * <p>The link being in this JVM is what lets the harness read how many connections the server
 * had open at once through it and fail when that exceeds the server's limit ({@link #check}).
 */
final class FarMode implements AutoCloseable {
    /** How long the connections of one phase of a run may take to end before the next starts. */
    private static final Duration PHASE_END = Duration.ofSeconds(30);

    private final FarLink link;
    private final String host;
    private final int port;
    private final InetSocketAddress upstream;
    private final int delayMs;
    private final int mbps;

    private FarMode(FarLink link, String host, int port, InetSocketAddress upstream, int delayMs, int mbps) {
        this.link = link;
        this.host = host;
        this.port = port;
        this.upstream = upstream;
        this.delayMs = delayMs;
        this.mbps = mbps;
    }

    /** A harness's option defaults followed by those of the far mode (off). */
    static String[] options(String... defaults) {
        String[] all = Arrays.copyOf(defaults, defaults.length + 6);
        System.arraycopy(new String[] {"farDelayMs", "0", "farMbps", "20", "farPort", "0"}, 0, all, defaults.length, 6);
        return all;
    }

    /** Opens the link when {@code --farDelayMs} is above 0 and prints where it goes; else direct. */
    static FarMode open(Options o) throws IOException {
        String host = o.text("host");
        int port = o.integer("port");
        int delayMs = o.integer("farDelayMs");
        if (delayMs <= 0) return new FarMode(null, host, port, null, 0, 0);
        InetSocketAddress near = new InetSocketAddress(host, port);
        FarLink link = FarLink.open(o.integer("farPort"), near, delayMs, o.integer("farMbps"));
        System.out.printf(
                Locale.ROOT,
                "far link in this JVM: 127.0.0.1:%d -> %s, %d ms each way, %d MB/s per connection%n",
                link.port(),
                near,
                delayMs,
                o.integer("farMbps"));
        return new FarMode(link, "127.0.0.1", link.port(), near, delayMs, o.integer("farMbps"));
    }

    /**
     * A second link with the same delay and per-connection cap to the same provider, on a free
     * port: for a same-run reference whose connections must not count against the server's
     * limit. Empty when off. The caller closes it.
     */
    Optional<FarLink> twin() throws IOException {
        if (!on()) return Optional.empty();
        return Optional.of(FarLink.open(0, upstream, delayMs, mbps));
    }

    /** The host an NNTP client of the harness connects to: the link's, or the provider's. */
    String host() {
        return host;
    }

    /** The port an NNTP client of the harness connects to. */
    int port() {
        return port;
    }

    boolean on() {
        return link != null;
    }

    /** The most connections open at once through the link since it opened or the last {@link #startPhase}; 0 when off. */
    int mostOpen() {
        return on() ? link.mostOpen() : 0;
    }

    /** Connections accepted so far, the mark for {@link #startPhase}; 0 when off. */
    long accepted() {
        return on() ? link.accepted() : 0;
    }

    /**
     * Starts a phase whose most at once is counted on its own: waits until every connection
     * accepted since {@code othersSince} (see {@link #accepted}) has ended, then starts the most
     * afresh from the connections still open. Does nothing when off.
     *
     * @throws TimeoutException some of those connections are still open after 30 s
     */
    void startPhase(long othersSince) throws InterruptedException, TimeoutException {
        if (!on()) return;
        link.awaitEnded(othersSince, PHASE_END);
        link.resetMost();
    }

    /**
     * Prints {@code far link: at most N connections open at once (limit L)} and throws when N
     * exceeds {@code limit}: the server opened more connections than it is configured for, which
     * a provider enforcing its limit would refuse. Does nothing when off.
     */
    void check(int most, int limit) {
        if (!on()) return;
        System.out.printf(Locale.ROOT, "far link: at most %d connections open at once (limit %d)%n", most, limit);
        if (most > limit) {
            throw new IllegalStateException("far link: " + most + " connections open at once, more than the " + limit
                    + " the server is configured for");
        }
    }

    @Override
    public void close() throws IOException {
        if (on()) link.close();
    }
}
