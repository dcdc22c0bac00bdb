package io.nzbmount.nntp.internal.yenc;

/**
 * Decodes the inside of yEnc data lines: the hot loop of {@link YencDecoder}. Line starts (header
 * lines, dot-stuffing, the body terminator) stay with the decoder's state machine; a kernel only
 * sees the bytes after them.
 *
 * <p>Implementations are stateless and thread-safe. Every implementation gives the same output
 * for the same input; they differ only in speed.
 */
public interface YencKernel {

    /**
     * Decodes from {@code src[sp, send)} into {@code dst} starting at {@code dp}.
     *
     * <p>Consumes ordinary bytes (each gives {@code byte - 42}) and whole escape pairs ({@code '='}
     * and a following byte that is not CR or LF, giving {@code byte - 64 - 42}). Stops before a CR
     * or LF, before an {@code '='} that is the last byte of the input or is followed by CR or LF,
     * at {@code send}, or when the output reaches {@code dlimit}.
     *
     * @param dlimit the output bound, {@code dp <= dlimit <= dst.length}; bytes in
     *               {@code [dlimit, dst.length)} may be overwritten with scratch values
     * @return {@code consumed << 32 | produced}; see {@link #consumed} and {@link #produced}
     */
    long decode(byte[] src, int sp, int send, byte[] dst, int dp, int dlimit);

    /** A short name for logs and benchmarks. */
    String name();

    static int consumed(long result) {
        return (int) (result >>> 32);
    }

    static int produced(long result) {
        return (int) result;
    }

    static long result(int consumed, int produced) {
        return ((long) consumed << 32) | (produced & 0xFFFF_FFFFL);
    }
}
