package io.nzbmount.nntp;

/**
 * A read of a retired reader ({@link NzbReader#retire()}) at an offset it does not hold: the reader
 * would have to fetch to serve it, and a retired reader fetches nothing. Not a failure of the
 * source and never an end of file: the bytes are there, just not in this reader.
 *
 * <p>Unchecked because a caller that asks {@link NzbReader#heldUntil(long)} first meets it only
 * when the held articles were dropped in between (the reader stood idle long enough to release its
 * read-ahead, or was closed).
 */
public final class NotHeldException extends IllegalStateException {
    private final long offset;

    public NotHeldException(long offset) {
        super("byte " + offset + " is not held by this retired reader");
        this.offset = offset;
    }

    /** The offset that was asked for. */
    public long offset() {
        return offset;
    }
}
