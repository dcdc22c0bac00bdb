package io.nzbmount.nntp.internal.pool;

import java.io.IOException;

/**
 * A request's reply was never read because its connection broke or closed first, for the reply
 * before it or for the connection as a whole: the cause says what. Transient: the same command
 * on another connection may well be answered.
 */
public final class ConnectionLostException extends IOException {

    ConnectionLostException(String provider, IOException cause) {
        super("the connection to " + provider + " ended before this reply: " + cause, cause);
    }
}
