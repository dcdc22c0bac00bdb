package io.nzbmount.nntp;

import java.io.Closeable;
import java.nio.ByteBuffer;

/**
 * Random access to the decoded bytes of one NZB file, with a bounded read-ahead of whole
 * articles started at the offset last read.
 *
 * <p>Thread safety: one thread reads (and calls {@link #readAheadFrom}); {@link #close()},
 * {@link #retire()}, {@link #heldUntil} and {@link #stats()} may be called from any thread at any
 * time. Closing while a read waits makes that read throw
 * {@link ReadCancelledException}.
 *
 * <p>Buffers: the reader owns its article buffers and copies into the caller's array; nothing
 * the caller passes is kept after a call returns.
 */
public interface NzbReader extends Closeable {

    /**
     * Copies bytes of the file starting at {@code offset} into {@code buf[off, off+len)},
     * blocking until at least one byte is available. Never returns fewer bytes because a later
     * article failed: a read stops at the end of the article holding {@code offset}.
     *
     * @return the number of bytes copied (at least 1 when {@code len > 0}), or -1 when
     *     {@code offset} is at or past the end of the file
     * @throws ReadFailure the typed failure of the article holding {@code offset}; reading the
     *     same offset again fetches that article again. A byte that no article of the NZB holds
     *     (the NZB lacks a part) is an {@link ArticleMissingException} with an empty message id
     * @throws ReadCancelledException the reader was closed, or the reading thread interrupted
     */
    int read(long offset, byte[] buf, int off, int len) throws ReadFailure, ReadCancelledException;

    /**
     * As {@link #read(long, byte[], int, int)}, into {@code dst} from its position up to its
     * limit; its position moves past the bytes copied. With a direct buffer the caller can hand
     * the bytes to a channel without the copy a heap array costs there.
     *
     * <p>The default reads through {@link #read(long, byte[], int, int)}, with an extra copy for a
     * direct buffer; implementations copy into {@code dst} at once.
     *
     * @return the number of bytes copied, or -1 when {@code offset} is at or past the end of the file
     * @throws java.nio.ReadOnlyBufferException {@code dst} is read-only (before anything is read)
     */
    default int read(long offset, ByteBuffer dst) throws ReadFailure, ReadCancelledException {
        if (dst.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
        if (dst.hasArray()) {
            int n = read(offset, dst.array(), dst.arrayOffset() + dst.position(), dst.remaining());
            if (n > 0) dst.position(dst.position() + n);
            return n;
        }
        byte[] bytes = new byte[dst.remaining()];
        int n = read(offset, bytes, 0, bytes.length);
        if (n > 0) dst.put(bytes, 0, n);
        return n;
    }

    /**
     * Stops fetching for good: from now on the reader starts no fetch and serves only what it
     * holds. Fetches already running (those of its read-ahead window) run to their end and are
     * held when they succeed; none is cancelled, so their connections stay whole. A read of an
     * offset held returns its bytes as before (waiting for a running fetch, which may still fail
     * with its {@link ReadFailure}); a read of any other offset throws {@link NotHeldException}.
     * Reads drop the held articles before the offset read, as usual; {@link #close()} drops the
     * rest. Idempotent; callable from any thread. A hint to read ahead is ignored from then on.
     */
    void retire();

    /**
     * The end of the contiguous bytes from {@code offset} that the reader can serve without
     * starting a fetch: articles fetched, and articles whose fetch is running now (a read of those
     * waits for it; a read-ahead of a reader not retired may still be moved and cancel them).
     * Returns {@code offset} itself when the byte there is not held (never fetched, failed, a hole
     * of the NZB, past the end, or the reader is closed). Costs no I/O; callable from any thread.
     */
    long heldUntil(long offset);

    /**
     * Tells the reader that the caller will read on in order from {@code offset} up to
     * {@code end}: it moves its read-ahead there and opens the whole window at once (instead of
     * growing it from one article as after a seek), fetching without waiting for them. Held
     * articles before {@code offset} are dropped, and from now on no article that begins at or
     * after {@code end} is fetched (a response goes no further). Does nothing more on a retired
     * reader, for an offset past the end of the file or in a hole, or for an offset at or past
     * {@code end} (the rest of the range is held elsewhere). Called by the reading thread, like
     * {@link #read}.
     *
     * @throws ReadCancelledException the reader is closed
     */
    void readAheadFrom(long offset, long end) throws ReadCancelledException;

    /**
     * Tells a reader just opened that the caller will read {@code [offset, end)} in order (an
     * HTTP range): when that reaches past the article holding {@code offset} and the providers are
     * far (a round trip of 10 ms or more), the whole window opens at once there, as
     * {@link #readAheadFrom}; otherwise (a short range, such as a player reading an index, or a
     * near provider) nothing starts before the first read, which fetches that one article, and the
     * window opens at the next. Either way the reader never fetches an article that begins at or
     * after {@code end}.
     * Called by the reading thread before its first read.
     *
     * @throws ReadCancelledException the reader is closed
     */
    default void willRead(long offset, long end) throws ReadCancelledException {}

    /** The file's exact decoded size. */
    long size();

    /** A snapshot of counters, for status pages. */
    Stats stats();

    /** Cancels every fetch at once and drops the buffers. Idempotent; callable from any thread. */
    @Override
    void close();

    /**
     * Reader counters at one moment.
     *
     * @param offset          the offset just after the last byte handed out (0 before any read)
     * @param bytesRead       bytes handed to the caller so far
     * @param articlesFetched articles fetched, decoded and placed so far (failures not counted)
     * @param window          the read-ahead window now: how many articles the reader keeps fetched
     *                        or fetching from its position (1 at a new position, then its share
     *                        of the connections)
     * @param fetching        article fetches running now
     * @param ready           fetched articles held in memory, waiting to be read
     */
    record Stats(long offset, long bytesRead, long articlesFetched, int window, int fetching, int ready) {}
}
