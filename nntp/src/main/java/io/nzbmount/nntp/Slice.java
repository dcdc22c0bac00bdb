package io.nzbmount.nntp;

/**
 * A byte range of one file among several, a piece of a spliced file (see {@link Usenet#splice}).
 *
 * @param volume the file's position in the list of files given with the slices
 * @param offset the first byte of the range in that file
 * @param length the number of bytes, at least 1
 */
public record Slice(int volume, long offset, long length) {
    public Slice {
        if (volume < 0) throw new IllegalArgumentException("volume must not be negative: " + volume);
        if (offset < 0) throw new IllegalArgumentException("offset must not be negative: " + offset);
        if (length < 1) throw new IllegalArgumentException("length must be at least 1: " + length);
    }

    /** The offset just past the range. */
    public long end() {
        return offset + length;
    }
}
