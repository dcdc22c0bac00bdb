package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.internal.fetch.Pipe;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * How many articles a reader may fetch ahead, shared by the readers of one service.
 *
 * <p>The link is full when every connection the providers asked first allow for foreground work
 * is receiving an article all the time: each needs the article it receives plus the commands
 * whose replies are on their way meanwhile, one per article time of the round trip
 * ({@link Pipe#commandsPerConnection}, at most the pool's pipelining depth). Near, that is one or
 * two; 20 ms away at 20 MB/s per connection, three. So once the fetcher has measured its
 * providers (its {@link Pipe} has samples), a reader's window is its fair share of those
 * places: all of them for a reader alone, {@code places / active readers} rounded up (at least
 * {@value #LEAST}) when several read at once, and never more than {@code most} articles nor its
 * share of {@code memoryBytes}. Until then, or when the fetcher knows nothing of its connections,
 * the window is {@code most}, still bounded by that memory share.
 *
 * <p>A reader counts while it holds a window ({@link #holding}) and has stepped within the last
 * {@value #ACTIVE_MILLIS} ms; one that holds nothing (closed, idle and released) or has not been
 * read from lately (a response the client stopped reading, not yet released) counts for nothing,
 * so it does not shrink the share of the readers that read. Thread-safe.
 *
 * <p>The share is what a reader tops its window up to; a reader whose share shrank gives up, at
 * its next step, the fetches past it that have no place on a connection yet, but keeps those on
 * their way and the articles it holds. So {@code memoryBytes} bounds what the readers that count
 * ask for next; what readers not read from lately still hold is the service's to trim
 * ({@link ReadAheadBudget}).
 */
public final class WindowSizer {

    /** The smallest shared window: the article being read and the next one. */
    public static final int LEAST = 2;
    /** A first-byte latency from which a provider counts as far. */
    public static final int FAR_MILLIS = 10;
    /** How long after its last step a reader still counts in the share. */
    public static final int ACTIVE_MILLIS = 2000;

    private final int most;
    private final long memoryBytes;
    private final Supplier<Pipe> pipe;
    private final LongSupplier nanos;
    /** Each reader holding a window, with the time of its last step. */
    private final Map<Object, Long> active = new ConcurrentHashMap<>();

    /**
     * @param most        the largest window of any reader, and the window before the link is measured
     * @param memoryBytes the most bytes all windows together should hold
     * @param pipe        the fetcher's link, asked at each step of a reader
     */
    public WindowSizer(int most, long memoryBytes, Supplier<Pipe> pipe) {
        this(most, memoryBytes, pipe, System::nanoTime);
    }

    /** The same on the clock {@code nanos}. */
    public WindowSizer(int most, long memoryBytes, Supplier<Pipe> pipe, LongSupplier nanos) {
        if (most < 1) throw new IllegalArgumentException("most must be >= 1: " + most);
        if (memoryBytes < 1) throw new IllegalArgumentException("memoryBytes must be >= 1: " + memoryBytes);
        this.most = most;
        this.memoryBytes = memoryBytes;
        this.pipe = Objects.requireNonNull(pipe);
        this.nanos = Objects.requireNonNull(nanos);
    }

    /** A window of {@code window} articles always, for one reader of its own. */
    public static WindowSizer fixed(int window) {
        return new WindowSizer(window, Long.MAX_VALUE, () -> Pipe.UNKNOWN);
    }

    /** The largest window {@link #window} ever answers. */
    public int most() {
        return most;
    }

    /** {@code reader} holds a window and stepped now: it counts in the share. */
    public void holding(Object reader) {
        active.put(reader, nanos.getAsLong());
    }

    /** {@code reader} holds nothing now. */
    public void released(Object reader) {
        active.remove(reader);
    }

    /** Readers that hold a window and stepped within the last {@value #ACTIVE_MILLIS} ms. */
    public int activeReaders() {
        return activeBesides(null);
    }

    private int activeBesides(Object reader) {
        long now = nanos.getAsLong();
        int n = 0;
        for (Map.Entry<Object, Long> e : active.entrySet()) {
            if (e.getKey() != reader && now - e.getValue() < ACTIVE_MILLIS * 1_000_000L) n++;
        }
        return n;
    }

    /**
     * Whether a reader that will read on from a new position should ask for its whole window at
     * once: when the link is measured and far (a first byte {@value #FAR_MILLIS} ms or more after
     * the command). There a window grown from one article costs a round trip and an article time
     * per step. A near article comes in a millisecond or two, the window opens at the next one
     * anyway, and the fetches asked at once would only take processor time from the first.
     */
    public boolean opensWide() {
        Pipe link = pipe.get();
        return link.foregroundConnections() > 0
                && link.samples() > 0
                && link.firstByteNanos() >= FAR_MILLIS * 1_000_000.0;
    }

    /**
     * The connections to have open when {@code reader} starts at a new position: its window once
     * it reads on, when the link is measured and far (a first byte {@value #FAR_MILLIS} ms or more
     * after the command); 0 otherwise. A far provider takes a round trip or two to connect and
     * greet, so connections opened while the first article comes save that wait for the rest of
     * the window; opening them costs no article. A near one connects in about a millisecond, and
     * opening connections there only takes processor time from the first article's fetch.
     */
    public int connectionsAhead(Object reader, int partBytes) {
        if (!opensWide()) return 0;
        return Math.min(pipe.get().foregroundConnections(), window(reader, partBytes));
    }

    /** The window of {@code reader}, whose articles are at most {@code partBytes} long, now. */
    public int window(Object reader, int partBytes) {
        Pipe link = pipe.get();
        int readers = activeBesides(reader) + 1;
        long memory = Math.max(LEAST, memoryBytes / readers / Math.max(1, partBytes));
        if (link.foregroundConnections() <= 0 || link.samples() == 0) return (int) Math.min(most, memory);
        // Rounded up: every connection stays busy, and the pool queues the few fetches over.
        int places = link.foregroundConnections() * link.commandsPerConnection(partBytes);
        int share = Math.max(LEAST, Math.ceilDiv(places, readers));
        return (int) Math.min(most, Math.min(share, memory));
    }
}
