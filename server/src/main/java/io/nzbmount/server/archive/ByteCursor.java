package io.nzbmount.server.archive;

import java.util.Arrays;

/**
 * Reads little-endian fields of an archive header held in memory. Every read that would pass the
 * end throws {@link ArchiveException} (DAMAGED): a header that ends early is a broken header, not
 * a programming error. Not thread-safe; does not copy the array it reads.
 */
final class ByteCursor {
    private final byte[] bytes;
    private final int end;
    private int position;

    ByteCursor(byte[] bytes) {
        this(bytes, 0, bytes.length);
    }

    ByteCursor(byte[] bytes, int from, int to) {
        if (from < 0 || to > bytes.length || from > to)
            throw new IllegalArgumentException("bad range " + from + ".." + to);
        this.bytes = bytes;
        this.position = from;
        this.end = to;
    }

    int position() {
        return position;
    }

    int remaining() {
        return end - position;
    }

    private void need(long n) throws ArchiveException {
        if (n < 0 || n > end - position) throw ArchiveException.damaged("a header ends before its fields do");
    }

    int u8() throws ArchiveException {
        need(1);
        return bytes[position++] & 0xFF;
    }

    int u16() throws ArchiveException {
        need(2);
        int v = (bytes[position] & 0xFF) | (bytes[position + 1] & 0xFF) << 8;
        position += 2;
        return v;
    }

    long u32() throws ArchiveException {
        return u16() | (long) u16() << 16;
    }

    long u64() throws ArchiveException {
        return u32() | u32() << 32;
    }

    /** A RAR5 variable-length integer: 7 bits per byte, low bits first, high bit = more follow. */
    long vint() throws ArchiveException {
        long value = 0;
        for (int shift = 0; shift < 70; shift += 7) {
            int b = u8();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) return value;
        }
        throw ArchiveException.damaged("a variable-length number runs over 10 bytes");
    }

    /**
     * A 7z number: the count of leading one bits of the first byte says how many whole bytes
     * follow (low bits first); the first byte's remaining bits are the highest ones.
     */
    long number7z() throws ArchiveException {
        int first = u8();
        long value = 0;
        int mask = 0x80;
        for (int i = 0; i < 8; i++) {
            if ((first & mask) == 0) {
                long high = first & (mask - 1);
                return value | high << (8 * i);
            }
            value |= (long) u8() << (8 * i);
            mask >>>= 1;
        }
        return value;
    }

    /** A 7z count or size that must fit an int index (files, streams, lengths of fields). */
    int count7z(String what) throws ArchiveException {
        long v = number7z();
        if (v < 0 || v > Integer.MAX_VALUE - 8 || v > remaining() * 8L + 64) {
            throw ArchiveException.damaged("7z header declares an impossible " + what + " (" + v + ")");
        }
        return (int) v;
    }

    /** Skips a vint and says where the cursor is then. */
    int skipVint() throws ArchiveException {
        vint();
        return position();
    }

    byte[] bytes(long n) throws ArchiveException {
        need(n);
        byte[] out = Arrays.copyOfRange(bytes, position, position + (int) n);
        position += (int) n;
        return out;
    }

    void skip(long n) throws ArchiveException {
        need(n);
        position += (int) n;
    }
}
