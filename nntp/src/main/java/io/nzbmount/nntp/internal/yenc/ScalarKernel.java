package io.nzbmount.nntp.internal.yenc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The portable kernel: eight bytes at a time as one {@code long}; an escape or a data line end
 * found in a word is handled in place and the words go on right after it. One byte at a time
 * only for tails shorter than a word. Also does what the vector kernels leave: tails shorter
 * than a block and rare patterns.
 */
final class ScalarKernel implements YencKernel {

    static final ScalarKernel INSTANCE = new ScalarKernel();

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;
    private static final long EQUALS = '=' * ONES;
    private static final long CRS = '\r' * ONES;
    private static final long LFS = '\n' * ONES;
    private static final long FORTY_TWOS = 42 * ONES;

    private ScalarKernel() {}

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
     *
     * <p>The word loop reads two words per turn and handles escapes and data line ends without
     * leaving, so a special byte costs one mispredicted branch and a few byte reads. Its body is
     * written out rather than split into helpers because C1 (the only compiler of the launcher's
     * short commands) inlines nothing over 35 bytecodes, and a call in the loop spills registers.
     */
    static long decodeFrom(byte[] src, int sp0, int sp, int send, byte[] dst, int dp0, int dp, int dlimit) {
        while (true) {
            // The output never advances more than the input, so a bound on sp alone keeps a
            // whole word inside both [sp, send) and [dp, dlimit).
            int stop = sp + Math.min(send - sp, dlimit - dp) - 8;
            while (sp <= stop) {
                long x = (long) LONGS.get(src, sp);
                long low = lowBytes(x);
                LONGS.set(dst, dp, minus42(x, low));
                long hit = specials(x, low);
                if (hit == 0) {
                    if (sp + 8 > stop) {
                        sp += 8;
                        dp += 8;
                        continue;
                    }
                    x = (long) LONGS.get(src, sp + 8);
                    low = lowBytes(x);
                    LONGS.set(dst, dp + 8, minus42(x, low));
                    hit = specials(x, low);
                    if (hit == 0) {
                        sp += 16;
                        dp += 16;
                        continue;
                    }
                    sp += 8;
                    dp += 8;
                }
                // The word's bytes before the special are already stored; dp stays below
                // dlimit and sp below send because the special lies inside the word.
                int n = firstMarkedByte(hit);
                sp += n;
                dp += n;
                if (src[sp] == '=') {
                    if (sp + 1 >= send) break;
                    byte e = src[sp + 1];
                    if (e == '\r' || e == '\n') break;
                    dst[dp++] = (byte) (e - 106);
                    sp += 2;
                } else {
                    int lf = src[sp] == '\r' ? sp + 1 : sp;
                    if (lf + 1 >= send || src[lf] != '\n') break;
                    byte next = src[lf + 1];
                    if (next == '.' || next == '=' || next == '\r' || next == '\n') break;
                    sp = lf + 1;
                }
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

    /** The high bit of each byte of {@code x} that is below 0x80 (as all three specials are). */
    private static long lowBytes(long x) {
        return (x & HIGHS) ^ HIGHS;
    }

    /**
     * The high bit set in each byte of {@code x} that is '=', CR or LF, given {@code low} from
     * {@link #lowBytes}. A byte below 0x80 that is not special stays below 0x80 after the XOR
     * and the decrement, and bytes from 0x80 up are masked off by {@code low}; only a zero byte
     * (a special) wraps to 0xFF. Its borrow may mark bytes above it, so only the lowest set bit
     * is meaningful, which is all callers use; with no special there is no borrow and the result
     * is 0. One mask for all three compares, not one per compare: C1 does no such folding.
     */
    private static long specials(long x, long low) {
        return ((x ^ EQUALS) - ONES | (x ^ CRS) - ONES | (x ^ LFS) - ONES) & low;
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

    /**
     * Subtracts 42 from every byte, without borrows crossing bytes: each byte is lifted to 0x80 or
     * more first, and {@code low} (from {@link #lowBytes}) puts back the high bits the lift set.
     */
    private static long minus42(long x, long low) {
        return ((x | HIGHS) - FORTY_TWOS) ^ low;
    }
}
