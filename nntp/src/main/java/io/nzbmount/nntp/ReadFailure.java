package io.nzbmount.nntp;

import java.io.IOException;

/**
 * Why bytes of a source could not be read. The subtype is the whole classification: callers
 * decide by type (never by message text) whether the source, a provider or the network is at
 * fault. Thrown by fetches and reads; never turned into a short read or an end of file.
 */
public abstract sealed class ReadFailure extends IOException
        permits ArticleMissingException,
                ArticleCorruptException,
                ArticleUnavailableException,
                ProvidersUnavailableException {

    private final String messageId;
    private final long failedAt;

    protected ReadFailure(String messageId, String message, Throwable cause) {
        super(message, cause);
        this.messageId = messageId;
        this.failedAt = -1;
    }

    /** {@code failure} placed at file byte {@code failedAt} (see {@link #failedAt()}). */
    protected ReadFailure(ReadFailure failure, long failedAt) {
        super(failure.getMessage(), failure.getCause());
        if (failedAt < 0) throw new IllegalArgumentException("no file byte " + failedAt);
        this.messageId = failure.messageId;
        this.failedAt = failedAt;
        setStackTrace(failure.getStackTrace());
    }

    /**
     * The byte of the file read where the failing article's bytes lie, when the reader knows it
     * better than the offset it was asked for: a reader that decrypts also reads the block before
     * the asked offset and the rest of its block, which other articles may hold. Empty when the
     * failing article holds the asked offset.
     */
    public java.util.OptionalLong failedAt() {
        return failedAt < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(failedAt);
    }

    /** A new failure of the same kind and words, placed at file byte {@code offset} (see {@link #failedAt()}). */
    public abstract ReadFailure locatedAt(long offset);

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
