package io.nzbmount.nntp;

/** Every provider that could be asked answered that the article does not exist (430/423). */
public final class ArticleMissingException extends ReadFailure {
    public ArticleMissingException(String messageId, String message) {
        super(messageId, message, null);
    }

    private ArticleMissingException(ArticleMissingException failure, long failedAt) {
        super(failure, failedAt);
    }

    @Override
    public ArticleMissingException locatedAt(long offset) {
        return new ArticleMissingException(this, offset);
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
