package io.nzbmount.server.api;

import java.util.Objects;
import java.util.Optional;

/**
 * A request the API refuses. Carries the HTTP status it is answered with; the message goes to the
 * client as {@code {"error": message}}, so it says what is wrong in plain words and holds no
 * secret. Thrown by endpoints before anything is written; {@link ApiHandler} answers it.
 */
public final class ApiException extends RuntimeException {

    private final int status;
    private final Optional<String> allow;

    private ApiException(int status, String message, Optional<String> allow) {
        super(Objects.requireNonNull(message, "message"), null, false, false);
        this.status = status;
        this.allow = allow;
    }

    /** A refusal with any 4xx or 5xx status. */
    public static ApiException of(int status, String message) {
        if (status < 400 || status > 599) throw new IllegalArgumentException("not an error status: " + status);
        return new ApiException(status, message, Optional.empty());
    }

    public static ApiException badRequest(String message) {
        return of(400, message);
    }

    public static ApiException notFound(String message) {
        return of(404, message);
    }

    /** 405 with the methods the resource takes, for the {@code Allow} header. */
    public static ApiException methodNotAllowed(String method, String allowed) {
        return new ApiException(405, "method " + method + " is not allowed here; use " + allowed, Optional.of(allowed));
    }

    public static ApiException tooLarge(String message) {
        return of(413, message);
    }

    public int status() {
        return status;
    }

    /** The {@code Allow} header value of a 405. */
    public Optional<String> allow() {
        return allow;
    }
}
