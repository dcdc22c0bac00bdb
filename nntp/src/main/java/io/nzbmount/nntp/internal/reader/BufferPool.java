package io.nzbmount.nntp.internal.reader;

import java.util.ArrayDeque;

/**
 * A few reusable part buffers of one size, so a reader does not allocate a fresh ~700 KiB array
 * per article. Thread-safe.
 *
 * <p>Ownership: a buffer from {@link #take()} belongs to the taker until it hands it back with
 * {@link #give}; after that the taker must not touch it. Handing back is optional (an unreturned
 * buffer is simply garbage), so a buffer whose fate is unclear is better dropped than given.
 */
final class BufferPool {

    private final int bufferSize;
    private final int capacity;
    private final ArrayDeque<byte[]> free = new ArrayDeque<>();
    private boolean closed;

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
        return b != null ? b : new byte[bufferSize];
    }

    /** Hands a buffer back; kept when it has the pool's size and the pool is not full. */
    synchronized void give(byte[] buffer) {
        if (!closed && buffer != null && buffer.length == bufferSize && free.size() < capacity) free.addFirst(buffer);
    }

    /** Drops idle buffers beyond {@code most}: a window that shrank keeps no more than it needs. */
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
}
