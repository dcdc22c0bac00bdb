package io.nzbmount.server.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.config.ConfigLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
    void rangesAreAsEvenAsWholeArticlesAllow() {
        List<long[]> ranges = FetchLanes.ranges(11L * 100, 11, 100, 4);
        long[] articlesPerRange = ranges.stream().mapToLong(r -> (r[1] - r[0]) / 100).toArray();
        assertEquals(List.of(2L, 3L, 3L, 3L), java.util.Arrays.stream(articlesPerRange).boxed().toList());
    }
}
