package io.nzbmount.server.fallback;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;

/** What a read failure says about the source it came from. Decided once, by the failure's type. */
public enum FailureKind {
    /** The player went away (a seek, a stop): not a failure of anything. */
    CANCELLED,
    /** No provider could be asked (logins rejected, connection limits): the providers' fault. */
    PROVIDERS,
    /** The source could not be read for reasons that may pass (timeouts, resets) after the reader's own retries. */
    TRANSIENT,
    /** The source lacks these bytes (missing or corrupt on every provider): asking again cannot help. */
    PERMANENT,
    /** A failure this policy does not know; the stream is ended rather than guessed about. */
    UNKNOWN;

    /** The kind of {@code failure}, by its type alone. */
    public static FailureKind of(Throwable failure) {
        return switch (failure) {
            case ReadCancelledException c -> CANCELLED;
            case ProvidersUnavailableException p -> PROVIDERS;
            case ArticleUnavailableException u -> TRANSIENT;
            case ArticleMissingException m -> PERMANENT;
            case ArticleCorruptException c -> PERMANENT;
            default -> UNKNOWN;
        };
    }

    /** The word used in events and JSON. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
