package io.nzbmount.nntp.internal.yenc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The portable kernel: eight bytes at a time as one {@code long} while no byte is special, one
 * byte at a time around specials (escapes, line ends). Also does what the vector kernels leave:
 * tails shorter than a block and rare patterns.
 */
final class ScalarKernel implements YencKernel {

    static final ScalarKernel INSTANCE = new ScalarKernel();

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;
    private static final long EQUALS = '=' * ONES;
    private static final long CRS = '\r' * ONES;
    private static final long LFS = '\n' * ONES;
    private static final long FORTY_TWOS = 42 * ONES;

    private ScalarKernel() {
    }

    @Override
    public long decode(byte[] src, int sp, int send, byte[] dst, int dp, int dlimit) {
        return decodeFrom(src, sp, sp, send, dst, dp, dp, dlimit);
    }

    @Override
    public String name() {
        return "scalar";
    }

    /**
     * Continues a decode that started at {@code sp0}/{@code dp0} and has reached {@code sp}/{@code dp};
     * returns the result for the whole call, as {@link YencKernel#decode} does.
     */
    static long decodeFrom(byte[] src, int sp0, int sp, int send, byte[] dst, int dp0, int dp, int dlimit) {
        while (true) {
            while (sp + 8 <= send && dp + 8 <= dlimit) {
                long x = (long) LONGS.get(src, sp);
                long hit = zeroBytes(x ^ EQUALS) | zeroBytes(x ^ CRS) | zeroBytes(x ^ LFS);
                LONGS.set(dst, dp, minus42(x));
                if (hit != 0) {
                    int n = firstMarkedByte(hit);
                    sp += n;
                    dp += n;
                    break;
                }
                sp += 8;
                dp += 8;
            }
            if (sp >= send || dp >= dlimit) break;
            byte b = src[sp];
            if (b == '=') {
                if (sp + 1 >= send) break;
                byte e = src[sp + 1];
                if (e == '\r' || e == '\n') break;
                dst[dp++] = (byte) (e - 106);
                sp += 2;
            } else if (b == '\r' || b == '\n') {
                int skip = dataLineEnd(src, sp, send);
                if (skip == 0) break;
                sp += skip;
            } else {
                dst[dp++] = (byte) (b - 42);
                sp++;
            }
        }
        return YencKernel.result(sp - sp0, dp - dp0);
    }

    /**
     * How many bytes the line end at {@code src[sp]} (CR or LF) takes when the line after it
     * can only be data: 2 for CRLF, 1 for a bare LF; 0 when it is not such a line end or the
     * next line's first byte is special or not yet in the input.
     */
    static int dataLineEnd(byte[] src, int sp, int send) {
        int lf = src[sp] == '\r' ? sp + 1 : sp;
        if (lf + 1 >= send || src[lf] != '\n') return 0;
        byte next = src[lf + 1];
        if (next == '.' || next == '=' || next == '\r' || next == '\n') return 0;
        return lf + 1 - sp;
    }

    /**
     * The high bit set in each byte of {@code x} that is zero. Bits above the lowest zero byte may
     * be wrong (borrows), so only the lowest set bit is meaningful; that is all callers use.
     */
    private static long zeroBytes(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    /**
     * The index of the lowest byte whose high bit is set in {@code marks} (not 0; only high bits
     * set). Arithmetic rather than {@code Long.numberOfTrailingZeros(marks) >>> 3}: C1, which
     * runs this loop for the first seconds of a process (and for good under the launcher's
     * short commands), makes that call a slow out-of-line method, while C2 makes it one
     * instruction; a multiply costs about the same as either in C2.
     */
    private static int firstMarkedByte(long marks) {
        long below = ((marks & -marks) >>> 7) - 1;
        return (int) (((below & ONES) * ONES) >>> 56);
    }

    /** Subtracts 42 from every byte, without borrows crossing bytes. */
    private static long minus42(long x) {
        return ((x | HIGHS) - FORTY_TWOS) ^ (~x & HIGHS);
    }
}
