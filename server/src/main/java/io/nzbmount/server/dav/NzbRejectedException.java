package io.nzbmount.server.dav;

/**
 * An uploaded NZB was refused. The message is sent to the client as the reason, so it must say
 * what is wrong in plain words and hold no secret.
 */
public class NzbRejectedException extends Exception {
    public NzbRejectedException(String message) {
        super(message);
    }

    public NzbRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
