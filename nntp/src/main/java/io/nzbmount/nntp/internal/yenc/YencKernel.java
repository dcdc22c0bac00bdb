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
     * <p>Consumes ordinary bytes (each gives {@code byte - 42}), whole escape pairs ({@code '='}
     * and a following byte that is not CR or LF, giving {@code byte - 64 - 42}), and line ends
     * (CRLF or a bare LF) after which the next line visibly starts with an ordinary byte (not
     * {@code '.'}, {@code '='}, CR or LF): such a line can only be more data. Stops before any
     * other CR or LF (so line starts that may be a header, a dot-stuffed line or the terminator
     * are left to the caller), before an {@code '='} that is the last byte of the input or is
     * followed by CR or LF, at {@code send}, or as soon as the output reaches {@code dlimit}.
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
