package io.nzbmount.nntp.internal.pool;

import java.io.IOException;

/**
 * A provider will not serve us right now: it rejected the login or refused more connections,
 * it is cooling down after doing so, or it keeps no connections for this priority. The
 * provider's fault, never the article's.
 */
public final class ProviderRefusedException extends IOException {
    private final CoolDownReason reason;

    public ProviderRefusedException(String message, CoolDownReason reason) {
        super(message);
        this.reason = reason;
    }

    /** Why the provider cools down; null when it refuses for want of connections for this priority. */
    public CoolDownReason reason() {
        return reason;
    }
}
