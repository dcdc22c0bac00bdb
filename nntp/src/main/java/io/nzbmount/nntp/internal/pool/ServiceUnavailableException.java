package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;

/**
 * The provider answered the greeting or the login with a temporary refusal (400) or an answer
 * that fits no rule. May pass: worth a retry after a pause.
 */
public final class ServiceUnavailableException extends IOException {
    private final transient NntpReply reply;

    public ServiceUnavailableException(String message, NntpReply reply) {
        super(message + ": " + reply);
        this.reply = reply;
    }

    public NntpReply reply() {
        return reply;
    }
}
