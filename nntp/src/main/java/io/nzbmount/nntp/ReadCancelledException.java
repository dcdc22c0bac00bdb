package io.nzbmount.nntp;

import java.io.InterruptedIOException;

/**
 * A read was abandoned by its caller (the reader was closed: a seek or a player that went away).
 * Not a failure of anything.
 */
public final class ReadCancelledException extends InterruptedIOException {
    public ReadCancelledException(String message) {
        super(message);
    }
}
