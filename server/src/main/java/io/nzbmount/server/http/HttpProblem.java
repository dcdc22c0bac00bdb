package io.nzbmount.server.http;

import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;

/**
 * A request that cannot be answered as asked. The HTTP status is fixed by the subtype; the message
 * (its {@link #getReason() reason}) is shown to the client as {@code {"error": reason}}, so it must say what is wrong in plain words
 * and hold no secret. Thrown by handlers before the response is committed; {@link JsonErrorHandler}
 * turns it into the answer.
 */
public abstract sealed class HttpProblem extends HttpException.RuntimeException {

    private HttpProblem(int status, String message) {
        super(status, message);
    }

    /** An untrusted header value made safe to put in a message: at most 100 printable ASCII characters. */
    public static String printable(String value) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < value.length() && out.length() < 100; i++) {
            char c = value.charAt(i);
            out.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return out.toString();
    }

    /** The HTTP status this problem is answered with. */
    public int status() {
        return getCode();
    }

    /** Adds the headers this status needs (Allow, WWW-Authenticate) to an error response. */
    public void addHeaders(HttpFields.Mutable headers) {}

    /** 400: the request is malformed or its content is refused. */
    public static final class BadRequest extends HttpProblem {
        public BadRequest(String message) {
            super(400, message);
        }
    }

    /** 401: credentials are missing or wrong. */
    public static final class Unauthorized extends HttpProblem {
        private final String realm;

        public Unauthorized(String realm) {
            this(realm, "authentication required");
        }

        /** With a message that says what was wrong ("the API key is not valid"). */
        public Unauthorized(String realm, String message) {
            super(401, message);
            this.realm = realm;
        }

        @Override
        public void addHeaders(HttpFields.Mutable headers) {
            headers.put(HttpHeader.WWW_AUTHENTICATE, "Basic realm=\"" + realm + "\", charset=\"UTF-8\"");
        }
    }

    /**
     * 403: what the request asks is never allowed: a method that may not change the resource, an
     * address the settings do not let this server fetch from.
     */
    public static final class Forbidden extends HttpProblem {
        public Forbidden(String message) {
            super(403, message);
        }
    }

    /** 404: nothing at this path. */
    public static final class NotFound extends HttpProblem {
        public NotFound(String path) {
            super(404, "not found: " + path);
        }
    }

    /** 405: the resource does not support this method; {@code allow} lists the ones it does. */
    public static final class MethodNotAllowed extends HttpProblem {
        private final String allow;

        /**
         * Whether {@code method} is {@code HEAD}, for a resource that answers only {@code GET} and
         * {@code HEAD}.
         *
         * @throws MethodNotAllowed for any other method
         */
        public static boolean headOfGetOnly(String method) {
            boolean head = method.equals("HEAD");
            if (!head && !method.equals("GET")) throw new MethodNotAllowed(method, "GET, HEAD");
            return head;
        }

        public MethodNotAllowed(String method, String allow) {
            super(405, method + " is not supported here; allowed: " + allow);
            this.allow = allow;
        }

        @Override
        public void addHeaders(HttpFields.Mutable headers) {
            headers.put(HttpHeader.ALLOW, allow);
        }
    }

    /** 408: the answer was not ready within the time the request allowed. */
    public static final class RequestTimeout extends HttpProblem {
        public RequestTimeout(String message) {
            super(408, message);
        }
    }

    /** 410: what the request names existed, but is no longer valid (an expired link). */
    public static final class Gone extends HttpProblem {
        public Gone(String message) {
            super(410, message);
        }
    }

    /** 413: the request body is larger than this resource accepts. */
    public static final class PayloadTooLarge extends HttpProblem {
        public PayloadTooLarge(String message) {
            super(413, message);
        }
    }

    /** 422: the request is well formed, but what it names cannot be used (a broken release). */
    public static final class Unprocessable extends HttpProblem {
        public Unprocessable(String message) {
            super(422, message);
        }
    }

    /** 429: too many failed logins (from this address, or from all together); try again in a second. */
    public static final class TooManyRequests extends HttpProblem {
        public TooManyRequests(String message) {
            super(429, message);
        }

        @Override
        public void addHeaders(HttpFields.Mutable headers) {
            headers.put(HttpHeader.RETRY_AFTER, "1");
        }
    }

    /** 502: a server this one had to ask for what the request names (an NZB's URL) failed or could not be reached. */
    public static final class BadGateway extends HttpProblem {
        public BadGateway(String message) {
            super(502, message);
        }
    }

    /** 503: the content exists but cannot be read right now. */
    public static final class Unavailable extends HttpProblem {
        public Unavailable(String message) {
            super(503, message);
        }
    }
}
