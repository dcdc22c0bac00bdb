package io.nzbmount.nntp.internal.reader;

import static io.nzbmount.nntp.internal.reader.SegmentReaderTest.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadFully;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadAheadBudgetTest {

    private static final int PART = 1000;
    private static final int WINDOW = 8;
    private static final byte[] ORIGINAL = original(PART * 30);

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final List<SegmentReader> readers = new ArrayList<>();
    private final List<FakeFetcher> fakes = new ArrayList<>();

    @AfterEach
    void stop() {
        readers.forEach(SegmentReader::close);
        executor.shutdownNow();
    }

    private static byte[] original(int size) {
        byte[] b = new byte[size];
        new Random(7).nextBytes(b);
        return b;
    }

    /** A reader that has read the first bytes and holds a full window of fetched pieces. */
    private SegmentReader readerWithFullWindow() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        SegmentReader r = new SegmentReader(
                PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART),
                fake,
                Priority.FOREGROUND,
                executor,
                WINDOW,
                null);
        readers.add(r);
        fakes.add(fake);
        assertArrayEquals(Arrays.copyOf(ORIGINAL, 10), ReadFully.read(r, 0, 10));
        await(() -> r.stats().ready() == WINDOW, "the window is fetched");
        return r;
    }

    @Test
    void quietReadersKeepTwoPiecesWhileTheWindowsHoldMoreThanTheBudget() throws Exception {
        SegmentReader oldest = readerWithFullWindow();
        SegmentReader quiet = readerWithFullWindow();
        SegmentReader reading = readerWithFullWindow();
        long readingHeld = reading.heldBytes();
        // "Now" is the last read of the third reader: the two before it have been quiet for longer.
        long now = reading.lastUse();

        long freed = ReadAheadBudget.enforce(readers, 10L * PART, now, 1);

        assertEquals(
                2L * PART, oldest.heldBytes(), "the longest quiet keeps the piece it reads next and the one after");
        assertEquals(2L * PART, quiet.heldBytes());
        assertEquals(readingHeld, reading.heldBytes(), "a reader read from just now keeps its window");
        assertEquals(2L * (WINDOW - 2) * PART, freed);
    }

    @Test
    void aTrimmedReaderReadsOnWithEveryByteRight() throws Exception {
        SegmentReader r = readerWithFullWindow();
        ReadAheadBudget.enforce(readers, PART, r.lastUse() + 1, 1);
        assertEquals(2L * PART, r.heldBytes());

        assertArrayEquals(Arrays.copyOfRange(ORIGINAL, 10, 12 * PART), ReadFully.read(r, 10, 12 * PART - 10));
        FakeFetcher fake = fakes.get(0);
        assertEquals(1, fake.fetches(1), "a piece kept is not fetched again");
        assertEquals(2, fake.fetches(2), "a piece given up is fetched again when read");
    }

    @Test
    void aFetchOnAConnectionIsNotCancelledTheTrimGoesOnOnceItIsDone() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART).block(WINDOW - 1);
        SegmentReader r = new SegmentReader(
                PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART),
                fake,
                Priority.FOREGROUND,
                executor,
                WINDOW,
                null);
        readers.add(r);
        assertArrayEquals(Arrays.copyOf(ORIGINAL, 10), ReadFully.read(r, 0, 10));
        await(() -> r.stats().ready() == WINDOW - 1, "all but the last piece are fetched");
        assertEquals(true, fake.awaitBlocked(java.time.Duration.ofSeconds(5)));
        long held = r.heldBytes();

        assertEquals(0, ReadAheadBudget.enforce(readers, PART, r.lastUse() + 1, 1), "the last piece is on its way");
        assertEquals(held, r.heldBytes());

        fake.release(WINDOW - 1);
        await(() -> r.stats().ready() == WINDOW, "the last piece is fetched");
        ReadAheadBudget.enforce(readers, PART, r.lastUse() + 1, 1);
        assertEquals(2L * PART, r.heldBytes());
        assertEquals(0, fake.interrupts(), "no fetch was cancelled");
    }

    @Test
    void withinTheBudgetNoReaderIsTrimmed() throws Exception {
        SegmentReader a = readerWithFullWindow();
        SegmentReader b = readerWithFullWindow();
        long held = a.heldBytes() + b.heldBytes();

        assertEquals(0, ReadAheadBudget.enforce(readers, held, b.lastUse() + 1_000_000_000L, 1));
        assertEquals(held, a.heldBytes() + b.heldBytes());
    }

    @Test
    void aRetiredReaderKeepsTheWindowItsHandoverServesFrom() throws Exception {
        SegmentReader r = readerWithFullWindow();
        long held = r.heldBytes();
        r.retire();

        assertEquals(0, ReadAheadBudget.enforce(readers, PART, r.lastUse() + 1_000_000_000L, 1));
        assertEquals(held, r.heldBytes());
    }
}
