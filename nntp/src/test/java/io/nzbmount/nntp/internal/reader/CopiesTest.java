package io.nzbmount.nntp.internal.reader;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import io.nzbmount.nntp.internal.fetch.StatAnswers;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CopiesTest {

    private static final NzbSegment LISTED_THRICE = new NzbSegment(3, 100, "a@x", List.of("b@x", "c@x"));

    /** Answers each message id with a scripted failure, else with part {@code part} of a 1000-byte file. */
    private static final class ScriptedFetcher implements ArticleFetcher {
        final Map<String, ReadFailure> failures = new HashMap<>();
        final Map<String, Integer> parts = new HashMap<>();
        final List<String> asked = new ArrayList<>();

        @Override
        public DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest) throws ReadFailure {
            asked.add(segment.messageId());
            ReadFailure f = failures.get(segment.messageId());
            if (f != null) throw f;
            int part = parts.getOrDefault(segment.messageId(), segment.number());
            return new DecodedArticle(part, 10, 1000, (part - 1) * 100L, "f.bin", new byte[100], 100);
        }

        @Override
        public boolean exists(NzbSegment segment, Priority priority) {
            return true;
        }

        @Override
        public StatAnswers statAll(List<String> messageIds, Priority priority) {
            return StatAnswers.NONE;
        }
    }

    private static DecodedArticle fetch(ScriptedFetcher fetcher) throws Exception {
        return Copies.fetch(fetcher, LISTED_THRICE, Priority.FOREGROUND, new byte[0], () -> {}, Copies.ANY);
    }

    @Test
    void copyListedLaterServesWhenTheFirstIsGoneOrCorrupt() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        fetcher.failures.put("a@x", new ArticleMissingException("a@x", "430"));
        fetcher.failures.put("b@x", new ArticleCorruptException("b@x", "CRC", null));
        assertEquals(200, fetch(fetcher).begin());
        assertEquals(List.of("a@x", "b@x", "c@x"), fetcher.asked);
    }

    @Test
    void firstCopyThatServesEndsTheFetch() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        fetch(fetcher);
        assertEquals(List.of("a@x"), fetcher.asked);
    }

    @Test
    void copyCarryingAnotherPartNumberIsNotUsed() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        ArticleMissingException gone = new ArticleMissingException("a@x", "430");
        fetcher.failures.put("a@x", gone);
        fetcher.parts.put("b@x", 4);
        fetcher.parts.put("c@x", 2);
        assertSame(gone, assertThrows(ArticleMissingException.class, () -> fetch(fetcher)));
        assertEquals(2, gone.getSuppressed().length);
        assertEquals(ArticleCorruptException.class, gone.getSuppressed()[0].getClass());
    }

    @Test
    void copyFailingTheCallersCheckIsNotUsed() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        List<String> checked = new ArrayList<>();
        Copies.Check onlyC = a -> {
            checked.add(fetcher.asked.get(fetcher.asked.size() - 1));
            if (checked.size() < 3) throw new ArticleCorruptException("?", "misplaced", null);
        };
        Copies.fetch(fetcher, LISTED_THRICE, Priority.FOREGROUND, new byte[0], () -> {}, onlyC);
        assertEquals(List.of("a@x", "b@x", "c@x"), checked);
    }

    @Test
    void everyCopyGoneFailsWithTheFirstCopysFailure() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        ArticleMissingException first = new ArticleMissingException("a@x", "430");
        fetcher.failures.put("a@x", first);
        fetcher.failures.put("b@x", new ArticleMissingException("b@x", "430"));
        fetcher.failures.put("c@x", new ArticleCorruptException("c@x", "CRC", null));
        assertSame(first, assertThrows(ArticleMissingException.class, () -> fetch(fetcher)));
    }

    @Test
    void copyUnavailableForNowMakesTheFailureOneThatMayPass() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        fetcher.failures.put("a@x", new ArticleMissingException("a@x", "430"));
        ArticleUnavailableException timedOut = new ArticleUnavailableException("b@x", "timed out", null);
        fetcher.failures.put("b@x", timedOut);
        fetcher.failures.put("c@x", new ArticleMissingException("c@x", "430"));
        assertSame(timedOut, assertThrows(ArticleUnavailableException.class, () -> fetch(fetcher)));
    }

    @Test
    void noProviderToAskStopsAtTheFirstCopy() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        fetcher.failures.put("a@x", new ProvidersUnavailableException("a@x", "all cooling down", null));
        assertThrows(ProvidersUnavailableException.class, () -> fetch(fetcher));
        assertEquals(List.of("a@x"), fetcher.asked);
    }

    @Test
    void stalledProvidersStopAtTheFirstCopy() throws Exception {
        ScriptedFetcher fetcher = new ScriptedFetcher();
        fetcher.failures.put("a@x", new ArticleUnavailableException("a@x", "silent", null, true));
        assertThrows(ArticleUnavailableException.class, () -> fetch(fetcher));
        assertEquals(List.of("a@x"), fetcher.asked);
    }
}
