package io.nzbmount.server.sabnzbd;

/**
 * A request the API refuses, with the message it answers ({@code {"status":false,"error":...}}):
 * plain words for the user, never a secret or a stack trace.
 */
public final class SabException extends Exception {

    public SabException(String message) {
        super(message, null, false, false);
    }

    public SabReply.Refused reply() {
        return new SabReply.Refused(getMessage());
    }
}
