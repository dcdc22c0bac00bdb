package io.nzbmount.nntp.internal.yenc;

import java.util.Objects;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Runs a fallback kernel until the process has decoded enough to be worth a faster one, then
 * warms the target kernel up on a background thread and switches to it.
 *
 * <p>Why: the Vector API kernels are the fastest once C2 has compiled them, but interpreted or
 * C1-compiled every vector operation is a slow, allocating fallback, and getting them compiled
 * costs about a CPU-second (the warm-up calls and the C2 compilations of the Vector API code).
 * On a machine with two cores that second is taken from the download itself: a short-lived
 * process (a {@code fetch} of a few hundred MiB) finishes before the warm-up does and is slower
 * for having started it. So the warm-up starts only once the fallback has decoded
 * {@code warmAfterBytes}: a process that has come that far is likely to decode much more, and
 * the scalar kernel carries the load meanwhile. Kernels are stateless and give identical output,
 * so switching between two calls is safe.
 *
 * <p>The target is chosen by its supplier only when it is needed (the warm-up, or
 * {@link #name()}), so a short process never loads the Vector API classes.
 *
 * <p>Thread-safe.
 */
final class WarmingKernel implements YencKernel {
    /** Calls of the target on a small synthetic input: enough for C2 to compile its loops. */
    static final int WARM_UP_CALLS = 20_000;

    private final YencKernel fallback;
    private final Supplier<YencKernel> targetChoice;
    private final long warmAfterBytes;
    private final AtomicLong decoded = new AtomicLong();
    private final AtomicBoolean started = new AtomicBoolean();
    private volatile YencKernel target;
    private volatile YencKernel current;

    /**
     * @param targetChoice   gives the target kernel; called at most once
     * @param warmAfterBytes start the warm-up thread once the fallback has produced this many
     *                       bytes (0: at the first call); negative never starts it, leaving it to
     *                       {@link #warmUp()}
     */
    WarmingKernel(YencKernel fallback, Supplier<YencKernel> targetChoice, long warmAfterBytes) {
        this.fallback = Objects.requireNonNull(fallback);
        this.targetChoice = Objects.requireNonNull(targetChoice);
        this.warmAfterBytes = warmAfterBytes;
        this.current = fallback;
    }

    /** Runs the target on synthetic encoded lines, then makes it the kernel in use. */
    void warmUp() {
        started.set(true);
        YencKernel chosen = target();
        if (chosen == fallback) return; // nothing faster to warm (no C2, no Vector API)
        byte[] src = syntheticLines();
        byte[] dst = new byte[src.length + 128];
        long sink = 0;
        int sp = 0;
        for (int i = 0; i < WARM_UP_CALLS; i++) {
            long r = chosen.decode(src, sp, src.length, dst, 0, dst.length);
            sink += r;
            int consumed = YencKernel.consumed(r);
            // Where the kernel leaves a line start to the decoder, step over that line.
            sp = consumed > 0 ? sp + consumed : nextLine(src, sp);
            if (sp >= src.length) sp = 0;
        }
        if (sink == 42) Thread.onSpinWait(); // keeps the loop's result alive
        current = chosen;
    }

    /** True once the target kernel is in use. */
    boolean warm() {
        return current != fallback || target == fallback;
    }

    /** True once the warm-up has begun (or is done). */
    boolean warmUpStarted() {
        return started.get();
    }

    @Override
    public long decode(byte[] src, int sp, int send, byte[] dst, int dp, int dlimit) {
        YencKernel k = current;
        long r = k.decode(src, sp, send, dst, dp, dlimit);
        if (k == fallback
                && warmAfterBytes >= 0
                && !started.get()
                && decoded.addAndGet(YencKernel.produced(r)) >= warmAfterBytes
                && started.compareAndSet(false, true)) {
            Thread.ofPlatform()
                    .daemon()
                    .priority(Thread.MIN_PRIORITY)
                    .name("nzbmount-yenc-warm-up")
                    .start(this::warmUp);
        }
        return r;
    }

    @Override
    public String name() {
        YencKernel t = target();
        return t.name() + (warm() ? "" : " (" + fallback.name() + " until warmed up)");
    }

    private YencKernel target() {
        YencKernel t = target;
        if (t == null) {
            synchronized (this) {
                t = target;
                if (t == null) {
                    t = Objects.requireNonNull(targetChoice.get());
                    target = t;
                }
            }
        }
        return t;
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
        String body = new String(
                new YencEncoder().encodePart(data, 0, data.length, "warm-up", 1, 2, data.length * 2L, 0),
                java.nio.charset.StandardCharsets.ISO_8859_1);
        int start = body.indexOf("\n", body.indexOf("=ypart")) + 1;
        int end = body.indexOf("\r\n=yend") + 2;
        return body.substring(start, end).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    }
}
