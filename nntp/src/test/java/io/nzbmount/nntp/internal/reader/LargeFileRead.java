package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.internal.reader.FakeFetcher.Content;
import java.util.Arrays;

/**
 * Reads a large generated file from start to end through the facade and compares every byte;
 * run in a JVM with a small heap it shows that memory follows the read-ahead window, not the
 * file. Prints {@code OK <bytes> <millis> <max heap used>} and exits 0, or exits 1.
 *
 * <p>{@code java -Xmx128m -cp TEST_CLASSPATH io.nzbmount.nntp.internal.reader.LargeFileRead [bytes]}
 */
public final class LargeFileRead {

    public static void main(String[] args) throws Exception {
        long size = args.length > 0 ? Long.parseLong(args[0]) : 1L << 30;
        int partSize = 716_800;
        Content content = Content.generated(size);
        FakeFetcher fake = FakeFetcher.uniform(content, partSize);
        long started = System.nanoTime();
        long maxUsed = 0;
        Runtime rt = Runtime.getRuntime();
        try (Usenet usenet = new UsenetService(Usenet.Settings.defaults(), fake)) {
            FileMap map = usenet.map(fake.file(), Priority.FOREGROUND);
            if (map.size() != size) throw new IllegalStateException("size " + map.size() + " != " + size);
            byte[] buf = new byte[256 * 1024];
            byte[] expected = new byte[buf.length];
            try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
                long offset = 0;
                for (int n; (n = reader.read(offset, buf, 0, buf.length)) > 0; offset += n) {
                    content.copy(offset, expected, 0, n);
                    if (Arrays.mismatch(buf, 0, n, expected, 0, n) >= 0) {
                        System.out.println("MISMATCH near offset " + offset);
                        System.exit(1);
                    }
                    if ((offset & ((64L << 20) - 1)) < n) maxUsed = Math.max(maxUsed, rt.totalMemory() - rt.freeMemory());
                }
                if (offset != size) {
                    System.out.println("END OF FILE at " + offset + " of " + size);
                    System.exit(1);
                }
            }
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.println("OK " + size + " " + millis + " " + maxUsed);
    }
}
