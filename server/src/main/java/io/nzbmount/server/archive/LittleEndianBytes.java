package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;

/**
 * Builds the byte fields of archive and par2 headers: little-endian integers, RAR5 variable-length
 * integers, raw bytes. Not thread-safe; one header at a time.
 */
final class LittleEndianBytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    LittleEndianBytes u8(int v) {
        out.write(v);
        return this;
    }

    LittleEndianBytes u16(int v) {
        return u8(v & 0xFF).u8(v >>> 8 & 0xFF);
    }

    LittleEndianBytes u32(long v) {
        return u16((int) (v & 0xFFFF)).u16((int) (v >>> 16 & 0xFFFF));
    }

    LittleEndianBytes u64(long v) {
        return u32(v & 0xFFFFFFFFL).u32(v >>> 32);
    }

    /** A RAR5 variable-length integer: 7 bits per byte, low bits first, the high bit saying more follow. */
    LittleEndianBytes vint(long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
        return this;
    }

    LittleEndianBytes bytes(byte[] b) {
        out.writeBytes(b);
        return this;
    }

    /** Pads with zero bytes to a multiple of 4 (par2 names and texts end that way). */
    LittleEndianBytes padToFour() {
        while (out.size() % 4 != 0) out.write(0);
        return this;
    }

    int size() {
        return out.size();
    }

    byte[] toByteArray() {
        return out.toByteArray();
    }
}
