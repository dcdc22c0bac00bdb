package io.nzbmount.nntp;

/**
 * The article could not be fetched after all retries for reasons that may pass: timeouts,
 * resets, refused connections, service errors. Says nothing about whether it exists.
 */
public final class ArticleUnavailableException extends ReadFailure {
    private final boolean stalled;

    public ArticleUnavailableException(String messageId, String message, Throwable cause) {
        this(messageId, message, cause, false);
    }

    /**
     * @param stalled the providers went silent: every last attempt ended on a read deadline (no
     *                first byte, or a silence inside the article), not on an error
     */
    public ArticleUnavailableException(String messageId, String message, Throwable cause, boolean stalled) {
        super(messageId, message, cause);
        this.stalled = stalled;
    }

    private ArticleUnavailableException(ArticleUnavailableException failure, long failedAt) {
        super(failure, failedAt);
        this.stalled = failure.stalled;
    }

    @Override
    public ArticleUnavailableException locatedAt(long offset) {
        return new ArticleUnavailableException(this, offset);
    }

    /**
     * True when the fetch ended because the providers stopped answering and its time budget ran
     * out: asking this source again at once would most likely wait the same way.
     */
    public boolean stalled() {
        return stalled;
    }

    @Override
    public boolean permanent() {
        return false;
    }

    @Override
    public boolean sourceFault() {
        return true;
    }
}
