package io.nzbmount.bench;

import io.nzbmount.server.release.ReleaseName;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * Names parsed per second of this thread's CPU time, over the names of
 * {@link ReleaseNameBenchmark}. On a shared machine the JMH score (wall time) follows the share
 * of a core the benchmark gets; CPU time measures the parser itself. Plain main, not JMH:
 * {@code java -cp bench/target/benchmarks.jar io.nzbmount.bench.ReleaseNameCpuRate [ROUNDS]}.
 * Prints one line per round of 3 CPU-seconds, then the median of the rounds after the first two
 * (warm-up).
 */
public final class ReleaseNameCpuRate {
    private static final long ROUND_NANOS = 3_000_000_000L;

    private ReleaseNameCpuRate() {}

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] cpuRates = new double[rounds];
        long sink = 0;
        for (int round = 0; round < rounds; round++) {
            long cpu0 = mx.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            long names = 0;
            while (mx.getCurrentThreadCpuTime() - cpu0 < ROUND_NANOS) {
                for (String name : ReleaseNameBenchmark.NAMES) {
                    sink += ReleaseName.parse(name).titleKey().length();
                    names++;
                }
            }
            long cpu = mx.getCurrentThreadCpuTime() - cpu0;
            long wall = System.nanoTime() - wall0;
            cpuRates[round] = names * 1e9 / cpu;
            System.out.printf(
                    "round %d: %.0f names per CPU-second, %.0f per wall-second%n",
                    round, cpuRates[round], names * 1e9 / wall);
        }
        double[] measured = java.util.Arrays.copyOfRange(cpuRates, Math.min(2, rounds - 1), rounds);
        java.util.Arrays.sort(measured);
        System.out.printf(
                "median after warm-up: %.0f names per CPU-second (checksum %d)%n", measured[measured.length / 2], sink);
    }
}
