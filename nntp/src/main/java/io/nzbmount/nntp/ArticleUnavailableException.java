package io.nzbmount.nntp;

/**
 * The article could not be fetched after all retries for reasons that may pass: timeouts,
 * resets, refused connections, service errors. Says nothing about whether it exists.
 */
public final class ArticleUnavailableException extends ReadFailure {
    public ArticleUnavailableException(String messageId, String message, Throwable cause) {
        super(messageId, message, cause);
    }

    @Override public boolean permanent() { return false; }

    @Override public boolean sourceFault() { return true; }
}
