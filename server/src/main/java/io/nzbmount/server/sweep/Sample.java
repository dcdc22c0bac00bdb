package io.nzbmount.server.sweep;

/**
 * One byte range of a file to fingerprint.
 *
 * @param offset first byte, {@code >= 0}
 * @param length number of bytes, {@code > 0}
 */
public record Sample(long offset, int length) {
    public Sample {
        if (offset < 0 || length <= 0) {
            throw new IllegalArgumentException("bad sample " + offset + "+" + length);
        }
    }

    /** Offset just past the last byte. */
    public long end() {
        return offset + length;
    }
}
