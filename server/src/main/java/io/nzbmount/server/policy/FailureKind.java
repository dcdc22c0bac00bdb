package io.nzbmount.server.policy;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;

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

    /**
     * The kind of {@code failure}, by its type alone (and what the type says of itself): a missing
     * or corrupt article is permanent only when its failure says it is permanent and the source's
     * fault, so a missing that nntp does not hold for certain (another provider could not be asked)
     * never makes a hole, a dead verdict or a demotion. Anything that is neither a cancel nor a
     * {@link ReadFailure} is {@link #UNKNOWN}.
     */
    public static FailureKind of(Throwable failure) {
        return switch (failure) {
            case ReadCancelledException c -> CANCELLED;
            case ReadFailure f -> of(f);
            default -> UNKNOWN;
        };
    }

    /**
     * The kind of a read failure. The switch names every permitted subtype of the sealed
     * {@link ReadFailure} and has no default, so a new subtype does not compile until it is
     * classified here.
     */
    public static FailureKind of(ReadFailure failure) {
        return switch (failure) {
            case ProvidersUnavailableException p -> PROVIDERS;
            case ArticleUnavailableException u -> TRANSIENT;
            case ArticleMissingException m -> forGood(m);
            case ArticleCorruptException c -> forGood(c);
        };
    }

    /** True when {@code failure} proves that the source lacks the article: missing on every provider, for good. */
    public static boolean missingForGood(Throwable failure) {
        return failure instanceof ArticleMissingException && of(failure) == PERMANENT;
    }

    private static FailureKind forGood(ReadFailure f) {
        if (f.permanent() && f.sourceFault()) return PERMANENT;
        return f.sourceFault() ? TRANSIENT : PROVIDERS;
    }

    /** The word used in events and JSON. */
    public String word() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
