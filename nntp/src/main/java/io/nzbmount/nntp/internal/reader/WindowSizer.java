package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.internal.fetch.Pipe;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * How many articles a reader may fetch ahead, shared by the readers of one service.
 *
 * <p>With one command outstanding per connection, the link is full exactly when every connection
 * the providers asked first allow for foreground work carries an article, whatever the round trip
 * or the per-connection rate: a provider 20 ms away at 20 MB/s per connection needs as many
 * articles in flight as one on loopback to use its connections, it only takes longer per article.
 * So once the fetcher has measured its providers (its {@link Pipe} has samples), a reader's window
 * is its fair share of those connections: all of them for a reader alone, {@code connections /
 * active readers} (at least {@value #LEAST}) when several read at once, and never more than
 * {@code most} articles nor its share of {@code memoryBytes}. Until then, or when the fetcher
 * knows nothing of its connections, the window is {@code most}.
 *
 * <p>A reader counts while it holds a window ({@link #holding}); one that holds nothing (closed,
 * idle and released) counts for nothing. Thread-safe.
 */
public final class WindowSizer {

    /** The smallest shared window: the article being read and the next one. */
    public static final int LEAST = 2;

    private final int most;
    private final long memoryBytes;
    private final Supplier<Pipe> pipe;
    private final Set<Object> active = ConcurrentHashMap.newKeySet();

    /**
     * @param most        the largest window of any reader, and the window before the link is measured
     * @param memoryBytes the most bytes all windows together should hold
     * @param pipe        the fetcher's link, asked at each step of a reader
     */
    public WindowSizer(int most, long memoryBytes, Supplier<Pipe> pipe) {
        if (most < 1) throw new IllegalArgumentException("most must be >= 1: " + most);
        if (memoryBytes < 1) throw new IllegalArgumentException("memoryBytes must be >= 1: " + memoryBytes);
        this.most = most;
        this.memoryBytes = memoryBytes;
        this.pipe = Objects.requireNonNull(pipe);
    }

    /** A window of {@code window} articles always, for one reader of its own. */
    public static WindowSizer fixed(int window) {
        return new WindowSizer(window, Long.MAX_VALUE, () -> Pipe.UNKNOWN);
    }

    /** The largest window {@link #window} ever answers. */
    public int most() {
        return most;
    }

    /** {@code reader} holds a window now and counts in the share. */
    public void holding(Object reader) {
        active.add(reader);
    }

    /** {@code reader} holds nothing now. */
    public void released(Object reader) {
        active.remove(reader);
    }

    /** Readers that hold a window now. */
    public int activeReaders() {
        return active.size();
    }

    /**
     * The connections to have open when {@code reader} starts at a new position: its window once
     * it reads on, when the link is measured; 0 otherwise. A far provider takes a round trip or
     * two to connect and greet, so connections opened while the first article comes save that
     * wait for the rest of the window; opening them costs no article.
     */
    public int connectionsAhead(Object reader, int partBytes) {
        Pipe link = pipe.get();
        if (link.foregroundConnections() <= 0 || link.samples() == 0) return 0;
        return window(reader, partBytes);
    }

    /** The window of {@code reader}, whose articles are at most {@code partBytes} long, now. */
    public int window(Object reader, int partBytes) {
        Pipe link = pipe.get();
        if (link.foregroundConnections() <= 0 || link.samples() == 0) return most;
        int readers = Math.max(1, active.size() + (active.contains(reader) ? 0 : 1));
        int share = Math.max(LEAST, link.foregroundConnections() / readers);
        long memory = Math.max(LEAST, memoryBytes / readers / Math.max(1, partBytes));
        return (int) Math.min(most, Math.min(share, memory));
    }
}
