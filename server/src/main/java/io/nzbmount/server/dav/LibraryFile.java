package io.nzbmount.server.dav;

import java.io.IOException;

/**
 * A file of the library: fixed size, readable from any offset. Its path belongs to the item, not to
 * the source it is read from, so a change of source is invisible here.
 */
public non-sealed interface LibraryFile extends LibraryNode {

    /** Exact length in bytes; every byte in {@code [0, size)} can be asked for. */
    long size();

    /**
     * An opaque string that changes whenever the bytes may change (it is hashed into the ETag).
     * Two files with the same basis and size must have the same bytes.
     */
    String etagBasis();

    /**
     * Opens a reader positioned at {@code offset}. The caller owns the reader and closes it.
     *
     * @param offset first byte to read, {@code 0 <= offset < size()}
     * @throws IOException when the content cannot be read now; before anything was sent this
     *                     becomes a 503
     */
    ContentReader open(long offset) throws IOException;

    /**
     * As {@link #open(long)}, for a named client ({@code host:port}) that status pages may show.
     */
    default ContentReader open(long offset, String client) throws IOException {
        return open(offset);
    }

    /**
     * As {@link #open(long, String)}, for a caller that reads {@code [offset, end)} in order (an
     * HTTP range), so the reader can fetch what that needs at once and nothing past it.
     */
    default ContentReader open(long offset, long end, String client) throws IOException {
        return open(offset, client);
    }
}
