package io.nzbmount.nntp;

import java.io.IOException;

/**
 * Why bytes of a source could not be read. The subtype is the whole classification: callers
 * decide by type (never by message text) whether the source, a provider or the network is at
 * fault. Thrown by fetches and reads; never turned into a short read or an end of file.
 */
public abstract sealed class ReadFailure extends IOException
        permits ArticleMissingException, ArticleCorruptException, ArticleUnavailableException,
                ProvidersUnavailableException {

    private final String messageId;

    protected ReadFailure(String messageId, String message, Throwable cause) {
        super(message, cause);
        this.messageId = messageId;
    }

    /** The article whose fetch failed. */
    public String messageId() {
        return messageId;
    }

    /**
     * True when asking again cannot help: the source itself lacks these bytes. False when the
     * failure may pass (load, network, a provider's limits).
     */
    public abstract boolean permanent();

    /** True when the source is to blame (as opposed to the providers or the network). */
    public abstract boolean sourceFault();
}
