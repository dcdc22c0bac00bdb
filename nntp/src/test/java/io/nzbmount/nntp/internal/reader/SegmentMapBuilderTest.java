package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.internal.reader.FakeFetcher.Content;
import io.nzbmount.nntp.internal.reader.FakeFetcher.Part;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SegmentMapBuilderTest {

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    private PlainSegmentMap map(FakeFetcher fake, List<Part> listed) throws Exception {
        return new SegmentMapBuilder(fake, executor, 3).map(fake.fileOf(listed), Priority.FOREGROUND);
    }

    @Test
    void consistentCountCostsOneFetch() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(10 * 1000 + 7), 1000);
        PlainSegmentMap map = map(fake, fake.parts());
        assertTrue(map.isUniform());
        assertEquals(10_007, map.size());
        assertEquals(11, map.articles());
        assertEquals(1, fake.totalFetches());
        assertEquals(1, fake.fetches(0));
        assertEquals(10_000, map.begin(10));
        assertEquals(7, map.length(10));
    }

    @Test
    void singlePartFileCostsOneFetch() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(500), 1000);
        PlainSegmentMap map = map(fake, fake.parts());
        assertEquals(500, map.size());
        assertEquals(500, map.length(0));
        assertEquals(1, fake.totalFetches());
    }

    @Test
    void segmentsMissingFromTheNzbArePlacedByNumberAfterFetchingTheLast() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(5 * 100 + 30), 100);
        List<Part> all = fake.parts();
        List<Part> listed = List.of(all.get(0), all.get(1), all.get(3), all.get(5)); // parts 3 and 5 absent
        PlainSegmentMap map = map(fake, listed);
        assertEquals(530, map.size());
        assertEquals(2, fake.totalFetches());
        assertEquals(1, fake.fetches(5), "the last segment is fetched");
        assertEquals(300, map.begin(2));
        assertEquals(500, map.begin(3));
        assertEquals(30, map.length(3));
        assertEquals(-1, map.segmentAt(200));
        assertEquals(-1, map.segmentAt(450));
        assertEquals(2, map.segmentAt(399));
    }

    @Test
    void nzbLackingItsLastSegmentIsPlacedByNumberWithTheTailAHole() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(10 * 100 + 30), 100);
        List<Part> listed = fake.parts().subList(0, 10); // part 11 (the last 30 bytes) absent
        PlainSegmentMap map = map(fake, listed);
        assertEquals(1030, map.size());
        assertEquals(2, fake.totalFetches(), "the first and the last listed segment, no scan");
        assertEquals(900, map.begin(9));
        assertEquals(100, map.length(9));
        assertEquals(-1, map.segmentAt(1000));
        assertEquals(-1, map.segmentAt(1029));
        assertEquals(List.of(new ArticleSpan(1000, 1030, true)), map.holes());
        assertEquals(
                map.holes(),
                PlainSegmentMap.restore(map.segments(), map.parts()).holes(),
                "the stored map keeps the hole");
    }

    @Test
    void nzbLackingItsLastSegmentMapsThoughAMiddleArticleIsGone() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(10 * 100 + 30), 100);
        fake.failAlways(4, id -> new ArticleMissingException(id, "430"));
        PlainSegmentMap map = map(fake, fake.parts().subList(0, 10));
        assertEquals(1030, map.size());
        assertEquals(0, fake.fetches(4), "a gone article in the middle is not fetched to map the file");
        assertEquals(400, map.begin(4));
    }

    @Test
    void nzbLackingItsFirstSegmentsIsPlacedByNumberWithTheHeadAHole() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(10 * 100 + 30), 100);
        List<Part> all = fake.parts();
        List<Part> listed = List.of(all.get(2), all.get(3), all.get(5), all.get(6), all.get(7), all.get(8));
        PlainSegmentMap map = map(fake, listed);
        assertEquals(1030, map.size());
        assertEquals(2, fake.totalFetches());
        assertEquals(200, map.begin(0));
        assertEquals(500, map.begin(2));
        assertEquals(
                List.of(
                        new ArticleSpan(0, 200, true),
                        new ArticleSpan(400, 500, true),
                        new ArticleSpan(900, 1030, true)),
                map.holes());
    }

    @Test
    void onlyTheLastPartListedIsPlacedByItsNumber() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(4 * 100 + 30), 100);
        PlainSegmentMap map = map(fake, List.of(fake.parts().get(4)));
        assertEquals(430, map.size());
        assertEquals(1, fake.totalFetches());
        assertEquals(400, map.begin(0));
        assertEquals(30, map.length(0));
        assertEquals(List.of(new ArticleSpan(0, 400, true)), map.holes());
    }

    @Test
    void lastListedArticleGoneLeavesTheFirstArticlesGrid() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(10 * 100 + 30), 100);
        fake.failAlways(9, id -> new ArticleMissingException(id, "430"));
        PlainSegmentMap map = map(fake, fake.parts().subList(0, 10));
        assertEquals(1030, map.size());
        assertEquals(900, map.begin(9));
        assertEquals(List.of(new ArticleSpan(1000, 1030, true)), map.holes());
    }

    @Test
    void lastListedArticleCorruptLeavesTheFirstArticlesGrid() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(10 * 100 + 30), 100);
        fake.failAlways(9, id -> new ArticleCorruptException(id, "CRC mismatch", null));
        PlainSegmentMap map = map(fake, fake.parts().subList(0, 10));
        assertEquals(900, map.begin(9));
        assertEquals(List.of(new ArticleSpan(1000, 1030, true)), map.holes());
    }

    @Test
    void lastListedArticleUnavailableForNowFailsTheMap() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(10 * 100 + 30), 100);
        fake.failAlways(9, id -> new ArticleUnavailableException(id, "timed out", null));
        assertThrows(
                ArticleUnavailableException.class, () -> map(fake, fake.parts().subList(0, 10)));
    }

    @Test
    void irregularPartsFallBackToLearningEveryHeader() throws Exception {
        long[] begins = {0, 100, 160, 260, 300};
        int[] lengths = {100, 60, 100, 40, 50};
        FakeFetcher fake = new FakeFetcher(Content.generated(350), FakeFetcher.partsOf(begins, lengths));
        PlainSegmentMap map = map(fake, fake.parts());
        assertFalse(map.isUniform());
        assertEquals(5, fake.totalFetches(), "every header had to be read once");
        for (int i = 0; i < 5; i++) {
            assertEquals(1, fake.fetches(i));
            assertEquals(begins[i], map.begin(i));
            assertEquals(lengths[i], map.length(i));
        }
    }

    @Test
    void lastArticleDisagreeingOnTheFileSizeIsCorrupt() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(1000), 100);
        List<Part> listed = fake.parts().subList(0, 9); // count no longer fits
        fake.claimFileSize(8, 999);
        ArticleCorruptException e = assertThrows(ArticleCorruptException.class, () -> map(fake, listed));
        assertEquals(FakeFetcher.messageId(8), e.messageId());
    }

    @Test
    void overlappingHeadersInTheFullScanAreCorrupt() throws Exception {
        long[] begins = {0, 100, 150, 260};
        int[] lengths = {100, 60, 100, 40};
        FakeFetcher fake = new FakeFetcher(Content.generated(300), FakeFetcher.partsOf(begins, lengths));
        ArticleCorruptException e = assertThrows(ArticleCorruptException.class, () -> map(fake, fake.parts()));
        assertEquals(FakeFetcher.messageId(2), e.messageId());
    }

    @Test
    void missingFirstArticleFailsTheMapWithItsOwnFailure() throws Exception {
        FakeFetcher fake = FakeFetcher.uniform(Content.generated(1000), 100);
        ArticleMissingException missing = new ArticleMissingException(FakeFetcher.messageId(0), "430");
        fake.failOnce(0, id -> missing);
        assertSame(missing, assertThrows(ArticleMissingException.class, () -> map(fake, fake.parts())));
    }

    @Test
    void failureDuringTheFullScanFailsTheMap() throws Exception {
        long[] begins = {0, 100, 160, 260, 300};
        int[] lengths = {100, 60, 100, 40, 50};
        FakeFetcher fake = new FakeFetcher(Content.generated(350), FakeFetcher.partsOf(begins, lengths));
        fake.failAlways(2, id -> new ArticleMissingException(id, "430"));
        ArticleMissingException e = assertThrows(ArticleMissingException.class, () -> map(fake, fake.parts()));
        assertEquals(FakeFetcher.messageId(2), e.messageId());
    }

    @Test
    void emptyFileMapsToSizeZero() throws Exception {
        FakeFetcher fake = new FakeFetcher(Content.of(new byte[0]), List.of(new Part(1, 0, 0)));
        PlainSegmentMap map = map(fake, fake.parts());
        assertEquals(0, map.size());
        assertEquals(PlainSegmentMap.restore(map.segments(), map.parts()).size(), 0);
    }
}
