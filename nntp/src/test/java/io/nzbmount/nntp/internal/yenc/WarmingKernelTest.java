package io.nzbmount.nntp.internal.yenc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Await;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WarmingKernelTest {

    /** Counts its calls and decodes like the scalar kernel. */
    private static final class Counting implements YencKernel {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public long decode(byte[] src, int sp, int send, byte[] dst, int dp, int dlimit) {
            calls.incrementAndGet();
            return ScalarKernel.INSTANCE.decode(src, sp, send, dst, dp, dlimit);
        }

        @Override
        public String name() {
            return "counting";
        }
    }

    @Test
    void theFallbackDecodesUntilTheTargetIsWarm() {
        Counting fallback = new Counting();
        Counting target = new Counting();
        WarmingKernel kernel = new WarmingKernel(fallback, () -> target, -1);
        byte[] src = WarmingKernel.syntheticLines();
        kernel.decode(src, 0, src.length, new byte[src.length + 128], 0, src.length + 128);
        assertEquals(1, fallback.calls.get());
        assertEquals(0, target.calls.get(), "the read path never runs a cold target");
        assertFalse(kernel.warm());

        kernel.warmUp();
        assertTrue(kernel.warm());
        assertEquals(WarmingKernel.WARM_UP_CALLS, target.calls.get());
        kernel.decode(src, 0, src.length, new byte[src.length + 128], 0, src.length + 128);
        assertEquals(1, fallback.calls.get(), "after the warm-up the fallback is not used");
        assertEquals(WarmingKernel.WARM_UP_CALLS + 1, target.calls.get());
    }

    @Test
    void theWarmUpWaitsUntilTheFallbackHasDecodedTheThreshold() throws InterruptedException {
        Counting fallback = new Counting();
        Counting target = new Counting();
        AtomicInteger choices = new AtomicInteger();
        byte[] src = WarmingKernel.syntheticLines();
        byte[] dst = new byte[src.length + 128];
        int produced = YencKernel.produced(ScalarKernel.INSTANCE.decode(src, 0, src.length, dst, 0, dst.length));
        WarmingKernel kernel = new WarmingKernel(
                fallback,
                () -> {
                    choices.incrementAndGet();
                    return target;
                },
                3L * produced);

        kernel.decode(src, 0, src.length, dst, 0, dst.length);
        kernel.decode(src, 0, src.length, dst, 0, dst.length);
        assertFalse(kernel.warmUpStarted(), "below the threshold nothing is warmed");
        assertEquals(0, choices.get(), "below the threshold the target is not even chosen");

        kernel.decode(src, 0, src.length, dst, 0, dst.length);
        assertTrue(kernel.warmUpStarted());
        Await.until(Duration.ofSeconds(20), kernel::warm, () -> "the warm-up thread switches to the target");
        assertTrue(kernel.warm(), "the warm-up thread switches to the target");
        assertEquals(1, choices.get());
        assertEquals(WarmingKernel.WARM_UP_CALLS, target.calls.get());
        kernel.decode(src, 0, src.length, dst, 0, dst.length);
        assertEquals(3, fallback.calls.get());
        assertEquals(WarmingKernel.WARM_UP_CALLS + 1, target.calls.get());
    }

    @Test
    void aNegativeThresholdNeverStartsTheWarmUp() {
        Counting fallback = new Counting();
        WarmingKernel kernel = new WarmingKernel(fallback, Counting::new, -1);
        byte[] src = WarmingKernel.syntheticLines();
        for (int i = 0; i < 100; i++)
            kernel.decode(src, 0, src.length, new byte[src.length + 128], 0, src.length + 128);
        assertFalse(kernel.warmUpStarted());
        assertFalse(kernel.warm());
    }

    @Test
    void warmUpLinesAreDataLinesTheKernelsDecodeAlike() {
        byte[] src = WarmingKernel.syntheticLines();
        assertEquals('\n', src[src.length - 1]);
        Decoded scalar = decodeStepping(ScalarKernel.INSTANCE, src);
        Decoded best = decodeStepping(YencKernels.best(), src);
        assertArrayEquals(scalar.bytes, best.bytes);
        assertTrue(scalar.consumed > src.length * 9 / 10, "the kernel sees mostly data: " + scalar.consumed);
        assertTrue(scalar.bytes.length > 3500, "most of the 4096 source bytes come back: " + scalar.bytes.length);
    }

    private record Decoded(byte[] bytes, int consumed) {}

    /** Decodes line runs as the warm-up does, stepping over lines a kernel leaves to the decoder. */
    private static Decoded decodeStepping(YencKernel kernel, byte[] src) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        byte[] dst = new byte[src.length + 128];
        int sp = 0;
        int consumedTotal = 0;
        while (sp < src.length) {
            long r = kernel.decode(src, sp, src.length, dst, 0, dst.length);
            int consumed = YencKernel.consumed(r);
            out.write(dst, 0, YencKernel.produced(r));
            consumedTotal += consumed;
            if (consumed > 0) {
                sp += consumed;
            } else {
                while (sp < src.length && src[sp] != '\n') sp++;
                sp++;
            }
        }
        return new Decoded(out.toByteArray(), consumedTotal);
    }
}
