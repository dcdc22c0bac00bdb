package io.nzbmount.nntp.internal.protocol;

import java.io.IOException;

/**
 * The peer broke the protocol: a status line that is not a status line, a line too long to be
 * one, a body that cannot be framed. The connection that saw it is unusable.
 */
public final class NntpProtocolException extends IOException {
    public NntpProtocolException(String message) {
        super(message);
    }
}
