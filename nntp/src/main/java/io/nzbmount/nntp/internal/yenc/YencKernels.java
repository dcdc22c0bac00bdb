package io.nzbmount.nntp.internal.yenc;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Picks the fastest {@link YencKernel} this JVM and CPU can run, once, at first use.
 *
 * <p>The vector kernels are loaded by name, and only when the module {@code jdk.incubator.vector}
 * is in the boot layer ({@code --add-modules jdk.incubator.vector}); without it the scalar kernel
 * is used and nothing of the Vector API is touched. The compress kernel needs a CPU whose byte
 * compress is one instruction (AVX-512 VBMI2, read from {@code /proc/cpuinfo}) and 512-bit
 * vectors enabled in the JVM; everywhere else the run kernel is the vector choice.
 *
 * <p>The system property {@value #PROPERTY} ({@code scalar}, {@code vector-run},
 * {@code vector-compress}) forces a kernel, for comparisons and for working around a slow CPU.
 */
public final class YencKernels {

    public static final String PROPERTY = "nzbmount.yenc.kernel";
    /**
     * How many bytes the scalar kernel decodes before the vector kernel is warmed up; 0 warms it
     * at the first decode, a negative value never.
     */
    public static final String WARM_AFTER_PROPERTY = "nzbmount.yenc.warmAfterBytes";
    /**
     * 1 GiB: the warm-up costs about a CPU-second, which the vector kernel wins back only over
     * a few GiB more (it saves about half a CPU-second per GiB over the scalar kernel).
     */
    static final long WARM_AFTER_DEFAULT = 1L << 30;
    /** What the kernel choice uses when the property is not set; the process's own, chosen before its first decode. */
    private static volatile long warmAfter = WARM_AFTER_DEFAULT;

    private static final String RUN_CLASS = "io.nzbmount.nntp.internal.yenc.VectorRunKernel";
    private static final String COMPRESS_CLASS = "io.nzbmount.nntp.internal.yenc.VectorCompressKernel";

    private YencKernels() {}

    /**
     * Warms the vector kernel at the first decode of this process instead of after the first
     * GiB: right for a server, which runs for days, where the warm-up's CPU-second is soon won
     * back. Takes effect only before the first decode; the system property wins when set.
     */
    public static void warmAtFirstDecode() {
        warmAfter = 0;
    }

    /** The kernel {@link YencDecoder}'s default constructor uses. */
    public static YencKernel best() {
        return Best.KERNEL;
    }

    public static YencKernel scalar() {
        return ScalarKernel.INSTANCE;
    }

    /**
     * A kernel by name: {@code scalar}, {@code vector-run} or {@code vector-compress}.
     *
     * @return empty when the kernel cannot run in this JVM (no Vector API module)
     */
    public static Optional<YencKernel> named(String name) {
        return switch (name) {
            case "scalar" -> Optional.of(ScalarKernel.INSTANCE);
            case "vector-run" -> load(RUN_CLASS);
            case "vector-compress" -> load(COMPRESS_CLASS);
            default -> throw new IllegalArgumentException("unknown yEnc kernel: " + name);
        };
    }

    /** Whether the CPU has single-instruction byte compress (AVX-512 VBMI2), as far as we can tell. */
    public static boolean cpuHasByteCompress() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("flags")) return (line + " ").contains(" avx512_vbmi2 ");
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or no access: assume the common case, which the run kernel serves.
        }
        return false;
    }

    static boolean vectorModulePresent() {
        return ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    }

    private static Optional<YencKernel> load(String className) {
        if (!vectorModulePresent()) return Optional.empty();
        try {
            Class<?> type = Class.forName(className);
            return Optional.of((YencKernel) type.getDeclaredConstructor().newInstance());
        } catch (ReflectiveOperationException | LinkageError e) {
            return Optional.empty();
        }
    }

    /**
     * Whether C2 compiles this JVM's hot code. Without it (C1 only, {@code -XX:TieredStopAtLevel}
     * below 4, as the launcher runs short commands) the Vector API never becomes intrinsic code
     * and the vector kernels stay many times slower than the scalar one.
     */
    static boolean optimizingCompilerRuns() {
        try {
            var vm = java.lang.management.ManagementFactory.getPlatformMXBean(
                    com.sun.management.HotSpotDiagnosticMXBean.class);
            if (vm == null) return true;
            boolean tiered =
                    Boolean.parseBoolean(vm.getVMOption("TieredCompilation").getValue());
            int stopAt = Integer.parseInt(vm.getVMOption("TieredStopAtLevel").getValue());
            return !tiered || stopAt >= 4;
        } catch (RuntimeException | LinkageError e) {
            // Not HotSpot, or no management module: assume the usual JIT.
            return true;
        }
    }

    /** Whether the JVM runs 512-bit vectors natively (it may not, e.g. with -XX:UseAVX=2). */
    private static boolean compressAtFullWidth() {
        try {
            return (Boolean)
                    Class.forName(COMPRESS_CLASS).getDeclaredMethod("fullWidth").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            return false;
        }
    }

    private static YencKernel choose() {
        String forced = System.getProperty(PROPERTY);
        if (forced != null && !forced.isBlank()) {
            return named(forced.strip()).orElse(ScalarKernel.INSTANCE);
        }
        if (!optimizingCompilerRuns()) return ScalarKernel.INSTANCE;
        if (cpuHasByteCompress() && vectorModulePresent() && compressAtFullWidth()) {
            Optional<YencKernel> compress = load(COMPRESS_CLASS);
            if (compress.isPresent()) return compress.get();
        }
        return load(RUN_CLASS).orElse(ScalarKernel.INSTANCE);
    }

    /**
     * The choice for the read path: with the Vector API module present, the scalar kernel
     * decodes the first bytes of the process (as many as the system property
     * {@value #WARM_AFTER_PROPERTY} says, 1 GiB by default, none after {@link #warmAtFirstDecode}),
     * then the vector kernel is chosen,
     * warmed up and used ({@link WarmingKernel}); a forced kernel is used as it is.
     */
    private static YencKernel chooseWarming() {
        String forced = System.getProperty(PROPERTY);
        if (forced != null && !forced.isBlank()) return choose();
        if (!vectorModulePresent()) return ScalarKernel.INSTANCE;
        return new WarmingKernel(
                ScalarKernel.INSTANCE, YencKernels::choose, Long.getLong(WARM_AFTER_PROPERTY, warmAfter));
    }

    /** Holder: the choice is made on first use, not when the class is loaded. */
    private static final class Best {
        static final YencKernel KERNEL = chooseWarming();
    }
}
