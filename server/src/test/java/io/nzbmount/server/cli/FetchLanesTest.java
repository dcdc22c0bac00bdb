package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.ConfigLoader;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.Usenet;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FetchLanesTest {
    private static final int PART = 1000;

    @TempDir
    Path dir;

    @Test
    void everyArticleIsReadOnceByOneLaneAndWrittenWhereItBelongs() throws Exception {
        byte[] original = random(10 * PART + 321);
        ArrayUsenet usenet = new ArrayUsenet(original, Set.of());
        Path out = dir.resolve("out");
        try (FileChannel channel = FileChannel.open(out, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            new FetchLanes(usenet, 3).download(new FixedMap(original.length, PART), channel, done -> {});
        }
        assertArrayEquals(original, Files.readAllBytes(out));
        Map<Long, Integer> expected = new TreeMap<>();
        for (long start = 0; start < original.length; start += PART) expected.put(start, 1);
        assertEquals(
                expected, new TreeMap<>(usenet.readsByArticle()), "one read per article, at its start, none twice");
        assertEquals(3, usenet.opened.get(), "one reader per lane");
        assertEquals(3, usenet.closed.get(), "every reader closed");
    }

    @Test
    void theFailureReportedIsTheOneAtTheLowestOffset() {
        byte[] original = random(12 * PART);
        ArrayUsenet usenet = new ArrayUsenet(original, Set.of(9, 2, 5));
        ArticleMissingException e = assertThrows(ArticleMissingException.class, () -> {
            try (FileChannel channel =
                    FileChannel.open(dir.resolve("out"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                new FetchLanes(usenet, 4).download(new FixedMap(original.length, PART), channel, done -> {});
            }
        });
        assertEquals("article-2", e.messageId());
        assertEquals(4, usenet.closed.get(), "every reader closed");
    }

    @Test
    void aLaneThatBreaksFailsTheDownloadInsteadOfLeavingAGap() {
        byte[] original = random(6 * PART);
        ArrayUsenet usenet = new ArrayUsenet(original, Set.of());
        usenet.breakAt(3);
        assertThrows(OutOfMemoryError.class, () -> {
            try (FileChannel channel =
                    FileChannel.open(dir.resolve("out"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                new FetchLanes(usenet, 2).download(new FixedMap(original.length, PART), channel, done -> {});
            }
        });
        assertEquals(2, usenet.closed.get(), "every reader closed");
    }

    @Test
    void claimsGoInFileOrderAndStopBeforeAFailedArticle() {
        FetchLanes.Claims claims = new FetchLanes.Claims(new FixedMap(5L * PART + 10, PART));
        assertEquals(new ArticleSpan(0, PART, false), claims.next());
        assertEquals(new ArticleSpan(PART, 2 * PART, false), claims.next());
        assertEquals(new ArticleSpan(2 * PART, 3 * PART, false), claims.next());
        claims.failed(PART, new IOException("article 1 failed"));
        assertNull(claims.next(), "nothing after a failure is claimed");
        claims.failed(2 * PART, new IOException("article 2 failed"));
        IOException thrown = assertThrows(IOException.class, claims::rethrowFirstFailure);
        assertEquals("article 1 failed", thrown.getMessage());
    }

    @Test
    void theLastArticleMayBeShort() {
        FetchLanes.Claims claims = new FetchLanes.Claims(new FixedMap(2L * PART + 10, PART));
        claims.next();
        claims.next();
        assertEquals(new ArticleSpan(2 * PART, 2 * PART + 10, false), claims.next());
        assertNull(claims.next());
    }

    @Test
    void oneLanePerConnectionOfTheProvidersAskedFirst(@TempDir Path configDir) throws Exception {
        Path config = configDir.resolve("c.yaml");
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
    void anInterruptedDownloadStopsEveryLaneBeforeItReturns() throws Exception {
        ArrayUsenet usenet = new ArrayUsenet(random(8 * PART), Set.of());
        usenet.blockReads(4);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread downloader;
        try (FileChannel channel =
                FileChannel.open(dir.resolve("out"), StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            downloader = new Thread(() -> {
                try {
                    new FetchLanes(usenet, 4).download(new FixedMap(8L * PART, PART), channel, done -> {});
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
        assertTrue(
                Thread.getAllStackTraces().keySet().stream()
                        .noneMatch(t -> t.getName().startsWith("nzbmount-fetch-lane-")),
                "no lane thread is left");
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        new Random(n).nextBytes(b);
        return b;
    }

    /** A map of equal articles (the last may be shorter). */
    private record FixedMap(long size, int partSize) implements SegmentMap {
        @Override
        public int articles() {
            return (int) ((size + partSize - 1) / partSize);
        }

        @Override
        public String text() {
            return "fixed";
        }

        @Override
        public ArticleSpan span(long offset) {
            long start = offset / partSize * partSize;
            return new ArticleSpan(start, Math.min(size, start + partSize), false);
        }
    }

    /**
     * Readers over a byte array, one article of {@value #PART} bytes per read at most, counting
     * the reads by article; the articles listed fail as missing. With {@link #blockReads}, reads
     * wait until their reader is closed instead, as a read waiting for a slow article does.
     */
    private static final class ArrayUsenet implements Usenet {
        final AtomicInteger opened = new AtomicInteger();
        final AtomicInteger closed = new AtomicInteger();
        final Map<Long, AtomicInteger> reads = new ConcurrentHashMap<>();
        private final byte[] data;
        private final Set<Integer> failing;
        CountDownLatch allReading = new CountDownLatch(0);
        private volatile boolean blocking;
        private volatile int breaking = -1;

        ArrayUsenet(byte[] data, Set<Integer> failing) {
            this.data = data;
            this.failing = failing;
        }

        /** A read of article {@code article} throws an Error, as a JVM out of memory would. */
        void breakAt(int article) {
            breaking = article;
        }

        void blockReads(int readers) {
            allReading = new CountDownLatch(readers);
            blocking = true;
        }

        Map<Long, Integer> readsByArticle() {
            Map<Long, Integer> counts = new TreeMap<>();
            reads.forEach((start, n) -> counts.put(start, n.get()));
            return counts;
        }

        @Override
        public NzbReader open(SegmentMap map, Priority priority, int readAhead) {
            assertEquals(1, readAhead, "a lane fetches only the article it claimed");
            opened.incrementAndGet();
            CountDownLatch closing = new CountDownLatch(1);
            return new NzbReader() {
                // The lanes read into a direct buffer: NzbReader's default read(long, ByteBuffer)
                // brings them here.
                @Override
                public int read(long offset, byte[] buf, int off, int len) throws ReadFailure, ReadCancelledException {
                    if (blocking) {
                        allReading.countDown();
                        try {
                            closing.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        throw new ReadCancelledException("reader closed");
                    }
                    if (offset >= data.length) return -1;
                    long start = offset / PART * PART;
                    if (start / PART == breaking) throw new OutOfMemoryError("test: no memory for article " + breaking);
                    if (failing.contains((int) (start / PART))) {
                        throw new ArticleMissingException("article-" + start / PART, "missing");
                    }
                    reads.computeIfAbsent(offset, k -> new AtomicInteger()).incrementAndGet();
                    int n = (int) Math.min(len, Math.min(data.length, start + PART) - offset);
                    System.arraycopy(data, (int) offset, buf, off, n);
                    return n;
                }

                @Override
                public long size() {
                    return data.length;
                }

                @Override
                public Stats stats() {
                    return new Stats(0, 0, 0, readAhead, 0, 0);
                }

                @Override
                public void retire() {}

                @Override
                public long heldUntil(long offset) {
                    return offset;
                }

                @Override
                public void readAheadFrom(long offset, long end) {}

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
        public NzbReader open(SegmentMap map, Priority priority) {
            return open(map, priority, 1);
        }

        @Override
        public SegmentMap map(NzbFile file, Priority priority) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SegmentMap restore(NzbFile file, String mapText) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SegmentMap splice(List<SegmentMap> volumes, List<Slice> slices) {
            throw new UnsupportedOperationException();
        }

        @Override
        public SegmentMap restore(List<NzbFile> volumes, String mapText) {
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
        public void close() {}
    }
}
