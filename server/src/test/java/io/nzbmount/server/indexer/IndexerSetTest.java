package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class IndexerSetTest {
    private static final ClientOptions OPTIONS =
            ClientOptions.DEFAULTS.withTimeouts(Duration.ofMillis(500), Duration.ofMillis(800));
    private TestNewznabServer hydra;
    private TestNewznabServer prowlarr;
    private final TestRelease a = TestRelease.of("Film.2020.1080p.WEB-A", "a", TestRelease.sampleNzb("a"));
    private final TestRelease b = TestRelease.of("Film.2020.1080p.WEB-B", "b", TestRelease.sampleNzb("b"));
    private final TestRelease c = TestRelease.of("Film.2020.2160p.WEB-C", "c", TestRelease.sampleNzb("c"));

    @BeforeEach
    void start() throws Exception {
        hydra = TestNewznabServer.start(Failing.newKey()).add(a, b);
        prowlarr = TestNewznabServer.start(Failing.newKey()).add(c);
    }

    @AfterEach
    void stop() {
        hydra.close();
        prowlarr.close();
    }

    @Test
    void resultsOfAllIndexersAreMergedInConfigurationOrder() throws Exception {
        try (IndexerSet set =
                new IndexerSet(List.of(hydra.settings("hydra"), prowlarr.settings("prowlarr")), OPTIONS)) {
            IndexerSet.Outcome outcome = set.search(SearchQuery.text("film 2020"));
            assertEquals(
                    List.of("a", "b", "c"),
                    outcome.results().stream().map(SearchResult::guid).toList());
            assertEquals(
                    List.of("hydra", "hydra", "prowlarr"),
                    outcome.results().stream().map(SearchResult::indexer).toList());
            assertTrue(outcome.failures().isEmpty());
            assertArrayEquals(c.nzb(), set.downloadNzb(outcome.results().get(2)));
        }
    }

    @Test
    void oneFailingIndexerDoesNotFailTheSearch() throws Exception {
        hydra.failWith(100, "Incorrect user credentials");
        try (IndexerSet set =
                new IndexerSet(List.of(hydra.settings("hydra"), prowlarr.settings("prowlarr")), OPTIONS)) {
            IndexerSet.Outcome outcome = set.search(SearchQuery.text("film"));
            assertEquals(
                    List.of("c"),
                    outcome.results().stream().map(SearchResult::guid).toList());
            assertInstanceOf(
                    IndexerException.CredentialsRejected.class,
                    outcome.failures().get("hydra"));
            outcome.failures().values().forEach(Failing::assertNoKey);
        }
    }

    @Test
    void indexersAreAskedInParallelSoAHangingOneCostsOneTimeout() throws Exception {
        hydra.hang();
        prowlarr.hang();
        TestNewznabServer third = TestNewznabServer.start(Failing.newKey()).add(a);
        try (third;
                IndexerSet set = new IndexerSet(
                        List.of(hydra.settings("hydra"), prowlarr.settings("prowlarr"), third.settings("third")),
                        OPTIONS)) {
            long start = System.nanoTime();
            IndexerSet.Outcome outcome = set.search(SearchQuery.text("film"));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms < 1_600, "two hanging indexers took " + ms + " ms, more than one timeout");
            assertEquals(
                    List.of("a"),
                    outcome.results().stream().map(SearchResult::guid).toList());
            assertInstanceOf(
                    IndexerException.Unavailable.class, outcome.failures().get("hydra"));
            assertInstanceOf(
                    IndexerException.Unavailable.class, outcome.failures().get("prowlarr"));
        }
    }

    @Test
    void theSameReleaseReachedTwiceIsListedOnce() throws Exception {
        try (IndexerSet set = new IndexerSet(List.of(hydra.settings("one"), hydra.settings("two")), OPTIONS)) {
            IndexerSet.Outcome outcome = set.search(SearchQuery.text("film"));
            assertEquals(
                    List.of("a", "b"),
                    outcome.results().stream().map(SearchResult::guid).toList());
            assertEquals(
                    List.of("one", "one"),
                    outcome.results().stream().map(SearchResult::indexer).toList());
        }
    }

    @Test
    void noIndexersIsAnEmptyOutcome() throws Exception {
        try (IndexerSet set = new IndexerSet(List.of(), OPTIONS)) {
            assertTrue(set.isEmpty());
            assertTrue(set.search(SearchQuery.text("x")).results().isEmpty());
        }
    }
}
