package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.NotHeldException;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Reads a mapped file by offset through a window of article fetches.
 *
 * <p>The file is a {@link PiecewiseSegmentMap}: a run of pieces, each part of one article (a whole
 * one for a plain NZB file). The window is a run of consecutive pieces starting at the one last
 * read, at most {@code window} long, so it runs on across the slices and volumes of a spliced
 * file as across the articles of a plain one; each has its own fetch on the executor. A
 * sequential reader finds the next article already fetched. A read inside the window drops the
 * pieces before it; a read outside it (a seek) cancels every fetch by interrupt and starts a new
 * window there. The window's size comes from a {@link WindowSizer}, asked at each step; at most
 * its {@link WindowSizer#most()} fetches run at once, cancelled ones included, until they have
 * really stopped. Fetches take their places on the connections in the order of the file
 * ({@link SlotFetch}). A range read that reaches past its first article ({@link #willRead})
 * opens the whole window at once and never fetches past the range's end.
 *
 * <p>A failed fetch stays in its place and fails only the read that reaches it; that read drops
 * it, so the next read at that offset fetches again.
 *
 * <p>A retired reader ({@link #retire()}) keeps its window as it stands: running fetches finish,
 * nothing is added, and reads are served from the slots it has or fail with
 * {@link NotHeldException}.
 *
 * <p>Thread safety: one reading thread; {@link #close()}, {@link #stats()} and
 * {@link #releaseIfIdle} from any thread. The window is guarded by this object's monitor, which
 * a read does not hold while it waits for a fetch.
 *
 * <p>Buffers: each fetch takes a buffer from the reader's pool once it may run; a fetched
 * piece owns that buffer until it is dropped, when it goes back to the pool. A cancelled fetch
 * hands its buffer back itself once it has stopped, so no buffer is reused while a fetch may
 * still write into it.
 */
public final class SegmentReader implements NzbReader {

    private final PiecewiseSegmentMap map;
    private final ArticleFetcher fetcher;
    private final ExecutorService executor;
    private final WindowSizer sizer;
    private final Semaphore permits;
    private final BufferPool pool;
    private final Consumer<SegmentReader> onClose;
    private final AtomicLong articlesFetched = new AtomicLong();
    private final SlotFetch slotFetch;

    private final ArrayDeque<Slot> slots = new ArrayDeque<>();
    private boolean closed;
    private boolean retired;
    private boolean reading;
    private long lastUse = System.nanoTime();
    private long position;
    private long bytesRead;
    /** The window's size at a new position (a first read, a seek). */
    private final int firstWindow;
    /** True once the reader read on in order from a new position: the window is the sizer's. */
    private boolean open;
    /** The window's size at the last step. */
    private int window;
    /** No piece that begins here or later is fetched: the end of the range being read. */
    private long limit = Long.MAX_VALUE;

    /**
     * @param executor runs the fetches, one task each; cancelled by interrupt
     * @param window   the most fetches at once and the most fetched pieces held
     * @param onClose  told once, after the reader has closed; may be null
     */
    public SegmentReader(
            PiecewiseSegmentMap map,
            ArticleFetcher fetcher,
            Priority priority,
            ExecutorService executor,
            int window,
            Consumer<SegmentReader> onClose) {
        this(map, fetcher, priority, executor, WindowSizer.fixed(window), window, onClose);
    }

    /**
     * @param window      the most fetches at once and the most fetched pieces held
     * @param firstWindow the window at a new position, 1..{@code window}; the whole window opens
     *                    once a read reaches the next article in order
     * @param onClose     told once, after the reader has closed; may be null
     */
    public SegmentReader(
            PiecewiseSegmentMap map,
            ArticleFetcher fetcher,
            Priority priority,
            ExecutorService executor,
            int window,
            int firstWindow,
            Consumer<SegmentReader> onClose) {
        this(map, fetcher, priority, executor, WindowSizer.fixed(window), firstWindow, onClose);
    }

    /**
     * @param sizer       the window once the reader reads on in order, shared with the service's
     *                    other readers
     * @param firstWindow the window at a new position, 1..{@code sizer.most()}
     */
    public SegmentReader(
            PiecewiseSegmentMap map,
            ArticleFetcher fetcher,
            Priority priority,
            ExecutorService executor,
            WindowSizer sizer,
            int firstWindow,
            Consumer<SegmentReader> onClose) {
        if (firstWindow < 1 || firstWindow > sizer.most()) {
            throw new IllegalArgumentException("firstWindow must be 1.." + sizer.most() + ": " + firstWindow);
        }
        this.map = Objects.requireNonNull(map);
        this.fetcher = Objects.requireNonNull(fetcher);
        Objects.requireNonNull(priority);
        this.executor = Objects.requireNonNull(executor);
        this.sizer = sizer;
        this.firstWindow = firstWindow;
        this.window = firstWindow;
        this.permits = new Semaphore(sizer.most(), true);
        this.pool = new BufferPool(map.maxPartLength(), sizer.most());
        this.slotFetch = new SlotFetch(map, fetcher, priority, permits, pool, articlesFetched);
        this.onClose = onClose;
    }

    @Override
    public int read(long offset, byte[] buf, int off, int len) throws ReadFailure, ReadCancelledException {
        Objects.checkFromIndexSize(off, len, buf.length);
        return read(offset, len, (data, from, n) -> System.arraycopy(data, from, buf, off, n));
    }

    @Override
    public int read(long offset, ByteBuffer dst) throws ReadFailure, ReadCancelledException {
        if (dst.isReadOnly()) throw new ReadOnlyBufferException();
        return read(offset, dst.remaining(), dst::put);
    }

    /** Where a read's bytes go: {@code n} bytes of an article's data from {@code from}. */
    private interface Sink {
        void put(byte[] data, int from, int n);
    }

    private int read(long offset, int len, Sink sink) throws ReadFailure, ReadCancelledException {
        if (offset < 0) throw new IllegalArgumentException("negative offset: " + offset);
        Slot slot;
        synchronized (this) {
            ensureOpen();
            if (offset >= map.size()) return -1;
            if (len == 0) return 0;
            int index = map.pieceAt(offset);
            if (index < 0) {
                throw new ArticleMissingException("", "no article of the NZB holds byte " + offset);
            }
            slot = retired ? heldSlot(index, offset) : positionAt(index, false);
            reading = true;
        }
        try {
            DecodedArticle article = await(slot, offset);
            synchronized (this) {
                ensureOpen();
                // verify() held the article to its expected length, so the piece lies inside it.
                int from = (int) (offset - map.begin(slot.index));
                int n = Math.min(len, map.length(slot.index) - from);
                sink.put(article.data(), map.skip(slot.index) + from, n);
                bytesRead += n;
                position = offset + n;
                return n;
            }
        } finally {
            synchronized (this) {
                reading = false;
                lastUse = System.nanoTime();
            }
        }
    }

    private DecodedArticle await(Slot slot, long offset) throws ReadFailure, ReadCancelledException {
        try {
            return slot.future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("read at offset " + offset + " interrupted");
        } catch (CancellationException e) {
            // Only close() cancels the fetch a read waits for.
            throw new ReadCancelledException("reader closed during a read at offset " + offset);
        } catch (ExecutionException e) {
            synchronized (this) {
                slot.failedAndReported = true;
            }
            Throwable cause = e.getCause();
            if (cause instanceof ReadFailure f) throw f;
            if (cause instanceof ReadCancelledException c) throw c;
            if (cause instanceof RuntimeException r) throw r;
            if (cause instanceof Error err) throw err;
            throw new IllegalStateException("article fetch failed unexpectedly", cause);
        }
    }

    /**
     * Moves the window so it starts at {@code index}, tops it up, and returns its first slot.
     *
     * <p>A new position (the first read, a seek) fetches {@code firstWindow} articles (1 in
     * service: only the one it needs); the first read that reaches a later article opens the
     * sizer's whole window at once. A short range read (a player probing an index, a seek that is
     * abandoned) then costs one article instead of a full window whose cancelled fetches would
     * break their connections, while a reader that reads on fills the pipe at its second article.
     * {@code wide} opens the whole window at once (the caller said it reads on in order from here).
     */
    private Slot positionAt(int index, boolean wide) throws ReadCancelledException {
        Slot head = slots.peekFirst();
        boolean stepped = true;
        if (head != null && index == head.index + slots.size()) {
            // Reading on just past a window that has not opened yet: sequential, not a seek.
            dropAll();
            open = true;
        } else if (head == null || index < head.index || index > head.index + slots.size()) {
            dropAll();
            open = false;
            // The connections the open window will use get ready while the first article comes.
            int ahead = wide ? 0 : sizer.connectionsAhead(this, map.maxPartLength());
            if (ahead > 0) fetcher.connectAhead(ahead);
        } else {
            stepped = index > head.index;
            if (stepped) open = true;
            while (slots.getFirst().index < index) drop(slots.removeFirst());
        }
        if (wide) open = true;
        // A read inside the article last read keeps its window: the share is asked at each step.
        if (stepped || wide)
            window = open ? Math.max(firstWindow, sizer.window(this, map.maxPartLength())) : firstWindow;
        // A window that shrank (more streams read now) gives up the fetches past its new end that
        // have no place on a connection yet: their turn and memory go to the other streams. One
        // already placed keeps it: given up, its reply would still take the connection as long
        // while it is drained, and a share that grows back would ask for the article again.
        while (slots.size() > Math.max(1, window)
                && slots.getLast().state.get() == Slot.RUNNING
                && !slots.getLast().placed.isDone()) {
            drop(slots.removeLast());
        }
        // Idle buffers are kept for the fetches the window will still start (a new window may
        // reuse the old one's); the rest go.
        pool.keepFor(window);
        sizer.holding(this);
        head = slots.peekFirst();
        if (head != null && head.failedAndReported) {
            drop(slots.removeFirst());
            head = null;
        }
        if (head == null) {
            head = start(index, true);
            slots.addFirst(head);
        }
        for (int next = slots.getLast().index + 1;
                slots.size() < window && next < map.articles() && map.begin(next) < limit;
                next++) {
            slots.addLast(start(next, false));
        }
        return head;
    }

    /**
     * The slot of piece {@code index} in a retired reader's window, with the slots before it
     * dropped; a slot whose fetch failed is returned too, so the read throws that failure.
     *
     * @throws NotHeldException when the window has no slot for it, or its failure was thrown already
     */
    private Slot heldSlot(int index, long offset) {
        Slot head = slots.peekFirst();
        if (head == null || index < head.index || index >= head.index + slots.size()) {
            throw new NotHeldException(offset);
        }
        while (slots.getFirst().index < index) drop(slots.removeFirst());
        Slot slot = slots.getFirst();
        if (slot.failedAndReported || slot.future.isCancelled()) throw new NotHeldException(offset);
        return slot;
    }

    @Override
    public synchronized void retire() {
        retired = true;
        // The caller reads the held articles next: the idle release counts from here.
        lastUse = System.nanoTime();
    }

    @Override
    public synchronized long heldUntil(long offset) {
        if (offset < 0) throw new IllegalArgumentException("negative offset: " + offset);
        if (closed || offset >= map.size()) return offset;
        int index = map.pieceAt(offset);
        Slot head = slots.peekFirst();
        if (index < 0 || head == null || index < head.index || index >= head.index + slots.size()) return offset;
        long end = offset;
        for (Slot s : slots) {
            if (s.index < index) continue;
            boolean held = !s.failedAndReported
                    && switch (s.future.state()) {
                        case SUCCESS, RUNNING -> true;
                        case FAILED, CANCELLED -> false;
                    };
            // A gap between two pieces is a hole of the NZB: the bytes there are nobody's.
            if (!held || (s.index > index && map.begin(s.index) != end)) break;
            end = map.begin(s.index) + map.length(s.index);
        }
        return end;
    }

    @Override
    public void readAheadFrom(long offset, long end) throws ReadCancelledException {
        if (offset < 0) throw new IllegalArgumentException("negative offset: " + offset);
        synchronized (this) {
            ensureOpen();
            limit = end;
            // At or past the end (bytes held elsewhere reach it) there is nothing to read ahead.
            if (retired || offset >= end || offset >= map.size()) return;
            int index = map.pieceAt(offset);
            if (index < 0) return;
            positionAt(index, true);
            lastUse = System.nanoTime();
        }
    }

    @Override
    public void willRead(long offset, long end) throws ReadCancelledException {
        if (offset < 0 || end < offset) throw new IllegalArgumentException("bad range: " + offset + ".." + end);
        synchronized (this) {
            ensureOpen();
            limit = end;
            if (retired || offset >= map.size()) return;
            int index = map.pieceAt(offset);
            if (index < 0 || end <= map.begin(index) + map.length(index) || !sizer.opensWide()) return;
            positionAt(index, true);
            lastUse = System.nanoTime();
        }
    }

    /**
     * Starts the fetch of piece {@code index}; {@code first}: the piece the next read needs,
     * otherwise the piece after the window's last slot.
     */
    private Slot start(int index, boolean first) throws ReadCancelledException {
        Slot slot = new Slot(index);
        // Fetches take their places in the order of the file: the article a read waits for first
        // is never queued behind a later one on a connection. The window's last slot is the one
        // to follow, whatever was dropped past it.
        CompletableFuture<Void> before = first ? CompletableFuture.completedFuture(null) : slots.getLast().placed;
        try {
            slot.future = executor.submit(() -> slotFetch.run(slot, before));
        } catch (RejectedExecutionException e) {
            slot.placed.complete(null);
            throw new ReadCancelledException("the reader's service is closed");
        }
        return slot;
    }

    private void dropAll() {
        while (!slots.isEmpty()) drop(slots.removeFirst());
    }

    private void drop(Slot slot) {
        slot.future.cancel(true);
        // A fetch cancelled before it ran never completes its placement; the next one must not wait for it.
        slot.placed.complete(null);
        // A fetch still running hands its buffer back itself when it stops.
        if (!slot.state.compareAndSet(Slot.RUNNING, Slot.ABANDONED)) pool.give(slot.result.data());
    }

    private void ensureOpen() throws ReadCancelledException {
        if (closed) throw new ReadCancelledException("reader closed");
    }

    /**
     * Drops the read-ahead (fetches and buffers) when no read has run for {@code idleNanos}, so a
     * response the client stopped reading holds neither memory nor connections. The next read
     * starts a new window.
     *
     * @return true when something was dropped
     */
    public synchronized boolean releaseIfIdle(long nowNanos, long idleNanos) {
        if (closed || reading || nowNanos - lastUse < idleNanos) return false;
        if (slots.isEmpty() && pool.idle() == 0) return false;
        dropAll();
        pool.clear();
        sizer.released(this);
        return true;
    }

    /**
     * The read-ahead memory the reader holds now: a buffer of the file's largest piece for each
     * piece in its window (fetched or on its way) and for each idle buffer of its pool.
     */
    public synchronized long heldBytes() {
        return (long) (slots.size() + pool.idle()) * map.maxPartLength();
    }

    /** When a read last ended or the reader was last told where it reads ({@link System#nanoTime()}). */
    public synchronized long lastUse() {
        return lastUse;
    }

    /**
     * Keeps only the piece being read and the next one when no read has run for
     * {@code quietNanos}, for a response its client stopped reading that is not yet released as
     * idle, while the windows together hold more than their budget ({@link ReadAheadBudget}): the
     * pieces past them are dropped from the end of the window and the idle buffers freed. A fetch
     * already on a connection stops the trim there (cancelled, its reply would break the
     * connection); once it is done, the next trim goes on. The next read tops the window up
     * again. A retired reader keeps its window: a handover serves from it.
     *
     * @return the bytes given up
     */
    public synchronized long trimIfQuiet(long nowNanos, long quietNanos) {
        if (closed || retired || reading || nowNanos - lastUse < quietNanos) return 0;
        long before = heldBytes();
        while (slots.size() > WindowSizer.LEAST) {
            Slot last = slots.getLast();
            if (last.placed.isDone() && !last.future.isDone()) break;
            drop(slots.removeLast());
        }
        pool.clear();
        return before - heldBytes();
    }

    @Override
    public long size() {
        return map.size();
    }

    @Override
    public synchronized Stats stats() {
        int ready = 0;
        for (Slot s : slots) if (s.state.get() == Slot.DONE) ready++;
        return new Stats(
                position, bytesRead, articlesFetched.get(), window, sizer.most() - permits.availablePermits(), ready);
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) return;
            closed = true;
            dropAll();
            pool.close();
            sizer.released(this);
        }
        if (onClose != null) onClose.accept(this);
    }
}
