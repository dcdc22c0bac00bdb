package io.nzbmount.server.observe;

import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What the server process holds at one moment: its resident set, the Java heap, the JDK's
 * buffer pools (direct and mapped), its threads and its open file descriptors. A figure the
 * platform cannot give (no {@code /proc}, as on macOS) is -1.
 *
 * @param rssBytes          resident set size ({@code VmRSS} of {@code /proc/self/status})
 * @param heapUsedBytes     heap in use, live objects and garbage not yet collected
 * @param heapCommittedBytes heap the JVM has taken from the system
 * @param heapMaxBytes      the most heap the JVM may take ({@code -Xmx}), -1 when unbounded
 * @param directBytes       memory held by direct buffers (the {@code direct} buffer pool)
 * @param mappedBytes       memory held by mapped files (the {@code mapped} buffer pool)
 * @param threads           the process's operating-system threads ({@code Threads} of
 *                          {@code /proc/self/status}; virtual threads not mounted are not counted)
 * @param openDescriptors   open file descriptors (sockets and files), entries of {@code /proc/self/fd}
 */
public record ProcessMemory(
        long rssBytes,
        long heapUsedBytes,
        long heapCommittedBytes,
        long heapMaxBytes,
        long directBytes,
        long mappedBytes,
        long threads,
        long openDescriptors) {

    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path FD = Path.of("/proc/self/fd");

    /** Samples this process now. Thread-safe; reads a few small files under {@code /proc}. */
    public static ProcessMemory sample() {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long direct = -1;
        long mapped = -1;
        List<BufferPoolMXBean> pools = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class);
        for (BufferPoolMXBean pool : pools) {
            if (pool.getName().equals("direct")) direct = pool.getMemoryUsed();
            else if (pool.getName().equals("mapped")) mapped = pool.getMemoryUsed();
        }
        long rssKib = -1;
        long threads = ManagementFactory.getThreadMXBean().getThreadCount();
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) rssKib = kib(line);
                else if (line.startsWith("Threads:"))
                    threads = Long.parseLong(line.substring(8).trim());
            }
        } catch (IOException | RuntimeException noProc) {
            // Not Linux: RSS stays unknown, threads are the JVM's own count.
        }
        return new ProcessMemory(
                rssKib < 0 ? -1 : rssKib * 1024,
                heap.getUsed(),
                heap.getCommitted(),
                heap.getMax(),
                direct,
                mapped,
                threads,
                descriptors());
    }

    private static long kib(String line) {
        String value = line.substring(line.indexOf(':') + 1).replace("kB", "").trim();
        return Long.parseLong(value);
    }

    private static long descriptors() {
        long n = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(FD)) {
            for (Path ignored : entries) n++;
        } catch (IOException | RuntimeException noProc) {
            return -1;
        }
        // The directory stream's own descriptor was open while it was counted.
        return n - 1;
    }
}
