package io.nzbmount.nntp.internal.fetch;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import java.util.List;

/**
 * Fetches single articles from the configured providers, trying them by priority, retrying
 * transient trouble with backoff, and classifying what could not be had. Thread-safe.
 *
 * <p>Cancellation is by interrupt: a caller thread interrupted while it waits for a connection
 * or reads a body gets {@link ReadCancelledException}; the connection in use is discarded (its
 * response was not fully read), never returned to a pool.
 */
public interface ArticleFetcher {

    /**
     * Fetches, decodes and checks one article.
     *
     * @param dest a reusable buffer for the decoded bytes; a larger one is allocated when the
     *             part does not fit, and returned in the result
     */
    DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest) throws ReadFailure, ReadCancelledException;

    /**
     * As {@link #fetch(NzbSegment, Priority, byte[])}, telling {@code placed} once (from any
     * thread) when the command has its place on a connection or the fetch could not get one, so a
     * caller that starts several fetches can place them in its own order.
     */
    default DecodedArticle fetch(NzbSegment segment, Priority priority, byte[] dest, Runnable placed)
            throws ReadFailure, ReadCancelledException {
        placed.run();
        return fetch(segment, priority, dest);
    }

    /**
     * Asks the providers whether the article exists (STAT), by priority, with the same retry
     * rules as {@link #fetch}.
     *
     * @return true when some provider has it; false when every provider answered that it does not
     */
    boolean exists(NzbSegment segment, Priority priority) throws ReadFailure, ReadCancelledException;

    /**
     * Asks the providers about several articles at once: STAT of each, sent together on one
     * connection of a provider (pipelining), then those it lacks of the next provider. Settles
     * only the clear answers; retries nothing. A fetcher that cannot batch returns
     * {@link StatAnswers#NONE}, so the caller asks each article with {@link #exists}; a fetcher
     * that wraps another passes the batch on, or every STAT it handles goes out alone.
     *
     * @param messageIds without angle brackets, no repeats
     */
    StatAnswers statAll(List<String> messageIds, Priority priority) throws ReadCancelledException;

    /**
     * Starts opening up to {@code connections} connections to the providers asked first, in the
     * background, for fetches about to come. Returns at once; a hint that an implementation
     * without connections ignores.
     */
    default void connectAhead(int connections) {}

    /** What this fetcher knows of its link now, for sizing a reader's window; {@link Pipe#UNKNOWN} by default. */
    default Pipe pipe() {
        return Pipe.UNKNOWN;
    }
}
