package io.nzbmount.server.sabnzbd;

/**
 * A request the API refuses, with the message it answers ({@code {"status":false,"error":...}}):
 * plain words for the user, never a secret or a stack trace. SABnzbd's API answers every refusal
 * with HTTP 200; the {@link Kind} is what a REST answer of the same refusal says with its status.
 */
public final class SabException extends Exception {

    /** What kind of refusal it is, and so the HTTP status a REST answer gives it. */
    public enum Kind {
        /** 400: a parameter, the category or the URL itself is wrong. */
        BAD_REQUEST(400),
        /** 403: the URL's host is one NZBMount may not ask (an address of this machine or the LAN). */
        HOST_REFUSED(403),
        /** 422: what the URL gave is no usable NZB (malformed, empty, too large). */
        NOT_AN_NZB(422),
        /** 502: the server at the URL could not be reached or did not hand out the NZB. */
        NZB_SERVER_FAILED(502),
        /** 503: NZBMount cannot take the job now (its providers cannot be asked); the same request may work later. */
        TRY_LATER(503);

        private final int status;

        Kind(int status) {
            this.status = status;
        }

        /** The HTTP status of this kind of refusal. */
        public int status() {
            return status;
        }
    }

    private final Kind kind;

    /** A refusal of the request itself ({@link Kind#BAD_REQUEST}). */
    public SabException(String message) {
        this(Kind.BAD_REQUEST, message);
    }

    public SabException(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    public SabReply.Refused reply() {
        return new SabReply.Refused(getMessage());
    }
}
