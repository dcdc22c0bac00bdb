package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.LocalArticles;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** An article held locally (rebuilt from recovery data) is served before any provider is asked, and exists. */
class LocalFirstFetcherTest {
    /** Providers that have nothing: every article is missing. */
    private static final class EmptyProviders implements ArticleFetcher {
        final AtomicInteger asked = new AtomicInteger();

        @Override
        public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest) throws ArticleMissingException {
            asked.incrementAndGet();
            throw new ArticleMissingException(segment.messageId(), "no provider has it");
        }

        @Override
        public boolean exists(NzbSegment segment, Priority priority) {
            asked.incrementAndGet();
            return false;
        }

        @Override
        public StatAnswers statAll(List<String> messageIds, Priority priority) {
            return StatAnswers.NONE;
        }
    }

    /** Providers that settle whole STAT batches: every article but "gone@x" is there. */
    private static final class BatchingProviders implements ArticleFetcher {
        final List<List<String>> batches = new ArrayList<>();

        @Override
        public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest) {
            throw new AssertionError("no BODY is asked");
        }

        @Override
        public boolean exists(NzbSegment segment, Priority priority) {
            throw new AssertionError("no article is asked alone");
        }

        @Override
        public StatAnswers statAll(List<String> messageIds, Priority priority) {
            batches.add(List.copyOf(messageIds));
            return new StatAnswers(
                    messageIds.stream().filter(id -> !id.equals("gone@x")).collect(java.util.stream.Collectors.toSet()),
                    messageIds.contains("gone@x") ? Set.of("gone@x") : Set.of());
        }
    }

    @Test
    void aStatBatchGoesToTheProvidersTogetherLessTheArticlesHeldHere() throws Exception {
        LocalArticles local = id -> id.equals("held@x")
                ? Optional.of(new LocalArticles.Article(1, 1, 10, 0, new byte[10]))
                : Optional.empty();
        BatchingProviders providers = new BatchingProviders();
        StatAnswers answers = new LocalFirstFetcher(providers, local)
                .statAll(List.of("a@x", "held@x", "gone@x", "b@x"), Priority.BACKGROUND);
        assertEquals(List.of(List.of("a@x", "gone@x", "b@x")), providers.batches);
        assertEquals(Set.of("a@x", "held@x", "b@x"), answers.present());
        assertEquals(Set.of("gone@x"), answers.missing());
    }

    @Test
    void aBatchOfArticlesAllHeldHereAsksNoProvider() throws Exception {
        LocalArticles local = id -> Optional.of(new LocalArticles.Article(1, 1, 10, 0, new byte[10]));
        BatchingProviders providers = new BatchingProviders();
        StatAnswers answers =
                new LocalFirstFetcher(providers, local).statAll(List.of("a@x", "b@x"), Priority.BACKGROUND);
        assertEquals(List.of(), providers.batches);
        assertEquals(Set.of("a@x", "b@x"), answers.present());
    }

    @Test
    void aHeldArticleIsServedWithItsPlaceAndNoProviderIsAsked() throws Exception {
        byte[] data = new byte[1000];
        Arrays.fill(data, (byte) 7);
        LocalArticles local = id ->
                id.equals("held@x") ? Optional.of(new LocalArticles.Article(3, 5, 5000, 2000, data)) : Optional.empty();
        EmptyProviders providers = new EmptyProviders();
        LocalFirstFetcher fetcher = new LocalFirstFetcher(providers, local);
        DecodedArticle a = fetcher.fetch(new NzbSegment(3, 1100, "held@x"), Priority.FOREGROUND, new byte[10]);
        assertEquals(2000, a.begin());
        assertEquals(1000, a.length());
        assertEquals(5000, a.fileSize());
        assertEquals(3, a.part());
        assertArrayEquals(data, Arrays.copyOf(a.data(), a.length()));
        assertTrue(fetcher.exists(new NzbSegment(3, 1100, "held@x"), Priority.BACKGROUND));
        assertEquals(0, providers.asked.get());
        assertThrows(
                ArticleMissingException.class,
                () -> fetcher.fetch(new NzbSegment(4, 1100, "gone@x"), Priority.FOREGROUND, new byte[10]));
        assertEquals(1, providers.asked.get());
    }
}
