package io.nzbmount.nntp.internal.yenc;

import java.util.Objects;
import java.util.Random;

/**
 * Runs a fallback kernel until the target kernel has been warmed up on a background thread,
 * then runs the target.
 *
 * <p>Why: the Vector API kernels are the fastest once C2 has compiled them, but interpreted or
 * C1-compiled every vector operation is a slow, allocating fallback. A short-lived process (a
 * {@code fetch} of a few hundred MiB, the first minutes of a server) would decode most of its
 * data before that compilation, many times slower than the scalar kernel. Warming the target on
 * synthetic lines off the read path lets the scalar kernel carry the load meanwhile. Kernels are
 * stateless and give identical output, so switching between two calls is safe.
 *
 * <p>Thread-safe.
 */
final class WarmingKernel implements YencKernel {
    /** Calls of the target on a small synthetic input: enough for C2 to compile its loops. */
    static final int WARM_UP_CALLS = 20_000;

    private final YencKernel fallback;
    private final YencKernel target;
    private volatile YencKernel current;

    /**
     * @param start true to start the warm-up thread now; false leaves it to {@link #warmUp()}
     */
    WarmingKernel(YencKernel fallback, YencKernel target, boolean start) {
        this.fallback = Objects.requireNonNull(fallback);
        this.target = Objects.requireNonNull(target);
        this.current = fallback;
        if (start) {
            Thread.ofPlatform().daemon().priority(Thread.MIN_PRIORITY).name("nzbmount-yenc-warm-up")
                    .start(this::warmUp);
        }
    }

    /** Runs the target on synthetic encoded lines, then makes it the kernel in use. */
    void warmUp() {
        byte[] src = syntheticLines();
        byte[] dst = new byte[src.length + 128];
        long sink = 0;
        int sp = 0;
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            long r = target.decode(src, sp, src.length, dst, 0, dst.length);
            sink += r;
            int consumed = YencKernel.consumed(r);
            // Where the kernel leaves a line start to the decoder, step over that line.
            sp = consumed > 0 ? sp + consumed : nextLine(src, sp);
            if (sp >= src.length) sp = 0;
        }
        if (sink == 42) Thread.onSpinWait(); // keeps the loop's result alive
        current = target;
    }

    /** True once the target kernel is in use. */
    boolean warm() {
        return current == target;
    }

    @Override
    public long decode(byte[] src, int sp, int send, byte[] dst, int dp, int dlimit) {
        return current.decode(src, sp, send, dst, dp, dlimit);
    }

    @Override
    public String name() {
        return target.name() + (warm() ? "" : " (warming up, " + fallback.name() + " meanwhile)");
    }

    private static int nextLine(byte[] src, int from) {
        for (int i = from; i < src.length; i++) {
            if (src[i] == '\n') return i + 1;
        }
        return src.length;
    }

    /** A few data lines as an encoder writes them: ordinary bytes, escapes and CRLFs. */
    static byte[] syntheticLines() {
        byte[] data = new byte[4096];
        new Random(716_800).nextBytes(data);
        String body = new String(new YencEncoder().encodePart(data, 0, data.length, "warm-up", 1, 2,
                data.length * 2L, 0), java.nio.charset.StandardCharsets.ISO_8859_1);
        int start = body.indexOf("\n", body.indexOf("=ypart")) + 1;
        int end = body.indexOf("\r\n=yend") + 2;
        return body.substring(start, end).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
