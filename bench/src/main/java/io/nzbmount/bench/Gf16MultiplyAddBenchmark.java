package io.nzbmount.bench;

import io.nzbmount.server.repair.par2.Gf16;
import io.nzbmount.server.repair.par2.Gf16Region;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The inner step of PAR2 repair: {@code dst ^= c * src} over GF(2^16) on one 768000-byte slice
 * (a common article-aligned slice size), one thread. The constant's split tables are built once,
 * as a rebuild builds them once per slice and recovery row.
 *
 * <p>One operation is one source byte, and the unit is microseconds, so the score reads as MB/s
 * per core.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(3)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class Gf16MultiplyAddBenchmark {

    static final int SLICE = 768_000;

    private byte[] src;
    private byte[] dst;
    private Gf16Region region;

    @Setup
    public void setUp() {
        Random random = new Random(27);
        src = new byte[SLICE];
        dst = new byte[SLICE];
        random.nextBytes(src);
        random.nextBytes(dst);
        region = new Gf16Region(0xB00F);
        byte[] before = dst.clone();
        region.multiplyAdd(src, dst);
        for (int i = 0; i < 64; i += 2) {
            int w = src[i] & 0xFF | (src[i + 1] & 0xFF) << 8;
            int was = before[i] & 0xFF | (before[i + 1] & 0xFF) << 8;
            int now = dst[i] & 0xFF | (dst[i + 1] & 0xFF) << 8;
            if ((was ^ Gf16.multiply(0xB00F, w)) != now)
                throw new IllegalStateException("multiply-add gave a wrong word at " + i);
        }
    }

    @Benchmark
    @OperationsPerInvocation(SLICE)
    public byte[] multiplyAdd() {
        region.multiplyAdd(src, dst);
        return dst;
    }
}
