package io.nzbmount.server.repair.par2;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Multiplies a region of 16-bit little-endian words (as PAR2 stores slices) by one constant of
 * GF(2^16) and adds the products into another region: {@code dst ^= c * src}. The product of a
 * word is split by its bytes, {@code c*w = c*(lo) ^ c*(hi << 8)}, so two 256-entry tables built
 * once per constant replace the log lookups. Immutable after construction; thread-safe.
 */
public final class Gf16Region {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final int constant;
    /** {@code LOW[b] = c * b} and {@code HIGH[b] = c * (b << 8)}, as longs so products shift into place cheaply. */
    private final long[] low = new long[256];

    private final long[] high = new long[256];

    /** The tables for {@code constant} (0 to 65535). */
    public Gf16Region(int constant) {
        if (constant < 0 || constant > 0xFFFF)
            throw new IllegalArgumentException("not a GF(2^16) element: " + constant);
        this.constant = constant;
        for (int b = 0; b < 256; b++) {
            low[b] = Gf16.multiply(constant, b);
            high[b] = Gf16.multiply(constant, b << 8);
        }
    }

    /** The constant this multiplies by. */
    public int constant() {
        return constant;
    }

    /**
     * {@code dst[dstOffset..+length) ^= constant * src[srcOffset..+length)}, word by word;
     * {@code length} must be even. The regions may be the same array but must not overlap otherwise.
     */
    public void multiplyAdd(byte[] src, int srcOffset, byte[] dst, int dstOffset, int length) {
        if ((length & 1) != 0)
            throw new IllegalArgumentException("a region of 16-bit words has an even length: " + length);
        java.util.Objects.checkFromIndexSize(srcOffset, length, src.length);
        java.util.Objects.checkFromIndexSize(dstOffset, length, dst.length);
        if (constant == 0) return;
        int i = 0;
        for (; i + 8 <= length; i += 8) {
            long w = (long) LONGS.get(src, srcOffset + i);
            long p = low[(int) w & 0xFF]
                    ^ high[(int) (w >>> 8) & 0xFF]
                    ^ (low[(int) (w >>> 16) & 0xFF] ^ high[(int) (w >>> 24) & 0xFF]) << 16
                    ^ (low[(int) (w >>> 32) & 0xFF] ^ high[(int) (w >>> 40) & 0xFF]) << 32
                    ^ (low[(int) (w >>> 48) & 0xFF] ^ high[(int) (w >>> 56) & 0xFF]) << 48;
            LONGS.set(dst, dstOffset + i, (long) LONGS.get(dst, dstOffset + i) ^ p);
        }
        for (; i < length; i += 2) {
            int w = src[srcOffset + i] & 0xFF | (src[srcOffset + i + 1] & 0xFF) << 8;
            int p = (int) (low[w & 0xFF] ^ high[w >>> 8]);
            dst[dstOffset + i] ^= (byte) p;
            dst[dstOffset + i + 1] ^= (byte) (p >>> 8);
        }
    }

    /** {@code dst ^= constant * src} over the whole of both, which have the same even length. */
    public void multiplyAdd(byte[] src, byte[] dst) {
        if (src.length != dst.length)
            throw new IllegalArgumentException("regions differ in length: " + src.length + " and " + dst.length);
        multiplyAdd(src, 0, dst, 0, src.length);
    }
}
