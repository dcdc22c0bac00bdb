package io.nzbmount.server.indexer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NzbDownloadTest {
    private final String key = Failing.newKey();
    private TestNewznabServer server;
    private NewznabClient client;

    @BeforeEach
    void start() throws Exception {
        server = TestNewznabServer.start(key);
        client = new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS);
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    private SearchResult found(TestRelease release) throws IndexerException {
        server.add(release);
        return client.search(SearchQuery.text(release.title())).results().getFirst();
    }

    @Test
    void theNzbBytesAreExactlyThoseServed() throws Exception {
        TestRelease r = TestRelease.of("Film.2020.1080p-GRP", "f1", TestRelease.sampleNzb("f1"));
        assertArrayEquals(r.nzb(), client.downloadNzb(found(r)));
    }

    @Test
    void aRedirectIsFollowed() throws Exception {
        TestRelease r = TestRelease.of("Film.2020.1080p-GRP", "f2", TestRelease.sampleNzb("f2"))
                .viaRedirect();
        SearchResult result = found(r);
        assertTrue(result.link().contains("/redirect/"));
        assertArrayEquals(r.nzb(), client.downloadNzb(result));
        List<String> paths =
                server.requests().stream().map(TestNewznabServer.Request::path).toList();
        assertTrue(paths.contains("/redirect/f2.nzb") && paths.contains("/getnzb/f2.nzb"), paths.toString());
    }

    @ParameterizedTest(name = "HTTP {0}")
    @ValueSource(ints = {404, 410})
    void aMissingNzbIsGoneForGood(int status) throws Exception {
        SearchResult result = found(TestRelease.of("Gone.2020-GRP", "g" + status, TestRelease.sampleNzb("g"))
                .gone(status));
        IndexerException.NzbGone e = Failing.expect(IndexerException.NzbGone.class, () -> client.downloadNzb(result));
        assertFalse(e.isTransient());
    }

    @Test
    void noSuchItemAtTheDownloadLinkIsGone() throws Exception {
        SearchResult real = found(TestRelease.of("Film.2020-GRP", "here", TestRelease.sampleNzb("here")));
        SearchResult unknown = new SearchResult(
                "idx", "x", "nothere", real.link().replace("here", "nothere"), 1, 1, List.of(), 0, "", "", Map.of());
        IndexerException e = Failing.expect(IndexerException.NzbGone.class, () -> client.downloadNzb(unknown));
        assertEquals(OptionalInt.of(300), e.newznabCode());
    }

    @Test
    void anUnreachableLinkIsTransientNotGone() throws Exception {
        SearchResult result = found(TestRelease.of("Slow.2020-GRP", "s1", TestRelease.sampleNzb("s1")));
        server.close();
        try (NewznabClient slow = new NewznabClient(
                server.settings("idx"),
                ClientOptions.DEFAULTS.withTimeouts(Duration.ofMillis(300), Duration.ofMillis(300)))) {
            IndexerException e = Failing.expect(IndexerException.Unavailable.class, () -> slow.downloadNzb(result));
            assertTrue(e.isTransient());
        }
    }

    @ParameterizedTest(name = "chunked={0}")
    @ValueSource(booleans = {false, true})
    void anNzbOverTheCapIsRefused(boolean chunked) throws Exception {
        server.chunkedNzbs(chunked);
        byte[] big = ("<?xml version=\"1.0\"?><nzb>" + "<!-- padding -->".repeat(4096) + "</nzb>")
                .getBytes(StandardCharsets.UTF_8);
        SearchResult result = found(TestRelease.of("Big.2020-GRP", "big", big));
        try (NewznabClient capped =
                new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS.withMaxNzbBytes(16 * 1024))) {
            IndexerException.NzbTooLarge e =
                    Failing.expect(IndexerException.NzbTooLarge.class, () -> capped.downloadNzb(result));
            assertFalse(e.isTransient());
        }
        try (NewznabClient roomy =
                new NewznabClient(server.settings("idx"), ClientOptions.DEFAULTS.withMaxNzbBytes(big.length))) {
            assertArrayEquals(big, roomy.downloadNzb(result), "exactly the cap is allowed");
        }
    }

    @Test
    void somethingThatIsNotAnNzbIsMalformedAndNotQuoted() throws Exception {
        byte[] page = "<!DOCTYPE html><html><body>please log in</body></html>".getBytes(StandardCharsets.UTF_8);
        SearchResult result = found(TestRelease.of("Page.2020-GRP", "page", page));
        IndexerException e = Failing.expect(IndexerException.MalformedAnswer.class, () -> client.downloadNzb(result));
        assertTrue(e.getMessage().contains("not an NZB"), e.getMessage());
        assertTrue(
                !e.getMessage().contains("html") && !e.getMessage().contains("please"),
                "what the link answered is not quoted: " + e.getMessage());
    }

    @Test
    void aDownloadLimitAnswerIsLimitReached() throws Exception {
        SearchResult result = found(
                TestRelease.of("Limited.2020-GRP", "lim", NewznabAnswers.xmlError(501, "Download limit reached")));
        Failing.expect(IndexerException.LimitReached.class, () -> client.downloadNzb(result));
    }

    @Test
    void aResultOfAnotherIndexerIsNotDownloadedWithThisKey() throws Exception {
        SearchResult result = found(TestRelease.of("Film.2020-GRP", "o1", TestRelease.sampleNzb("o1")));
        SearchResult foreign = new SearchResult(
                "other", result.title(), result.guid(), result.link(), 1, 1, List.of(), 0, "", "", Map.of());
        assertThrows(IllegalArgumentException.class, () -> client.downloadNzb(foreign));
    }
}
