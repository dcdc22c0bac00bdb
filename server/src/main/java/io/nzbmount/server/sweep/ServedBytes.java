package io.nzbmount.server.sweep;

import java.util.Objects;

/**
 * Bytes of the item's file that a response has already sent (kept by the cutover): bytes
 * the item is known to hold, so a cutover's sweep may sample them in place of a position the
 * primary cannot read, without fetching them from the primary. Immutable; the array is owned by
 * this record (pass a copy).
 *
 * @param fileSize the size of the file they belong to (which file of the sweep they are of)
 * @param from     the file offset of {@code bytes[0]}
 * @param bytes    the bytes, not empty
 */
public record ServedBytes(long fileSize, long from, byte[] bytes) {
    public ServedBytes {
        Objects.requireNonNull(bytes, "bytes");
        if (from < 0 || bytes.length == 0 || from + bytes.length > fileSize) {
            throw new IllegalArgumentException("bad served range " + from + "+" + bytes.length + " of " + fileSize);
        }
    }

    long end() {
        return from + bytes.length;
    }

    /** True when every byte of {@code sample} was served. */
    boolean covers(Sample sample) {
        return sample.offset() >= from && sample.end() <= end();
    }
}
