package io.nzbmount.nntp;

/** Every provider that could be asked answered that the article does not exist (430/423). */
public final class ArticleMissingException extends ReadFailure {
    public ArticleMissingException(String messageId, String message) {
        super(messageId, message, null);
    }

    @Override public boolean permanent() { return true; }

    @Override public boolean sourceFault() { return true; }
}
