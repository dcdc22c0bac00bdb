package io.nzbmount.nntp.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.Await;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.internal.reader.FakeFetcher;
import io.nzbmount.nntp.internal.reader.SegmentReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class UsenetServiceTest {

    private static final byte[] ORIGINAL = new byte[25 * 1000 + 1];

    static {
        new Random(11).nextBytes(ORIGINAL);
    }

    private static Usenet usenet(FakeFetcher fake, Usenet.Settings settings, AutoCloseable resources) {
        return new UsenetService(settings, fake, null, resources);
    }

    @Test
    void readAheadMemoryIsAQuarterOfTheHeapWithinItsBounds() {
        assertEquals(40L << 20, UsenetService.readAheadMemory(160L << 20));
        assertEquals(UsenetService.READ_AHEAD_MEMORY_LEAST, UsenetService.readAheadMemory(32L << 20));
        assertEquals(UsenetService.READ_AHEAD_MEMORY, UsenetService.readAheadMemory(6L << 30));
    }

    @Test
    void readersNotReadFromGiveUpTheirReadAheadOnceTheWindowsHoldMoreThanTheBudget() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        long budget = 10_000;
        Usenet.Settings settings = Usenet.Settings.defaults().withReadAhead(8).withIdleRelease(Duration.ofHours(1));
        try (UsenetService usenet = new UsenetService(settings, fake, null, null, List::of, budget)) {
            SegmentMap map = usenet.map(fake.file(), Priority.FOREGROUND);
            List<NzbReader> readers = new ArrayList<>();
            long held = 0;
            for (int i = 0; i < 3; i++) {
                NzbReader r = usenet.open(map, Priority.FOREGROUND);
                readers.add(r);
                // Into the second article: the window opens.
                assertArrayEquals(Arrays.copyOf(ORIGINAL, 1500), io.nzbmount.nntp.ReadFully.read(r, 0, 1500));
            }
            for (NzbReader r : readers) held += ((SegmentReader) r).heldBytes();
            assertTrue(held > budget, "the windows hold " + held + " bytes");
            // Left unread: the housekeeping trims the longest quiet until the windows fit.
            Await.until(
                    Duration.ofSeconds(20),
                    () -> readers.stream()
                                    .mapToLong(r -> ((SegmentReader) r).heldBytes())
                                    .sum()
                            <= budget,
                    () -> "the windows trimmed to at most " + budget + " bytes");
            for (NzbReader r : readers) {
                assertArrayEquals(
                        Arrays.copyOfRange(ORIGINAL, 1500, ORIGINAL.length),
                        io.nzbmount.nntp.ReadFully.read(r, 1500, ORIGINAL.length - 1500));
                r.close();
            }
        }
    }

    @Test
    void mappedAndOpenedFileServesTheOriginalBytes() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults(), null)) {
            SegmentMap map = usenet.map(fake.file(), Priority.FOREGROUND);
            assertEquals(ORIGINAL.length, map.size());
            assertEquals(26, map.articles());
            try (NzbReader reader = usenet.open(map, Priority.FOREGROUND)) {
                assertEquals(ORIGINAL.length, reader.size());
                byte[] all = new byte[ORIGINAL.length];
                int done = 0;
                for (int n; done < all.length && (n = reader.read(done, all, done, all.length - done)) > 0; ) done += n;
                assertArrayEquals(ORIGINAL, all);
                assertEquals(-1, reader.read(ORIGINAL.length, all, 0, 1));
            }
        }
    }

    @Test
    void checkCountsPresentMissingAndUnknownArticles() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000)
                .missingOnStat(3)
                .missingOnStat(20)
                .unknownOnStat(7);
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults(), null)) {
            Usenet.FileCheck check = usenet.check(fake.file());
            assertEquals(new Usenet.FileCheck(23, 2, 1), check);
            assertEquals(26, check.total());
            assertEquals(26, fake.statCalls());
            assertEquals(0, fake.totalFetches(), "a check fetches no bodies");
        }
    }

    @Test
    void partListedTwiceIsPresentWhenAnyCopyIs() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000).missingOnStat(3).missingOnStat(20);
        List<NzbSegment> segments = new ArrayList<>(fake.file().segments());
        // Part 4's first copy is gone, its second (an id the server has) is there; both copies of
        // part 21 are gone (its second is an id the server lacks).
        segments.set(3, segments.get(3).withAlternate(FakeFetcher.messageId(10)));
        segments.set(20, segments.get(20).withAlternate(FakeFetcher.messageId(3)));
        NzbFile file = new NzbFile("fake.bin", "s", "p", 0, List.of("g"), segments);
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults(), null)) {
            assertEquals(new Usenet.FileCheck(25, 1, 0), usenet.check(file));
            assertEquals(Set.of(FakeFetcher.messageId(20)), usenet.missing(segments));
        }
    }

    @Test
    void missingArticlesAreAskedInBatchesOnAConnectionNotOneByOne() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000)
                .missingOnStat(3)
                .missingOnStat(20)
                .answersStatsTogether();
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults(), null)) {
            assertEquals(
                    Set.of(FakeFetcher.messageId(3), FakeFetcher.messageId(20)),
                    usenet.missing(fake.file().segments()));
            assertEquals(
                    List.of(UsenetService.STATS_TOGETHER, 26 - UsenetService.STATS_TOGETHER),
                    fake.statBatches().stream()
                            .sorted(java.util.Comparator.reverseOrder())
                            .toList(),
                    "26 articles go in two batches");
            assertEquals(0, fake.statCalls(), "every answer was settled by the batches");
        }
    }

    @Test
    void anArticleNoBatchSettledIsAskedAloneWhichSaysWhyItCouldNotBe() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000)
                .missingOnStat(3)
                .unknownOnStat(7)
                .answersStatsTogether();
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults(), null)) {
            assertThrows(
                    io.nzbmount.nntp.ArticleUnavailableException.class,
                    () -> usenet.missing(fake.file().segments()));
            assertEquals(1, fake.statCalls(), "only the unsettled article is asked alone");
        }
    }

    @Test
    void aBatchSettlesAPartListedTwiceByAnyOfItsCopies() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000)
                .missingOnStat(3)
                .missingOnStat(20)
                .answersStatsTogether();
        List<NzbSegment> segments = new ArrayList<>(fake.file().segments());
        segments.set(3, segments.get(3).withAlternate(FakeFetcher.messageId(10)));
        segments.set(20, segments.get(20).withAlternate(FakeFetcher.messageId(3)));
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults(), null)) {
            assertEquals(Set.of(FakeFetcher.messageId(20)), usenet.missing(segments));
            assertEquals(0, fake.statCalls());
        }
    }

    @Test
    void withPipeliningOffEachArticleIsAskedAlone() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000).missingOnStat(3).answersStatsTogether();
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults().withPipelineDepth(1), null)) {
            assertEquals(
                    Set.of(FakeFetcher.messageId(3)), usenet.missing(fake.file().segments()));
            assertEquals(List.of(), fake.statBatches());
            assertEquals(26, fake.statCalls());
        }
    }

    @Test
    void closingTheServiceClosesItsReadersAndItsConnections() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        AtomicBoolean poolsClosed = new AtomicBoolean();
        UsenetService usenet = new UsenetService(Usenet.Settings.defaults(), fake, null, () -> poolsClosed.set(true));
        SegmentMap map = usenet.map(fake.file(), Priority.FOREGROUND);
        NzbReader reader = usenet.open(map, Priority.FOREGROUND);
        reader.read(0, new byte[10], 0, 10);
        assertEquals(1, usenet.openReaders());
        usenet.close();
        assertTrue(poolsClosed.get());
        assertEquals(0, usenet.openReaders());
        assertThrows(ReadCancelledException.class, () -> reader.read(0, new byte[10], 0, 10));
        assertThrows(ReadCancelledException.class, () -> usenet.map(fake.file(), Priority.FOREGROUND));
        usenet.close();
    }

    @Test
    void closedReaderLeavesTheService() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        try (UsenetService usenet = new UsenetService(Usenet.Settings.defaults(), fake)) {
            NzbReader reader = usenet.open(usenet.map(fake.file(), Priority.FOREGROUND), Priority.BACKGROUND);
            assertEquals(1, usenet.openReaders());
            reader.close();
            assertEquals(0, usenet.openReaders());
        }
    }

    @Test
    void idleReaderReleasesItsReadAheadByItself() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        Usenet.Settings settings = Usenet.Settings.defaults().withReadAhead(4).withIdleRelease(Duration.ofMillis(300));
        try (Usenet usenet = usenet(fake, settings, null)) {
            NzbReader reader = usenet.open(usenet.map(fake.file(), Priority.FOREGROUND), Priority.FOREGROUND);
            byte[] buf = new byte[100];
            // Reading on through three articles opens the window to its full 4.
            for (int article = 0; article < 3; article++) {
                assertEquals(100, reader.read(article * 1000L, buf, 0, 100));
                assertArrayEquals(Arrays.copyOfRange(ORIGINAL, article * 1000, article * 1000 + 100), buf);
            }
            boolean[] filled = {false};
            Await.until(
                    Duration.ofSeconds(20),
                    () -> {
                        NzbReader.Stats s = reader.stats();
                        if (s.ready() == 4) filled[0] = true;
                        return filled[0] && s.ready() == 0 && s.fetching() == 0;
                    },
                    () -> "the read-ahead filled, then released: " + reader.stats());
            assertEquals(100, reader.read(2100, buf, 0, 100));
            assertArrayEquals(Arrays.copyOfRange(ORIGINAL, 2100, 2200), buf);
        }
    }

    @Test
    void aNewPositionFetchesOnlyItsArticleAndReadingOnOpensTheWindow() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        Usenet.Settings settings = Usenet.Settings.defaults().withReadAhead(4);
        try (Usenet usenet = usenet(fake, settings, null)) {
            SegmentMap map = usenet.map(fake.file(), Priority.FOREGROUND);
            int afterMapping = fake.totalFetches();
            NzbReader reader = usenet.open(map, Priority.FOREGROUND);
            byte[] buf = new byte[1000];
            assertEquals(1000, reader.read(5000, buf, 0, 1000));
            assertArrayEquals(Arrays.copyOfRange(ORIGINAL, 5000, 6000), buf);
            Thread.sleep(100);
            assertEquals(afterMapping + 1, fake.totalFetches(), "a short read at a new offset costs one article");
            long offset = 6000;
            for (int i = 0; i < 3; i++, offset += 1000) {
                assertEquals(1000, reader.read(offset, buf, 0, 1000));
                assertArrayEquals(Arrays.copyOfRange(ORIGINAL, (int) offset, (int) offset + 1000), buf);
            }
            Await.until(
                    Duration.ofSeconds(20),
                    () -> reader.stats().ready() + reader.stats().fetching() >= 4,
                    () -> "the window opened: " + reader.stats());
            reader.close();
        }
    }

    @Test
    void housekeepingRunsUntilClose() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        AtomicInteger runs = new AtomicInteger();
        Usenet.Settings settings = Usenet.Settings.defaults().withIdleRelease(Duration.ofMillis(200));
        UsenetService usenet = new UsenetService(settings, fake, runs::incrementAndGet, null);
        Await.until(Duration.ofSeconds(20), () -> runs.get() >= 2, () -> "housekeeping ran twice");
        usenet.close();
        int after = runs.get();
        Thread.sleep(200);
        assertEquals(after, runs.get(), "housekeeping stopped at close");
    }

    @Test
    void openRefusesAMapItDidNotMake() {
        FakeFetcher fake = FakeFetcher.uniform(ORIGINAL, 1000);
        SegmentMap foreign = new SegmentMap() {
            @Override
            public long size() {
                return 1;
            }

            @Override
            public int articles() {
                return 1;
            }

            @Override
            public String text() {
                return "v1;1;1;1";
            }

            @Override
            public int partSize() {
                return 1;
            }

            @Override
            public ArticleSpan span(long offset) {
                return new ArticleSpan(0, 1, false);
            }
        };
        try (Usenet usenet = usenet(fake, Usenet.Settings.defaults(), null)) {
            assertThrows(IllegalArgumentException.class, () -> usenet.open(foreign, Priority.FOREGROUND));
        }
    }

    @Test
    void settingsRefuseNonsense() {
        Usenet.Settings d = Usenet.Settings.defaults();
        assertThrows(IllegalArgumentException.class, () -> d.withReadAhead(0));
        assertThrows(IllegalArgumentException.class, () -> d.withIdleRelease(Duration.ofSeconds(-1)));
        assertThrows(
                IllegalArgumentException.class,
                () -> new Usenet.Settings(
                        8,
                        Duration.ZERO,
                        d.firstByteTimeout(),
                        d.betweenBytesTimeout(),
                        d.fetchBudget(),
                        d.retryBackoff(),
                        4,
                        d.idleRelease()));
        assertEquals(64, d.readAhead());
    }
}
