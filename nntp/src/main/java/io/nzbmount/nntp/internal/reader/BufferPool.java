package io.nzbmount.nntp.internal.reader;

import java.util.ArrayDeque;

/**
 * A few reusable part buffers of one size, so a reader does not allocate a fresh ~700 KiB array
 * per article. Thread-safe.
 *
 * <p>Ownership: a buffer from {@link #take()} belongs to the taker until it hands it back with
 * {@link #give}; after that the taker must not touch it. Handing back is optional (an unreturned
 * buffer is simply garbage), so a buffer whose fate is unclear is better dropped than given.
 *
 * <p>The pool counts the buffers lent and not yet handed back, so {@link #keepFor} keeps idle
 * exactly what the window's fetches still to start will take: buffers come back in bursts (a
 * reader steps through pieces already fetched faster than the next fetches start), and a pool
 * that drops them then allocates them again a moment later.
 */
final class BufferPool {

    private final int bufferSize;
    private final int capacity;
    private final ArrayDeque<byte[]> free = new ArrayDeque<>();
    private boolean closed;
    /** Buffers taken and not yet handed back (never below 0: a buffer from elsewhere may be handed in). */
    private int lent;

    /**
     * @param bufferSize the size of every buffer handed out
     * @param capacity   the most idle buffers kept
     */
    BufferPool(int bufferSize, int capacity) {
        this.bufferSize = bufferSize;
        this.capacity = capacity;
    }

    /** An idle buffer, or a new one when none is idle. */
    synchronized byte[] take() {
        byte[] b = free.pollFirst();
        lent++;
        return b != null ? b : new byte[bufferSize];
    }

    /** Hands a buffer back; kept when it has the pool's size and the pool is not full. */
    synchronized void give(byte[] buffer) {
        if (buffer != null && lent > 0) lent--;
        if (!closed && buffer != null && buffer.length == bufferSize && free.size() < capacity) free.addFirst(buffer);
    }

    /**
     * Drops the idle buffers a window of {@code window} pieces will not take: those beyond what
     * it needs besides the buffers lent now. A window that shrank keeps no more than it needs.
     */
    synchronized void keepFor(int window) {
        trim(Math.max(0, window - lent));
    }

    /** Drops idle buffers beyond {@code most}. */
    synchronized void trim(int most) {
        while (free.size() > most) free.pollFirst();
    }

    /** Drops every idle buffer, so an idle reader holds no memory. */
    synchronized void clear() {
        free.clear();
    }

    /** Drops every idle buffer and keeps none handed back later. */
    synchronized void close() {
        closed = true;
        free.clear();
    }

    synchronized int idle() {
        return free.size();
    }

    synchronized int lent() {
        return lent;
    }
}
