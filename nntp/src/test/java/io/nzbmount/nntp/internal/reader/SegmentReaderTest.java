package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.NotHeldException;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.ReadFully;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SegmentReaderTest {

    private static final int PART = 1000;
    private static final int PARTS = 40;
    private static final byte[] ORIGINAL = original(PART * (PARTS - 1) + 337);

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private SegmentReader reader;

    @AfterEach
    void stop() {
        if (reader != null) reader.close();
        executor.shutdownNow();
    }

    private static byte[] original(int size) {
        byte[] b = new byte[size];
        new Random(42).nextBytes(b);
        return b;
    }

    private static FakeFetcher fake() {
        return FakeFetcher.uniform(ORIGINAL, PART);
    }

    private SegmentReader open(FakeFetcher fake, int window) {
        return open(fake, window, Priority.FOREGROUND);
    }

    private SegmentReader open(FakeFetcher fake, int window, Priority priority) {
        PlainSegmentMap map = PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART);
        reader = new SegmentReader(map, fake, priority, executor, window, null);
        return reader;
    }

    @Test
    void buffersThatComeBackWhileTheNextFetchesWaitAreReusedNotAllocatedAgain() throws Exception {
        // Piece 8 blocks, so the fetches after it wait for their turn while the reader steps
        // through pieces 0..7 and hands their buffers back: those must still be there for the
        // waiting fetches once piece 8 comes, not dropped and allocated again.
        FakeFetcher fake = fake().block(8).block(24);
        int window = 8;
        SegmentReader r = open(fake, window);
        for (int i = 0; i < PARTS; i++) {
            if (i == 8 || i == 24) {
                assertTrue(fake.awaitBlocked(Duration.ofSeconds(10)));
                fake.release(i);
            }
            int len = (int) Math.min(PART, ORIGINAL.length - (long) i * PART);
            assertOriginal((long) i * PART, ReadFully.read(r, (long) i * PART, len));
        }
        assertTrue(
                fake.distinctBuffers() <= window,
                "a window of " + window + " decodes into at most " + window + " buffers; it used "
                        + fake.distinctBuffers());
    }

    private static void assertOriginal(long offset, byte[] actual) {
        byte[] expected = Arrays.copyOfRange(ORIGINAL, (int) offset, (int) offset + actual.length);
        assertArrayEquals(expected, actual, "bytes at offset " + offset);
    }

    /** Waits up to 10 s for {@code condition}; fails naming {@code what}. */
    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        Await.until(Duration.ofSeconds(10), condition, () -> what);
    }

    @Test
    void exactBytesAtEveryKindOfOffset() throws Exception {
        SegmentReader r = open(fake(), 4);
        long last = ORIGINAL.length - 1L;
        long[] offsets = {
            0, 1, PART - 1, PART, PART + 1, 2L * PART - 1, 17L * PART, 38L * PART + 999, 39L * PART, last - 1, last
        };
        for (long o : offsets) {
            int len = (int) Math.min(50, ORIGINAL.length - o);
            assertOriginal(o, ReadFully.read(r, o, len));
            assertOriginal(o, ReadFully.read(r, o, 1));
        }
        assertOriginal(PART - 100, ReadFully.read(r, PART - 100, 2 * PART + 200)); // spans three parts
        assertOriginal(0, ReadFully.read(r, 0, ORIGINAL.length)); // the whole file in one call
    }

    @Test
    void oneReadStopsAtTheEndOfItsArticle() throws Exception {
        SegmentReader r = open(fake(), 4);
        byte[] buf = new byte[500];
        assertEquals(100, r.read(PART - 100, buf, 0, 500));
        assertOriginal(PART - 100, Arrays.copyOf(buf, 100));
    }

    @Test
    void readsAtOrPastTheEndReturnMinusOneAndTheLastByteIsServed() throws Exception {
        SegmentReader r = open(fake(), 4);
        byte[] buf = new byte[10];
        assertEquals(-1, r.read(ORIGINAL.length, buf, 0, 10));
        assertEquals(-1, r.read(ORIGINAL.length + 5000L, buf, 0, 10));
        assertEquals(1, r.read(ORIGINAL.length - 1, buf, 3, 7));
        assertEquals(ORIGINAL[ORIGINAL.length - 1], buf[3]);
        assertEquals(0, r.read(5, buf, 0, 0));
    }

    @Test
    void randomOffsetsMatchTheOriginal() throws Exception {
        SegmentReader r = open(fake(), 3);
        Random random = new Random(7);
        for (int i = 0; i < 400; i++) {
            long o = random.nextInt(ORIGINAL.length);
            int len = (int) Math.min(1 + random.nextInt(3 * PART), ORIGINAL.length - o);
            assertOriginal(o, ReadFully.read(r, o, len));
        }
    }

    @Test
    void sequentialReadingFetchesEveryArticleOnceAndCountsIt() throws Exception {
        FakeFetcher fake = fake();
        SegmentReader r = open(fake, 8);
        byte[] chunk = new byte[333];
        long offset = 0;
        for (int n; (n = r.read(offset, chunk, 0, chunk.length)) > 0; offset += n) {
            assertOriginal(offset, Arrays.copyOf(chunk, n));
        }
        assertEquals(ORIGINAL.length, offset);
        for (int i = 0; i < PARTS; i++) assertEquals(1, fake.fetches(i), "fetches of part " + i);
        NzbReader.Stats stats = r.stats();
        assertEquals(ORIGINAL.length, stats.bytesRead());
        assertEquals(ORIGINAL.length, stats.offset());
        assertEquals(PARTS, stats.articlesFetched());
        assertEquals(8, stats.window());
    }

    @Test
    void failedPrefetchDoesNotFailEarlierReads() throws Exception {
        FakeFetcher fake = fake().failAlways(5, id -> new ArticleUnavailableException(id, "timeout", null));
        SegmentReader r = open(fake, 8);
        assertOriginal(0, ReadFully.read(r, 0, 10));
        await(() -> fake.fetches(5) >= 1, "part 5 was prefetched (and failed)");
        assertOriginal(10, ReadFully.read(r, 10, 5 * PART - 10));
        ArticleUnavailableException e =
                assertThrows(ArticleUnavailableException.class, () -> r.read(5L * PART, new byte[10], 0, 10));
        assertEquals(FakeFetcher.messageId(5), e.messageId());
    }

    @Test
    void failureSurfacesAsTypedExceptionNeverAsEndOfFile() throws Exception {
        FakeFetcher fake = fake().failAlways(PARTS - 1, id -> new ArticleMissingException(id, "430"));
        SegmentReader r = open(fake, 4);
        byte[] buf = new byte[4096];
        long offset = 0;
        try {
            for (int n; (n = r.read(offset, buf, 0, buf.length)) != 0; offset += n) {
                if (n < 0) fail("end of file at " + offset + " instead of the missing article's failure");
                assertOriginal(offset, Arrays.copyOf(buf, n));
            }
            fail("no failure");
        } catch (ArticleMissingException e) {
            assertEquals(FakeFetcher.messageId(PARTS - 1), e.messageId());
            assertEquals((PARTS - 1L) * PART, offset, "every byte before the missing article was served");
        }
        ReadFailure again = assertThrows(ReadFailure.class, () -> r.read(ORIGINAL.length - 1, buf, 0, 1));
        assertInstanceOf(ArticleMissingException.class, again);
    }

    @Test
    void aFailedArticleIsFetchedAgainByTheNextReadThere() throws Exception {
        FakeFetcher fake = fake().failOnce(3, id -> new ArticleUnavailableException(id, "reset", null));
        SegmentReader r = open(fake, 8);
        assertOriginal(2L * PART, ReadFully.read(r, 2L * PART, PART));
        assertThrows(ArticleUnavailableException.class, () -> r.read(3L * PART, new byte[1], 0, 1));
        assertOriginal(3L * PART, ReadFully.read(r, 3L * PART, 2 * PART));
        assertEquals(2, fake.fetches(3));
        assertEquals(1, fake.fetches(4), "the rest of the window was kept");
    }

    @Test
    void seekCancelsOutstandingFetches() throws Exception {
        FakeFetcher fake = fake();
        for (int i = 1; i < 8; i++) fake.block(i);
        SegmentReader r = open(fake, 8);
        assertOriginal(0, ReadFully.read(r, 0, 100));
        await(() -> fake.runningFetches() == 7, "parts 1..7 are being fetched");
        assertOriginal(30L * PART + 5, ReadFully.read(r, 30L * PART + 5, 1500));
        await(() -> fake.interrupts() == 7, "all 7 outstanding fetches were interrupted");
        assertEquals(0, fake.fetches(29), "nothing before the new position was fetched");
        for (int i = 1; i < 8; i++) assertEquals(1, fake.fetches(i));
    }

    @Test
    void readInsideTheWindowKeepsTheFetchesAhead() throws Exception {
        FakeFetcher fake = fake();
        SegmentReader r = open(fake, 8);
        assertOriginal(0, ReadFully.read(r, 0, 10));
        await(() -> r.stats().ready() == 8, "the window is full");
        assertOriginal(5L * PART, ReadFully.read(r, 5L * PART, 10)); // skip ahead inside the window
        assertEquals(0, fake.interrupts());
        for (int i = 0; i < 8; i++) assertEquals(1, fake.fetches(i));
    }

    @Test
    void closeUnblocksAWaitingRead() throws Exception {
        FakeFetcher fake = fake().block(0);
        SegmentReader r = open(fake, 4);
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread readerThread = Thread.ofVirtual().start(() -> {
            try {
                r.read(0, new byte[10], 0, 10);
                outcome.set(new AssertionError("read returned"));
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        assertTrue(fake.awaitBlocked(Duration.ofSeconds(5)));
        r.close();
        assertTrue(readerThread.join(Duration.ofSeconds(5)), "the read returned after close");
        assertInstanceOf(ReadCancelledException.class, outcome.get());
        await(() -> fake.interrupts() >= 1, "the blocked fetch was interrupted");
        await(() -> fake.runningFetches() == 0, "no fetch runs after close");
        r.close();
        assertThrows(ReadCancelledException.class, () -> r.read(0, new byte[1], 0, 1));
    }

    @Test
    void interruptedReadIsCancelledAndTheReaderStaysUsable() throws Exception {
        FakeFetcher fake = fake().block(0);
        SegmentReader r = open(fake, 2);
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread readerThread = Thread.ofVirtual().start(() -> {
            try {
                r.read(0, new byte[10], 0, 10);
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        assertTrue(fake.awaitBlocked(Duration.ofSeconds(5)));
        readerThread.interrupt();
        assertTrue(readerThread.join(Duration.ofSeconds(5)));
        assertInstanceOf(ReadCancelledException.class, outcome.get());
        fake.release(0);
        assertOriginal(0, ReadFully.read(r, 0, 10));
    }

    @Test
    void readAheadNeverExceedsItsWindow() throws Exception {
        FakeFetcher fake = fake().delay(Duration.ofMillis(3));
        SegmentReader r = open(fake, 4);
        byte[] chunk = new byte[700];
        for (long offset = 0; offset < 20L * PART; offset += 700) {
            assertOriginal(offset, ReadFully.read(r, offset, 700));
            assertTrue(r.stats().fetching() <= 4);
        }
        Random random = new Random(3);
        for (int i = 0; i < 20; i++) { // seeks leave cancelled fetches behind
            long o = random.nextInt(ORIGINAL.length - 10);
            assertOriginal(o, ReadFully.read(r, o, 10));
        }
        r.read(0, chunk, 0, 1);
        assertTrue(fake.maxConcurrentFetches() <= 4, "max concurrent fetches " + fake.maxConcurrentFetches());
        assertEquals(4, fake.maxConcurrentFetches(), "read-ahead fills its window");
    }

    @Test
    void misplacedPartIsCorruptNotServed() throws Exception {
        FakeFetcher fake = fake().misplace(2, 1);
        SegmentReader r = open(fake, 4);
        assertOriginal(PART, ReadFully.read(r, PART, PART));
        byte[] buf = new byte[PART];
        Arrays.fill(buf, (byte) 7);
        ArticleCorruptException e = assertThrows(ArticleCorruptException.class, () -> r.read(2L * PART, buf, 0, PART));
        assertEquals(FakeFetcher.messageId(2), e.messageId());
        for (byte b : buf) assertEquals(7, b, "no byte of the misplaced part reached the caller");
        assertOriginal(3L * PART, ReadFully.read(r, 3L * PART, PART));
    }

    @Test
    void everyFetchCarriesTheReadersPriority() throws Exception {
        FakeFetcher fake = fake();
        SegmentReader r = open(fake, 4, Priority.BACKGROUND);
        ReadFully.read(r, 0, 5 * PART);
        ReadFully.read(r, 30L * PART, 10);
        assertFalse(fake.priorities().isEmpty());
        assertEquals(
                List.of(Priority.BACKGROUND),
                fake.priorities().stream().distinct().toList());
    }

    @Test
    void idleReaderDropsItsReadAheadAndReadsOnAfterwards() throws Exception {
        FakeFetcher fake = fake();
        SegmentReader r = open(fake, 4);
        assertOriginal(0, ReadFully.read(r, 0, 10));
        await(() -> r.stats().ready() == 4, "the window is full");
        assertFalse(r.releaseIfIdle(System.nanoTime(), TimeUnit.HOURS.toNanos(1)), "not idle yet");
        assertTrue(r.releaseIfIdle(System.nanoTime() + TimeUnit.HOURS.toNanos(2), TimeUnit.HOURS.toNanos(1)));
        assertEquals(0, r.stats().ready());
        assertEquals(0, r.stats().fetching());
        assertOriginal(10, ReadFully.read(r, 10, 2 * PART));
        assertEquals(2, fake.fetches(0), "the dropped article is fetched again");
    }

    @Test
    void holeInTheNzbIsAMissingArticleAndTheRestIsServed() throws Exception {
        FakeFetcher fake = fake();
        List<FakeFetcher.Part> listed =
                List.of(fake.parts().get(0), fake.parts().get(2));
        PlainSegmentMap map = PlainSegmentMap.explicit(
                fake.fileOf(listed).segments(), 3L * PART, PART, new long[] {0, 2L * PART}, new int[] {PART, PART});
        byte[] third = Arrays.copyOf(ORIGINAL, 3 * PART);
        FakeFetcher small = FakeFetcher.uniform(third, PART);
        reader = new SegmentReader(map, small, Priority.FOREGROUND, executor, 4, null);
        assertThrows(ArticleMissingException.class, () -> reader.read(PART + 5, new byte[1], 0, 1));
        assertOriginal(2L * PART, ReadFully.read(reader, 2L * PART, PART));
        assertOriginal(0, ReadFully.read(reader, 0, PART));
    }

    @Test
    void heldBytesEndAtAHoleOfTheNzb() throws Exception {
        FakeFetcher fake = fake();
        List<FakeFetcher.Part> listed =
                List.of(fake.parts().get(0), fake.parts().get(1), fake.parts().get(3));
        PlainSegmentMap map = PlainSegmentMap.explicit(
                fake.fileOf(listed).segments(), 4L * PART, PART, new long[] {0, PART, 3L * PART}, new int[] {
                    PART, PART, PART
                });
        FakeFetcher small = FakeFetcher.uniform(Arrays.copyOf(ORIGINAL, 4 * PART), PART);
        reader = new SegmentReader(map, small, Priority.FOREGROUND, executor, 4, 4, null);
        reader.readAheadFrom(0, ORIGINAL.length);
        assertOriginal(0, ReadFully.read(reader, 0, 10));
        assertEquals(2L * PART, reader.heldUntil(5), "the pieces 0 and 1 are held; byte 2000 is in no article");
        assertEquals(2L * PART + 7, reader.heldUntil(2L * PART + 7));
        reader.retire();
        assertOriginal(PART, ReadFully.read(reader, PART, PART));
        assertThrows(
                ArticleMissingException.class,
                () -> reader.read(2L * PART + 7, new byte[1], 0, 1),
                "a hole is the NZB's, retired or not");
        assertEquals(4L * PART, reader.heldUntil(3L * PART));
        assertOriginal(3L * PART, ReadFully.read(reader, 3L * PART, PART));
        assertThrows(
                NotHeldException.class, () -> reader.read(0, new byte[1], 0, 1), "dropped, and never fetched again");
    }

    @Test
    void aReadIntoABufferGivesTheSameBytesAndMovesItsPosition() throws Exception {
        NzbReader r = open(fake(), 4);
        for (boolean direct : new boolean[] {false, true}) {
            java.nio.ByteBuffer dst =
                    direct ? java.nio.ByteBuffer.allocateDirect(2 * PART) : java.nio.ByteBuffer.allocate(2 * PART);
            dst.position(10).limit(10 + 1500);
            long offset = 3L * PART + 250;
            int n = r.read(offset, dst);
            assertEquals(PART - 250, n, "a read stops at the end of the article holding the offset");
            assertEquals(10 + n, dst.position());
            byte[] got = new byte[n];
            dst.flip().position(10);
            dst.get(got);
            assertOriginal(offset, got);
            assertEquals(-1, r.read(ORIGINAL.length, dst.clear()), "past the end");
        }
        assertThrows(
                java.nio.ReadOnlyBufferException.class,
                () -> r.read(0, java.nio.ByteBuffer.allocate(10).asReadOnlyBuffer()));
    }

    @Test
    void aReadAheadToldWhereTheResponseEndsFetchesNothingPastIt() throws Exception {
        FakeFetcher fake = fake();
        reader = new SegmentReader(
                PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART),
                fake,
                Priority.FOREGROUND,
                executor,
                8,
                null);
        // A response for [2500, 5000) going on from this source at 3000 (after a cutover).
        reader.readAheadFrom(3L * PART, 5L * PART);
        assertOriginal(3L * PART, ReadFully.read(reader, 3L * PART, 2 * PART));
        for (int i = 5; i < 10; i++) assertEquals(0, fake.fetches(i), "article " + i + " begins past the response");
        assertEquals(1, fake.fetches(3));
        assertEquals(1, fake.fetches(4));
    }

    @Test
    void aReadAheadFromPastTheResponsesEndStartsNothingAndFailsNothing() throws Exception {
        FakeFetcher fake = fake();
        reader = new SegmentReader(
                PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART),
                fake,
                Priority.FOREGROUND,
                executor,
                8,
                null);
        // The old source of a handover holds bytes up to 6100, past the response's end at 6000.
        reader.readAheadFrom(6L * PART + 100, 6L * PART);
        assertOriginal(5L * PART, ReadFully.read(reader, 5L * PART, PART));
        for (int i = 6; i < 10; i++) assertEquals(0, fake.fetches(i), "article " + i + " begins past the response");
    }

    @Test
    void aFetchDroppedBeforeItRanDoesNotHoldUpTheFetchesPlacedAfterIt() throws Exception {
        FakeFetcher fake = fake();
        HeldExecutor held = new HeldExecutor();
        PlainSegmentMap map = PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART);
        reader = new SegmentReader(map, fake, Priority.FOREGROUND, held, 4, null);
        reader.readAheadFrom(0, ORIGINAL.length);
        // Parts 0 and 1 are dropped before their fetches ever ran; 2 and 3 stay, 4 and 5 join.
        reader.readAheadFrom(2L * PART, ORIGINAL.length);
        held.startAll();
        byte[] got =
                assertTimeoutPreemptively(Duration.ofSeconds(5), () -> ReadFully.read(reader, 2L * PART, 3 * PART));
        assertOriginal(2L * PART, got);
        assertEquals(0, fake.fetches(0));
        assertEquals(0, fake.fetches(1));
    }

    @Test
    void fetchesTakeTheirPlacesInTheOrderOfTheFileHoweverTheirTasksAreScheduled() throws Exception {
        FakeFetcher fake = fake();
        PlacingFetcher recording = new PlacingFetcher(fake);
        HeldExecutor held = new HeldExecutor();
        PlainSegmentMap map = PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART);
        reader = new SegmentReader(map, recording, Priority.FOREGROUND, held, 12, null);
        reader.readAheadFrom(5L * PART, ORIGINAL.length);
        held.startAllShuffled(new Random(1));
        assertOriginal(5L * PART, ReadFully.read(reader, 5L * PART, 12 * PART));
        assertEquals(
                List.of(5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16),
                recording.placed().subList(0, 12));
    }

    /** Runs nothing until told to: tasks cancelled before that never run at all. */
    private static final class HeldExecutor extends AbstractExecutorService {
        private final List<Runnable> waiting = new ArrayList<>();
        private volatile boolean shut;

        @Override
        public synchronized void execute(Runnable task) {
            waiting.add(task);
        }

        synchronized void startAll() {
            for (Runnable task : waiting) Thread.ofVirtual().start(task);
            waiting.clear();
        }

        synchronized void startAllShuffled(Random random) {
            Collections.shuffle(waiting, random);
            startAll();
        }

        @Override
        public void shutdown() {
            shut = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shut = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shut;
        }

        @Override
        public boolean isTerminated() {
            return shut;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}
