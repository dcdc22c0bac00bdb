package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

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
    void rangesAreAsEvenAsWholeArticlesAllow() {
        List<long[]> ranges = FetchLanes.ranges(11L * 100, 11, 100, 4);
        long[] articlesPerRange = ranges.stream().mapToLong(r -> (r[1] - r[0]) / 100).toArray();
        assertEquals(List.of(2L, 3L, 3L, 3L), java.util.Arrays.stream(articlesPerRange).boxed().toList());
    }
}
