package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.internal.fetch.ArticleFetcher;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.List;

/**
 * Fetches a segment from the first of its copies ({@link NzbSegment#copies()}) that can be had
 * and passes the caller's check, trying them in the order the NZB lists them. A copy listed after
 * the first must also carry the segment's number as its yEnc part: a re-post of another part is
 * no copy of this one. Stateless.
 */
final class Copies {

    /** What a fetched copy must pass to be used; throws when it is not the expected part. */
    @FunctionalInterface
    interface Check {
        void accept(DecodedArticle article) throws ArticleCorruptException;
    }

    static final Check ANY = article -> {};

    private Copies() {}

    /**
     * The first copy that is fetched and passes {@code check}.
     *
     * @param dest   a reusable buffer, as {@link ArticleFetcher#fetch}
     * @param placed told once, when the first copy's command has its place on a connection
     * @throws ReadFailure when no copy can be used: the first failure that may pass when there is
     *     one (asking again may find the bytes), otherwise the first copy's failure, the others'
     *     suppressed in it
     */
    static DecodedArticle fetch(
            ArticleFetcher fetcher, NzbSegment segment, Priority priority, byte[] dest, Runnable placed, Check check)
            throws ReadFailure, ReadCancelledException {
        List<NzbSegment> copies = segment.copies();
        ReadFailure first = null;
        ReadFailure passing = null;
        byte[] buffer = dest;
        for (int i = 0; i < copies.size(); i++) {
            NzbSegment copy = copies.get(i);
            try {
                DecodedArticle article =
                        i == 0 ? fetcher.fetch(copy, priority, buffer, placed) : fetcher.fetch(copy, priority, buffer);
                buffer = article.data();
                if (i > 0 && article.part() != segment.number()) {
                    throw new ArticleCorruptException(
                            copy.messageId(),
                            "article " + copy.messageId() + " is yEnc part " + article.part()
                                    + ", listed as a copy of part " + segment.number(),
                            null);
                }
                check.accept(article);
                return article;
            } catch (ReadFailure f) {
                if (first == null) first = f;
                else first.addSuppressed(f);
                if (passing == null && !f.permanent()) passing = f;
                if (noCopyCanHelp(f)) break;
            }
        }
        throw passing != null ? passing : first;
    }

    /** Nobody could be asked, or the providers went silent: another copy would wait the same way. */
    private static boolean noCopyCanHelp(ReadFailure f) {
        return f instanceof ProvidersUnavailableException p && !p.lackedWhereAsked()
                || f instanceof ArticleUnavailableException u && u.stalled();
    }
}
