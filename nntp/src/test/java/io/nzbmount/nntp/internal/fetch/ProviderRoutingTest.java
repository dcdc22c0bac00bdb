package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.nntp.internal.yenc.YencException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Which provider a fetch asks, and what the answer of all of them together is: the lower
 * priority number first, equal priorities in turn, a missing or corrupt article passed on to
 * the next provider and never retried, background work kept off single-connection providers.
 */
class ProviderRoutingTest extends FetcherTestBase {

    @Test
    void fetchedPartsMatchTheOriginalBytes() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        byte[] buffer = new byte[30_000];
        for (int i = 0; i < file.segments().size(); i++) {
            DecodedArticle article = fetcher.fetch(segment(file, i), Priority.FOREGROUND, buffer);
            assertPart(file, i, article);
            assertTrue(article.data() == buffer, "the caller's buffer is used when it fits");
        }
        assertEquals(1, a.counters().accepted());
        assertTrue(pauses.isEmpty());
    }

    @Test
    void missingArticleOnAllProvidersIsNotRetried() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().inject(Faults.ALL, ArticleFault.missing());
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        ArticleMissingException e = assertThrows(
                ArticleMissingException.class, () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertTrue(e.permanent());
        assertEquals(file.segments().get(0).messageId(), e.messageId());
        assertEquals(1, a.counters().bodyCommands());
        assertEquals(1, b.counters().bodyCommands());
        assertTrue(pauses.isEmpty(), "a missing article is never retried");
    }

    @Test
    void missingOnOneProviderFallsThroughToTheNext() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.removeArticle(file.segments().get(1).messageId());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        assertPart(file, 1, fetcher.fetch(segment(file, 1), Priority.FOREGROUND, new byte[0]));
        assertEquals(1, a.counters().bodyCommands());
        assertEquals(1, b.counters().bodyCommands());
    }

    @Test
    void lowerPriorityNumberIsAskedFirst() throws IOException {
        EmbeddedNntpServer backup = server();
        EmbeddedNntpServer primary = server();
        PostedFile file = postEverywhere(backup, primary);
        MultiProviderFetcher fetcher = fetcher(backup.provider("backup", 2, 5), primary.provider("primary", 2, 0));
        for (int i = 0; i < file.segments().size(); i++)
            assertPart(file, i, fetcher.fetch(segment(file, i), Priority.FOREGROUND, new byte[0]));
        assertEquals(file.segments().size(), primary.counters().bodyCommands());
        assertEquals(0, backup.counters().accepted());
    }

    @Test
    void equalPrioritiesShareTheLoad() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 0));
        for (int i = 0; i < 10; i++) fetcher.fetch(segment(file, i % 3), Priority.FOREGROUND, new byte[0]);
        assertEquals(5, a.counters().bodyCommands());
        assertEquals(5, b.counters().bodyCommands());
    }

    @Test
    void corruptArticleFallsThroughToTheNextProvider() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().inject(Faults.ALL, ArticleFault.corruptData());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertEquals(1, a.counters().bodyCommands());
        assertEquals(1, pools.get(0).idle(), "a corrupt body read to its end leaves a reusable connection");
        assertTrue(pauses.isEmpty());
    }

    @Test
    void corruptOnEveryProviderThatHasItIsCorrupt() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().inject(Faults.ALL, ArticleFault.corruptData());
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        ArticleCorruptException e = assertThrows(
                ArticleCorruptException.class, () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertTrue(e.permanent());
        assertInstanceOf(CorruptBodyException.class, e.getCause());
        assertInstanceOf(YencException.CrcMismatch.class, e.getCause().getCause());
    }

    @Test
    void noUsableProviderIsProvidersUnavailable() throws IOException {
        EmbeddedNntpServer a = server();
        PostedFile file = postEverywhere(a);
        a.faults().rejectCredentials(true);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0));
        ProvidersUnavailableException e = assertThrows(
                ProvidersUnavailableException.class,
                () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertFalse(e.sourceFault());
        assertFalse(e.lackedWhereAsked(), "nobody answered for the article");
        assertThrows(ProvidersUnavailableException.class, () -> fetcher.exists(segment(file, 0), Priority.FOREGROUND));
        assertEquals(1, a.counters().accepted());
    }

    @Test
    void missingOnOneProviderWhileAnotherRefusesTheLoginIsAProviderFault() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        a.faults().rejectCredentials(true);
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 2, 0), b.provider("b", 2, 1));
        assertProviderFault(assertThrows(
                ReadFailure.class, () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0])));
        // Now a is cooling down and not even asked: still no verdict on the article, but b's answer is known.
        ReadFailure whileCooling = assertThrows(
                ReadFailure.class, () -> fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
        assertProviderFault(whileCooling);
        assertTrue(((ProvidersUnavailableException) whileCooling).lackedWhereAsked(), "b was asked and lacks it");
        assertProviderFault(
                assertThrows(ReadFailure.class, () -> fetcher.exists(segment(file, 0), Priority.FOREGROUND)));
    }

    @Test
    void missingOnOneProviderWhileAnotherKeepsItsConnectionForPlaybackIsAProviderFault() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        b.faults().inject(Faults.ALL, ArticleFault.missing());
        // a has one connection, so background work may not use it: a is never asked.
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 1, 0), b.provider("b", 4, 1));
        assertProviderFault(
                assertThrows(ReadFailure.class, () -> fetcher.exists(segment(file, 0), Priority.BACKGROUND)));
        assertProviderFault(assertThrows(
                ReadFailure.class, () -> fetcher.fetch(segment(file, 0), Priority.BACKGROUND, new byte[0])));
        assertEquals(0, a.counters().accepted());
        // In the foreground a is asked and has it.
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.FOREGROUND, new byte[0]));
    }

    /** Not the release's fault and not for good: retry later, record no hole. */
    private static void assertProviderFault(ReadFailure failure) {
        assertInstanceOf(ProvidersUnavailableException.class, failure, failure.toString());
        assertFalse(failure.permanent(), failure.toString());
        assertFalse(failure.sourceFault(), failure.toString());
    }

    @Test
    void backgroundWorkSkipsASingleConnectionProvider() throws IOException {
        EmbeddedNntpServer a = server();
        EmbeddedNntpServer b = server();
        PostedFile file = postEverywhere(a, b);
        MultiProviderFetcher fetcher = fetcher(a.provider("a", 1, 0), b.provider("b", 4, 1));
        assertPart(file, 0, fetcher.fetch(segment(file, 0), Priority.BACKGROUND, new byte[0]));
        assertEquals(0, a.counters().accepted());
        assertEquals(1, b.counters().bodyCommands());
        MultiProviderFetcher onlySingle = fetcher(a.provider("a1", 1, 0));
        assertThrows(
                ProvidersUnavailableException.class,
                () -> onlySingle.fetch(segment(file, 0), Priority.BACKGROUND, new byte[0]));
    }
}
