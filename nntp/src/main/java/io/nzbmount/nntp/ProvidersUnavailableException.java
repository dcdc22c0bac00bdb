package io.nzbmount.nntp;

/**
 * No provider could be asked: each is cooling down after rejecting the login or refusing more
 * connections, or none is configured. The providers' fault, never the source's.
 */
public final class ProvidersUnavailableException extends ReadFailure {
    public ProvidersUnavailableException(String messageId, String message, Throwable cause) {
        super(messageId, message, cause);
    }

    @Override public boolean permanent() { return false; }

    @Override public boolean sourceFault() { return false; }
}
