package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.internal.fetch.Pipe;
import org.junit.jupiter.api.Test;

/** The window rules of {@link WindowSizer}, on a far link of 20 foreground connections. */
class WindowSizerTest {

    private static final int PART = 750_000;
    /** Half the default fetch budget: what a connection's queued commands must be answered within. */
    static final long QUEUE = 2_500_000_000L;
    /** 20 connections, 40 ms to the first byte, 20 MB/s each, measured on 12 articles. */
    private static final Pipe FAR = new Pipe(20, 12, 40_000_000, 20_000_000, 1, QUEUE);

    private static WindowSizer sizer(Pipe pipe) {
        return new WindowSizer(64, 128L << 20, () -> pipe);
    }

    @Test
    void aLoneStreamMayUseEveryForegroundConnection() {
        WindowSizer sizer = sizer(FAR);
        Object reader = new Object();
        sizer.holding(reader);
        assertEquals(20, sizer.window(reader, PART));
        assertEquals(20, sizer(FAR).window(new Object(), PART), "a reader not yet holding counts itself");
    }

    @Test
    void aConnectionCarriesNoMoreCommandsThanItAnswersWithinItsQueueTime() {
        // 20 MB/s each: an article in 37.5 ms, so the round trip is worth two more commands each.
        assertEquals(
                60, sizer(new Pipe(20, 12, 40_000_000, 20_000_000, 4, QUEUE)).window(new Object(), PART));
        // 300 KB/s each (a slow line): an article in 2.5 s, so a second command would be answered
        // after 5 s, the whole budget; each connection carries one.
        assertEquals(20, sizer(new Pipe(20, 12, 40_000_000, 300_000, 4, QUEUE)).window(new Object(), PART));
        // 1 MB/s each: the second command is answered after 1.54 s, within the 2.5 s.
        assertEquals(
                40, sizer(new Pipe(20, 12, 40_000_000, 1_000_000, 4, QUEUE)).window(new Object(), PART));
    }

    @Test
    void eightStreamsShareTheConnectionsFairly() {
        WindowSizer sizer = sizer(new Pipe(40, 12, 40_000_000, 20_000_000, 1, QUEUE));
        Object[] readers = new Object[8];
        for (int i = 0; i < readers.length; i++) sizer.holding(readers[i] = new Object());
        for (Object r : readers) assertEquals(5, sizer.window(r, PART), "40 connections over 8 readers");
    }

    @Test
    void aShareIsRoundedUpSoEveryConnectionIsBusy() {
        WindowSizer sizer = sizer(FAR);
        Object[] readers = new Object[8];
        for (int i = 0; i < readers.length; i++) sizer.holding(readers[i] = new Object());
        assertEquals(3, sizer.window(readers[0], PART), "20 connections over 8 readers: 3, not 2 (16 of 20 busy)");
    }

    @Test
    void aSharedWindowIsNeverBelowTwoArticles() {
        WindowSizer sizer = sizer(FAR);
        Object[] readers = new Object[30];
        for (int i = 0; i < readers.length; i++) sizer.holding(readers[i] = new Object());
        assertEquals(WindowSizer.LEAST, sizer.window(readers[0], PART));
    }

    @Test
    void anIdleReaderHoldsNoWindow() {
        WindowSizer sizer = sizer(FAR);
        Object idle = new Object();
        Object active = new Object();
        sizer.holding(idle);
        sizer.holding(active);
        assertEquals(10, sizer.window(active, PART));
        sizer.released(idle);
        assertEquals(1, sizer.activeReaders());
        assertEquals(20, sizer.window(active, PART), "the released reader counts for nothing");
    }

    @Test
    void aReaderNotReadFromForTwoSecondsCountsForNothing() {
        long[] now = {1_000_000_000L};
        WindowSizer sizer = new WindowSizer(64, 128L << 20, () -> FAR, () -> now[0]);
        Object stopped = new Object();
        Object reading = new Object();
        sizer.holding(stopped);
        sizer.holding(reading);
        assertEquals(10, sizer.window(reading, PART));
        now[0] = 2_999_000_000L; // 1.999 s after both stepped
        assertEquals(10, sizer.window(reading, PART));
        sizer.holding(reading);
        now[0] = 3_000_000_000L; // 2 s after the stopped one's last step
        assertEquals(20, sizer.window(reading, PART), "the stopped reader holds its window but counts for nothing");
        assertEquals(1, sizer.activeReaders());
    }

    @Test
    void memoryBoundsTheWindow() {
        WindowSizer sizer = new WindowSizer(64, 8_000_000, () -> FAR);
        Object reader = new Object();
        sizer.holding(reader);
        assertEquals(10, sizer.window(reader, 800_000), "8 MB of 800 kB articles");
    }

    @Test
    void theWindowIsNeverLargerThanTheMost() {
        WindowSizer sizer = sizer(new Pipe(100, 12, 40_000_000, 20_000_000, 1, QUEUE));
        assertEquals(64, sizer.window(new Object(), PART));
    }

    @Test
    void onlyAFarLinkOpensConnectionsAhead() {
        assertEquals(20, sizer(FAR).connectionsAhead(new Object(), PART), "40 ms to the first byte");
        assertEquals(
                0,
                sizer(new Pipe(20, 12, 1_000_000, 20_000_000, 1, QUEUE)).connectionsAhead(new Object(), PART),
                "1 ms to the first byte: connecting costs nothing worth hiding");
    }

    @Test
    void theConfiguredMostCapsEvenALoneStream() {
        WindowSizer sizer = new WindowSizer(8, 128L << 20, () -> FAR);
        assertEquals(8, sizer.window(new Object(), PART), "reader.readAheadArticles 8 on 20 connections");
    }

    @Test
    void anUnmeasuredLinkGetsTheMostWindow() {
        assertEquals(
                8,
                new WindowSizer(8, 128L << 20, () -> new Pipe(20, 0, 0, 20_000_000, 1, QUEUE))
                        .window(new Object(), PART),
                "nothing measured yet");
        assertEquals(
                8,
                new WindowSizer(8, 128L << 20, () -> Pipe.UNKNOWN).window(new Object(), PART),
                "connections unknown");
        assertEquals(
                0,
                new WindowSizer(8, 128L << 20, () -> Pipe.UNKNOWN).connectionsAhead(new Object(), PART),
                "no connections opened ahead on an unknown link");
    }

    @Test
    void memoryBoundsTheWindowBeforeTheLinkIsMeasured() {
        WindowSizer sizer = new WindowSizer(64, 8_000_000, () -> Pipe.UNKNOWN);
        assertEquals(10, sizer.window(new Object(), 800_000), "8 MB of 800 kB articles, nothing measured");
    }
}
