package io.nzbmount.server.cutover;

import io.nzbmount.server.sweep.ServedBytes;

/**
 * The last bytes one response has sent, kept so that a cutover can prove a standby against them.
 * Not thread-safe: owned by the one thread that writes the response. Bytes are copied in; the
 * caller keeps ownership of the arrays it passes.
 */
final class SentBytesRing {
    /** Default capacity: enough to tell releases apart, small enough to keep one per open response. */
    public static final int DEFAULT_CAPACITY = 64 * 1024;

    private final byte[] ring;
    private long position;
    private long written;

    /**
     * @param startOffset file offset of the first byte this response sends
     * @param capacity how many of the latest bytes to keep, {@code > 0}
     */
    public SentBytesRing(long startOffset, int capacity) {
        if (startOffset < 0 || capacity <= 0) {
            throw new IllegalArgumentException("start " + startOffset + " capacity " + capacity);
        }
        this.ring = new byte[capacity];
        this.position = startOffset;
    }

    /** Records {@code length} bytes just sent, starting at {@code bytes[from]}. */
    public void sent(byte[] bytes, int from, int length) {
        if (from < 0 || length < 0 || from > bytes.length - length) {
            throw new IndexOutOfBoundsException("from " + from + " length " + length + " of " + bytes.length);
        }
        int skip = Math.max(0, length - ring.length);
        int done = skip;
        while (done < length) {
            int at = (int) ((position + done) % ring.length);
            int chunk = Math.min(length - done, ring.length - at);
            System.arraycopy(bytes, from + done, ring, at, chunk);
            done += chunk;
        }
        position += length;
        written += length;
    }

    /** File offset of the next byte the response will send. */
    public long position() {
        return position;
    }

    /** How many bytes are held: the capacity, or fewer while the response is young. */
    public int held() {
        return (int) Math.min(ring.length, written);
    }

    /** File offset of the first held byte. */
    public long heldFrom() {
        return position - held();
    }

    /** A copy of the held bytes, covering {@link #heldFrom()} up to {@link #position()}. */
    public byte[] heldBytes() {
        byte[] copy = new byte[held()];
        for (int done = 0; done < copy.length; ) {
            int at = (int) ((heldFrom() + done) % ring.length);
            int chunk = Math.min(copy.length - done, ring.length - at);
            System.arraycopy(ring, at, copy, done, chunk);
            done += chunk;
        }
        return copy;
    }

    /** The held bytes of a file of {@code fileSize} bytes, or null when none are held. */
    ServedBytes served(long fileSize) {
        return held() == 0 ? null : new ServedBytes(fileSize, heldFrom(), heldBytes());
    }
}
