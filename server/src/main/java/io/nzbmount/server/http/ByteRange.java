package io.nzbmount.server.http;

/**
 * One satisfiable byte range of a representation, both ends inclusive, already clamped to the
 * representation's length.
 *
 * @param first offset of the first byte, {@code >= 0}
 * @param last offset of the last byte, {@code >= first}
 */
public record ByteRange(long first, long last) {
    public ByteRange {
        if (first < 0 || last < first) {
            throw new IllegalArgumentException("bad byte range " + first + "-" + last);
        }
    }

    /** Number of bytes in the range. */
    public long length() {
        return last - first + 1;
    }

    /** The value of a {@code Content-Range} header for this range of a representation of {@code size} bytes. */
    public String contentRange(long size) {
        return "bytes " + first + "-" + last + "/" + size;
    }
}
