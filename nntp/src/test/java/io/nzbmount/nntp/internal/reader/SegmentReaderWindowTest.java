package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadFully;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.Pipe;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How a {@link SegmentReader}'s window opens and is shared, over a link of 20 foreground connections. */
class SegmentReaderWindowTest {

    private static final int PART = 1000;
    private static final int PARTS = 60;
    private static final byte[] ORIGINAL = new byte[PART * PARTS];
    private static final Pipe FAR = new Pipe(20, 12, 40_000_000, 20_000_000, 1, WindowSizerTest.QUEUE);

    static {
        new Random(7).nextBytes(ORIGINAL);
    }

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final WindowSizer sizer = new WindowSizer(64, 128L << 20, () -> FAR);
    private final List<SegmentReader> readers = new ArrayList<>();

    @AfterEach
    void stop() {
        readers.forEach(SegmentReader::close);
        executor.shutdownNow();
    }

    private SegmentReader open(FakeFetcher fake) {
        return open(fake, fake);
    }

    private SegmentReader open(FakeFetcher fake, ArticleFetcher fetcher) {
        PlainSegmentMap map = PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART);
        SegmentReader r = new SegmentReader(map, fetcher, Priority.FOREGROUND, executor, sizer, 1, null);
        readers.add(r);
        return r;
    }

    @Test
    void aRangeReadAtANewPositionFetchesOneArticle() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        SegmentReader r = open(fake);
        ReadFully.read(r, 30L * PART, 400);
        ReadFully.read(r, 30L * PART + 400, 400); // reads on, inside the same article
        Thread.sleep(50);
        assertEquals(1, fake.totalFetches(), "only the article the range needs");
        assertEquals(1, r.stats().window());
    }

    @Test
    void seekThenSequentialReadOpensTheWholeWindowAtOnce() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        SegmentReader r = open(fake);
        ReadFully.read(r, 0, 10);
        ReadFully.read(r, PART, 10); // the window is open
        ReadFully.read(r, 30L * PART, 10); // a seek: one article
        SegmentReaderTest.await(() -> fake.fetches(30) == 1, "the sought article is fetched");
        Thread.sleep(50);
        assertEquals(0, fake.fetches(31), "a new position fetches only the article it needs");
        ReadFully.read(r, 31L * PART, 10); // reads on in order: the whole window, not 2
        SegmentReaderTest.await(() -> fake.fetches(50) == 1, "20 articles from 31 are asked at once");
        assertEquals(20, r.stats().window());
        Thread.sleep(50);
        assertEquals(0, fake.fetches(51), "no more than the window");
    }

    @Test
    void aRangeThatReadsOnOverAFarLinkAsksForItsWholeWindowAtOnceAndNothingPastItsEnd() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        SegmentReader r = open(fake);
        r.willRead(10L * PART + 5, 16L * PART);
        SegmentReaderTest.await(() -> fake.fetches(15) == 1, "articles 10..15 are asked before any read");
        assertEquals(6, fake.totalFetches(), "nothing of article 16 or later, which the range does not reach");
        assertEquals(20, r.stats().window());
    }

    @Test
    void aShortRangeOrANearLinkStartsWithTheOneArticleItNeeds() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        SegmentReader far = open(fake);
        far.willRead(10L * PART + 5, 10L * PART + 500);
        ReadFully.read(far, 10L * PART + 5, 495);
        WindowSizer nearSizer = new WindowSizer(
                64, 128L << 20, () -> new Pipe(20, 12, 1_000_000, 400_000_000, 4, WindowSizerTest.QUEUE));
        PlainSegmentMap map = PlainSegmentMap.uniform(fake.file().segments(), ORIGINAL.length, PART);
        SegmentReader near = new SegmentReader(map, fake, Priority.FOREGROUND, executor, nearSizer, 1, null);
        readers.add(near);
        near.willRead(30L * PART, ORIGINAL.length);
        ReadFully.read(near, 30L * PART, 10);
        Thread.sleep(50);
        assertEquals(2, fake.totalFetches(), "article 10 for the short range, article 30 on the near link");
    }

    @Test
    void aLoneStreamMayUseEveryForegroundConnection() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        for (int i = 0; i < PARTS; i++) fake.block(i);
        SegmentReader r = open(fake);
        r.readAheadFrom(0, ORIGINAL.length);
        SegmentReaderTest.await(() -> fake.runningFetches() == 20, "20 fetches run at once");
        assertEquals(20, r.stats().window());
        assertEquals(20, r.stats().fetching());
        for (int i = 0; i < PARTS; i++) fake.release(i);
    }

    @Test
    void eightStreamsShareTheConnectionsFairly() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        List<SegmentReader> eight = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            SegmentReader r = open(fake);
            ReadFully.read(r, 5L * i * PART, 10);
            eight.add(r);
        }
        for (int i = 0; i < 8; i++) ReadFully.read(eight.get(i), (5L * i + 1) * PART, 10);
        for (SegmentReader r : eight) assertEquals(3, r.stats().window(), "20 connections over 8 readers, rounded up");
        assertEquals(8, sizer.activeReaders());
    }

    @Test
    void aWindowThatShrankGivesUpItsFetchesWithoutAPlaceYetPastItsNewEnd() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        for (int i = 2; i < 22; i++) fake.block(i);
        PlacingFetcher link = new PlacingFetcher(fake);
        for (int i = 15; i <= 20; i++) link.hold(i); // the link is busy: 15..20 wait for places
        SegmentReader first = open(fake, link);
        ReadFully.read(first, 0, 10);
        ReadFully.read(first, PART, 10); // alone: the window opens to all 20 connections
        SegmentReaderTest.await(() -> fake.runningFetches() == 13, "articles 2..14 are on their way");
        SegmentReader second = open(fake);
        ReadFully.read(second, 40L * PART, 10);
        ReadFully.read(second, 41L * PART, 10); // two read now: 10 each
        fake.release(2);
        ReadFully.read(first, 2L * PART, 10); // the first steps on with a share of 10
        assertEquals(10, first.stats().window());
        for (int i = 15; i <= 20; i++) link.place(i);
        for (int i = 3; i < 22; i++) fake.release(i);
        byte[] got = ReadFully.read(first, 3L * PART, 12 * PART);
        assertArrayEquals(Arrays.copyOfRange(ORIGINAL, 3 * PART, 15 * PART), got);
        for (int i = 12; i <= 14; i++) assertEquals(1, fake.fetches(i), "article " + i + ", on its way, was kept");
        assertEquals(0, fake.interrupts(), "nothing on its way was given up");
        for (int i = 15; i <= 20; i++)
            assertTrue(fake.fetches(i) <= 1, "article " + i + " was given up before its place");
    }

    @Test
    void aFetchStartedAfterTheWindowShrankIsPlacedAfterTheOnesStillWaitingBeforeIt() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        for (int i = 2; i < 22; i++) fake.block(i);
        PlacingFetcher link = new PlacingFetcher(fake);
        link.hold(11); // a busy link: article 11 waits for its place, the others take theirs at once
        SegmentReader first = open(fake, link);
        ReadFully.read(first, 0, 10);
        ReadFully.read(first, PART, 10); // alone: a window of 20, articles 12..20 waiting behind 11
        SegmentReaderTest.await(() -> fake.runningFetches() == 9, "articles 2..10 are being fetched");
        SegmentReader second = open(fake);
        ReadFully.read(second, 40L * PART, 10);
        ReadFully.read(second, 41L * PART, 10); // two read now: 10 each
        fake.release(2);
        ReadFully.read(first, 2L * PART, 10); // a window of 10: 2..11, the fetches of 12..20 given up
        fake.release(3);
        ReadFully.read(first, 3L * PART, 10); // steps on: article 12 is started again
        Thread.sleep(300);
        assertFalse(
                link.placed().contains(12), "article 12 took a place before article 11, which the reader needs first");
        link.place(11);
        SegmentReaderTest.await(() -> link.placed().contains(12), "article 12 placed once 11 was");
        List<Integer> placed = link.placed();
        assertTrue(placed.indexOf(11) < placed.indexOf(12), "placed in the order of the file: " + placed);
        for (int i = 4; i < 22; i++) fake.release(i);
    }

    @Test
    void anIdleReaderHoldsNoWindow() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        SegmentReader idle = open(fake);
        ReadFully.read(idle, 0, 10);
        ReadFully.read(idle, PART, 10);
        long now = System.nanoTime();
        assertTrue(idle.releaseIfIdle(now + 60_000_000_000L, 30_000_000_000L), "idle for 60 s, released after 30 s");
        assertEquals(0, sizer.activeReaders(), "the released reader counts for nothing");
        SegmentReader active = open(fake);
        ReadFully.read(active, 30L * PART, 10);
        ReadFully.read(active, 31L * PART, 10);
        assertEquals(20, active.stats().window(), "the whole link for the one reader that reads");
    }

    @Test
    void aClosedReaderLeavesItsShareToTheOthers() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, PART);
        SegmentReader leaving = open(fake);
        SegmentReader staying = open(fake);
        ReadFully.read(leaving, 0, 10);
        ReadFully.read(leaving, PART, 10);
        ReadFully.read(staying, 30L * PART, 10);
        ReadFully.read(staying, 31L * PART, 10);
        assertEquals(10, staying.stats().window(), "20 connections over 2 readers");
        leaving.close();
        assertEquals(1, sizer.activeReaders(), "a closed reader counts for nothing");
        ReadFully.read(staying, 32L * PART, 10);
        assertEquals(20, staying.stats().window(), "the whole link for the one reader left");
    }
}
