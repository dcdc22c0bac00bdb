package io.nzbmount.server.cutover;

import io.nzbmount.server.sweep.ServedBytes;

/**
 * The last bytes a response had sent at one moment ({@link SentBytesRing#snapshot()}): what a
 * cutover proves a standby against. Immutable: the bytes are copied in and copied out.
 */
final class SentBytes {
    private final long heldFrom;
    private final byte[] held;

    /**
     * @param heldFrom the file offset of {@code held[0]}
     * @param held     the bytes, copied
     */
    SentBytes(long heldFrom, byte[] held) {
        if (heldFrom < 0) throw new IllegalArgumentException("no file offset " + heldFrom);
        this.heldFrom = heldFrom;
        this.held = held.clone();
    }

    /** Nothing sent yet by a response that starts at {@code offset}. */
    static SentBytes none(long offset) {
        return new SentBytes(offset, new byte[0]);
    }

    /** File offset of the next byte the response sends. */
    long position() {
        return heldFrom + held.length;
    }

    /** How many bytes are held. */
    int held() {
        return held.length;
    }

    /** File offset of the first held byte. */
    long heldFrom() {
        return heldFrom;
    }

    /** A copy of the held bytes, covering {@link #heldFrom()} up to {@link #position()}. */
    byte[] heldBytes() {
        return held.clone();
    }

    /** The held bytes of a file of {@code fileSize} bytes, or null when none are held. */
    ServedBytes served(long fileSize) {
        return held.length == 0 ? null : new ServedBytes(fileSize, heldFrom, held.clone());
    }
}
