package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.LocalArticles;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import java.util.Arrays;
import java.util.Optional;
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
    }

    @Test
    void aHeldArticleIsServedWithItsPlaceAndNoProviderIsAsked() throws Exception {
        byte[] data = new byte[1000];
        Arrays.fill(data, (byte) 7);
        LocalArticles local = id -> id.equals("held@x") ? Optional.of(new LocalArticles.Article(3, 5, 5000, 2000, data))
                : Optional.empty();
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
        assertThrows(ArticleMissingException.class,
                () -> fetcher.fetch(new NzbSegment(4, 1100, "gone@x"), Priority.FOREGROUND, new byte[10]));
        assertEquals(1, providers.asked.get());
    }
}
