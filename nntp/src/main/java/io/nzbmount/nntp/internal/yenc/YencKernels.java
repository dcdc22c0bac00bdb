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

    private static final String RUN_CLASS = "io.nzbmount.nntp.internal.yenc.VectorRunKernel";
    private static final String COMPRESS_CLASS = "io.nzbmount.nntp.internal.yenc.VectorCompressKernel";

    private YencKernels() {
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

    /** Whether the JVM runs 512-bit vectors natively (it may not, e.g. with -XX:UseAVX=2). */
    private static boolean compressAtFullWidth() {
        try {
            return (Boolean) Class.forName(COMPRESS_CLASS).getDeclaredMethod("fullWidth").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | ClassCastException e) {
            return false;
        }
    }

    private static YencKernel choose() {
        String forced = System.getProperty(PROPERTY);
        if (forced != null && !forced.isBlank()) {
            return named(forced.strip()).orElse(ScalarKernel.INSTANCE);
        }
        if (cpuHasByteCompress() && vectorModulePresent() && compressAtFullWidth()) {
            Optional<YencKernel> compress = load(COMPRESS_CLASS);
            if (compress.isPresent()) return compress.get();
        }
        return load(RUN_CLASS).orElse(ScalarKernel.INSTANCE);
    }

    /**
     * The choice for the read path: a vector kernel starts out behind the scalar one until it
     * has been warmed up ({@link WarmingKernel}); a forced kernel is used as it is.
     */
    private static YencKernel chooseWarming() {
        YencKernel chosen = choose();
        String forced = System.getProperty(PROPERTY);
        boolean isForced = forced != null && !forced.isBlank();
        if (isForced || chosen == ScalarKernel.INSTANCE) return chosen;
        return new WarmingKernel(ScalarKernel.INSTANCE, chosen, true);
    }

    /** Holder: the choice is made on first use, not when the class is loaded. */
    private static final class Best {
        static final YencKernel KERNEL = chooseWarming();
    }
}
