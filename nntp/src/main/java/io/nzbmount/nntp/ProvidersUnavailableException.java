package io.nzbmount.nntp;

/**
 * No provider could be asked: each is cooling down after rejecting the login or refusing more
 * connections, or none is configured. The providers' fault, never the source's.
 */
public final class ProvidersUnavailableException extends ReadFailure {
    private final boolean lackedWhereAsked;

    /** No provider could be asked at all. */
    public ProvidersUnavailableException(String messageId, String message, Throwable cause) {
        this(messageId, message, cause, false);
    }

    /**
     * @param lackedWhereAsked some providers were asked and each answered that it lacks the article
     *                         (or serves it damaged); only the others could not be asked
     */
    public ProvidersUnavailableException(String messageId, String message, Throwable cause, boolean lackedWhereAsked) {
        super(messageId, message, cause);
        this.lackedWhereAsked = lackedWhereAsked;
    }

    private ProvidersUnavailableException(ProvidersUnavailableException failure, long failedAt) {
        super(failure, failedAt);
        this.lackedWhereAsked = failure.lackedWhereAsked;
    }

    @Override
    public ProvidersUnavailableException locatedAt(long offset) {
        return new ProvidersUnavailableException(this, offset);
    }

    /**
     * True when the providers that could be asked lack the article and only the rest could not be
     * asked. Another source's articles may then be on the providers that answer, so a standby can
     * serve while these providers cannot be asked; false when no provider could be asked at all.
     */
    public boolean lackedWhereAsked() {
        return lackedWhereAsked;
    }

    @Override
    public boolean permanent() {
        return false;
    }

    @Override
    public boolean sourceFault() {
        return false;
    }
}
