package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.UsenetService;
import io.nzbmount.nntp.internal.reader.FakeFetcher.Content;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads a large generated file from start to end through the facade and compares every byte;
 * run in a JVM with a small heap it shows that memory follows the read-ahead window, not the
 * file. Prints {@code OK <bytes> <millis> <max heap used>} and exits 0, or exits 1.
 *
 * <p>{@code java -Xmx128m -cp TEST_CLASSPATH io.nzbmount.nntp.internal.reader.LargeFileRead [bytes] [nntp|fake] [streams]}
 * <br>With {@code nntp} the file is posted to an embedded NNTP server in the same JVM and read
 * over real connections through the yEnc decoder; otherwise a fake fetcher serves it. With
 * {@code streams} above 1, that many readers read the whole file at once, each on its own thread
 * and slower than the fetches (a pause after each read), so every window fills up.
 */
public final class LargeFileRead {

    public static void main(String[] args) throws Exception {
        long size = args.length > 0 ? Long.parseLong(args[0]) : 1L << 30;
        boolean overNntp = args.length > 1 && args[1].equals("nntp");
        int streams = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        int partSize = 716_800;
        Content content = Content.generated(size);
        long started = System.nanoTime();
        long maxUsed;
        if (overNntp) {
            try (EmbeddedNntpServer server = EmbeddedNntpServer.start()) {
                PostedFile posted = server.postLazy("large.bin", size, partSize, content::copy);
                try (Usenet usenet =
                        Usenet.connect(List.of(server.provider("embedded", 8, 0)), Usenet.Settings.defaults())) {
                    maxUsed = readAll(usenet, posted.toNzbFile(), content, size, streams);
                }
            }
        } else {
            FakeFetcher fake = FakeFetcher.uniform(content, partSize);
            try (Usenet usenet = new UsenetService(Usenet.Settings.defaults(), fake)) {
                maxUsed = readAll(usenet, fake.file(), content, size, streams);
            }
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        System.out.println("OK " + size + " " + millis + " " + maxUsed);
    }

    /** Reads the whole file with {@code streams} readers at once; returns the most heap seen in use. */
    private static long readAll(Usenet usenet, NzbFile file, Content content, long size, int streams) throws Exception {
        SegmentMap map = usenet.map(file, Priority.FOREGROUND);
        if (map.size() != size) throw new IllegalStateException("size " + map.size() + " != " + size);
        List<Thread> readers = new ArrayList<>();
        AtomicLong maxUsed = new AtomicLong();
        for (int i = 0; i < streams; i++) {
            readers.add(Thread.ofPlatform().start(() -> {
                try {
                    maxUsed.accumulateAndGet(readAll(usenet, map, content, size, streams > 1 ? 5 : 0), Math::max);
                } catch (Exception | OutOfMemoryError e) {
                    System.out.println("FAILED " + e);
                    System.exit(1);
                }
            }));
        }
        for (Thread t : readers) t.join();
        return maxUsed.get();
    }

    /** Reads the whole file, comparing every byte, pausing {@code pauseMillis} after each read; returns the most heap seen in use. */
    private static long readAll(Usenet usenet, SegmentMap map, Content content, long size, int pauseMillis)
            throws Exception {
        Runtime rt = Runtime.getRuntime();
        long maxUsed = 0;
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
                if (pauseMillis > 0) Thread.sleep(pauseMillis);
                if ((offset & ((64L << 20) - 1)) < n) maxUsed = Math.max(maxUsed, rt.totalMemory() - rt.freeMemory());
            }
            if (offset != size) {
                System.out.println("END OF FILE at " + offset + " of " + size);
                System.exit(1);
            }
        }
        return maxUsed;
    }
}
