package io.nzbmount.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * Where the machine's processors went between two readings: the server process, this harness's
 * JVM (the far link, the readers and their hashing), everything else (inn2's {@code nnrpd}s,
 * other work) and idle, each in cores. Read from {@code /proc/stat} (the machine's busy and idle
 * time), the server process's own processor time ({@link ServerProcess#cpuSeconds}) and this JVM's own processor time.
 *
 * <p>A figure of a benchmark whose parts share the machine is only the product's when the
 * machine had cores to spare; this says whether it had. Not thread-safe: one reading at a time.
 */
final class CpuShares {
    /** Clock ticks a second, as /proc reports them (USER_HZ, 100 on Linux). */
    private static final double TICKS = 100.0;

    private final DoubleSupplier serverSeconds;
    private final double cores = Runtime.getRuntime().availableProcessors();
    private long[] machine;
    private double server;
    private double harness;
    private long start;

    /** @param serverSeconds the server's processor time so far, in seconds */
    CpuShares(DoubleSupplier serverSeconds) {
        this.serverSeconds = serverSeconds;
        mark();
    }

    /** Starts a new span. */
    void mark() {
        machine = machineTicks();
        server = serverSeconds.getAsDouble();
        harness = harnessSeconds();
        start = System.nanoTime();
    }

    /** The span since {@link #mark()} as one line: cores used by each part, and idle. */
    String sinceMark() {
        double wall = (System.nanoTime() - start) / 1e9;
        long[] now = machineTicks();
        double busy = (now[0] - machine[0]) / TICKS;
        double idle = (now[1] - machine[1]) / TICKS;
        double s = (serverSeconds.getAsDouble() - server) / wall;
        double h = (harnessSeconds() - harness) / wall;
        double all = busy / wall;
        return String.format(
                Locale.ROOT,
                "cores (of %.0f): server %.2f, harness (link, readers, SHA-256) %.2f, the rest (inn2, other work) %.2f, idle %.2f",
                cores,
                s,
                h,
                Math.max(0, all - s - h),
                idle / wall);
    }

    /** The machine's busy and idle ticks since boot: idle counts idle and iowait. */
    private static long[] machineTicks() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long busy = 0;
            long idle = 0;
            for (int i = 1; i < f.length && i <= 8; i++) {
                long v = Long.parseLong(f[i]);
                if (i == 4 || i == 5) idle += v;
                else busy += v;
            }
            return new long[] {busy, idle};
        } catch (IOException | RuntimeException e) {
            return new long[] {0, 0};
        }
    }

    private static double harnessSeconds() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime() / 1e9;
        }
        return 0;
    }
}
