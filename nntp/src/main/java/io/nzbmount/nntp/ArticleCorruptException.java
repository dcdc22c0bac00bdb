package io.nzbmount.nntp;

/**
 * Every provider that had the article served it damaged (CRC32, size or yEnc header wrong, or a
 * part that does not sit where the segment map says). Its bytes are never served.
 */
public final class ArticleCorruptException extends ReadFailure {
    public ArticleCorruptException(String messageId, String message, Throwable cause) {
        super(messageId, message, cause);
    }

    private ArticleCorruptException(ArticleCorruptException failure, long failedAt) {
        super(failure, failedAt);
    }

    @Override
    public ArticleCorruptException locatedAt(long offset) {
        return new ArticleCorruptException(this, offset);
    }

    @Override
    public boolean permanent() {
        return true;
    }

    @Override
    public boolean sourceFault() {
        return true;
    }
}
