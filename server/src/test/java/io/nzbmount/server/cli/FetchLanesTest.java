package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.FileMap;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.Usenet;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetchLanesTest {

    @Test
    void rangesCoverTheFileContiguouslyOnArticleBoundaries() {
        int[][] cases = {{1, 8}, {4, 4}, {5, 8}, {11, 4}, {440, 8}, {441, 8}, {9, 1}, {3, 2}};
        for (int[] c : cases) {
            int articles = c[0];
            int lanes = c[1];
            int partSize = 716_800;
            long size = (long) (articles - 1) * partSize + 1234;
            List<long[]> ranges = FetchLanes.ranges(size, articles, partSize, lanes);
            String where = articles + " articles, " + lanes + " lanes";
            assertEquals(Math.min(articles, lanes), ranges.size(), where);
            long next = 0;
            for (long[] r : ranges) {
                assertEquals(next, r[0], where + ": ranges follow each other");
                assertTrue(r[1] > r[0], where + ": no empty range");
                assertEquals(0, r[0] % partSize, where + ": a range starts on an article boundary");
                next = r[1];
            }
            assertEquals(size, next, where + ": the last range ends at the file's end");
        }
    }

    @Test
    void oneLanePerConnectionOfTheProvidersAskedFirst(@TempDir Path dir) throws Exception {
        Path config = dir.resolve("c.yaml");
        Files.writeString(config, """
                providers:
                  - {name: main, host: a.example, port: 563, tls: true, connections: 12, priority: 0}
                  - {name: also-main, host: b.example, port: 563, tls: true, connections: 4, priority: 0}
                  - {name: backup, host: c.example, port: 563, tls: true, connections: 50, priority: 1}
                """);
        assertEquals(16, Cli.lanes(ConfigLoader.load(config, Map.of())));
        Files.writeString(config, """
                providers:
                  - {name: big, host: a.example, port: 563, tls: true, connections: 100}
                """);
        assertEquals(32, Cli.lanes(ConfigLoader.load(config, Map.of())), "at most 32 lanes");
    }

    @Test
    void anInterruptedDownloadStopsEveryLaneBeforeItReturns(@TempDir Path dir) throws Exception {
        BlockingUsenet usenet = new BlockingUsenet();
        FileMap map = new FixedMap(8L * 1000, 8, 1000);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread downloader;
        try (FileChannel channel = FileChannel.open(dir.resolve("out"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            downloader = new Thread(() -> {
                try {
                    new FetchLanes(usenet, 4).download(map, channel, done -> { });
                } catch (Throwable t) {
                    thrown.set(t);
                }
            });
            downloader.start();
            assertTrue(usenet.allReading.await(10, TimeUnit.SECONDS), "every lane is waiting in a read");
            downloader.interrupt();
            downloader.join(10_000);
        }
        assertFalse(downloader.isAlive());
        assertTrue(thrown.get() instanceof InterruptedIOException, String.valueOf(thrown.get()));
        assertEquals(4, usenet.closed.get(), "every lane's reader was closed");
        assertTrue(Thread.getAllStackTraces().keySet().stream()
                .noneMatch(t -> t.getName().startsWith("nzbmount-fetch-lane-")), "no lane thread is left");
    }

    /** A map of equal articles. */
    private record FixedMap(long size, int articles, int partSize) implements FileMap {
        @Override
        public String layout() {
            return "fixed";
        }

        @Override
        public ArticleSpan span(long offset) {
            long start = offset / partSize * partSize;
            return new ArticleSpan(start, Math.min(size, start + partSize), false);
        }
    }

    /** Readers whose reads wait until the reader is closed, as a read waiting for a slow article does. */
    private static final class BlockingUsenet implements Usenet {
        final CountDownLatch allReading = new CountDownLatch(4);
        final AtomicInteger closed = new AtomicInteger();

        @Override
        public NzbReader open(FileMap map, Priority priority, int readAhead) {
            CountDownLatch closing = new CountDownLatch(1);
            return new NzbReader() {
                @Override
                public int read(long offset, byte[] buf, int off, int len) throws ReadCancelledException {
                    allReading.countDown();
                    try {
                        closing.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    throw new ReadCancelledException("reader closed");
                }

                @Override
                public long size() {
                    return map.size();
                }

                @Override
                public Stats stats() {
                    return new Stats(0, 0, 0, readAhead, 0, 0);
                }

                @Override
                public void retire() {
                }

                @Override
                public long heldUntil(long offset) {
                    return offset;
                }

                @Override
                public void readAheadFrom(long offset) {
                }

                @Override
                public void close() {
                    if (closing.getCount() > 0) {
                        closed.incrementAndGet();
                        closing.countDown();
                    }
                }
            };
        }

        @Override
        public NzbReader open(FileMap map, Priority priority) {
            return open(map, priority, 1);
        }

        @Override
        public FileMap map(NzbFile file, Priority priority) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileMap restore(NzbFile file, String layout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileMap splice(List<FileMap> volumes, List<Slice> slices) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileMap restore(List<NzbFile> volumes, String layout) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Set<String> missing(List<NzbSegment> segments) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FileCheck check(NzbFile file) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void close() {
        }
    }

    @Test
    void rangesAreAsEvenAsWholeArticlesAllow() {
        List<long[]> ranges = FetchLanes.ranges(11L * 100, 11, 100, 4);
        long[] articlesPerRange = ranges.stream().mapToLong(r -> (r[1] - r[0]) / 100).toArray();
        assertEquals(List.of(2L, 3L, 3L, 3L), java.util.Arrays.stream(articlesPerRange).boxed().toList());
    }
}
