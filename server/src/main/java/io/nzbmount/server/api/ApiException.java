package io.nzbmount.server.api;

import java.util.Objects;
import java.util.Optional;

/**
 * A request the API refuses. Carries the HTTP status it is answered with; the message goes to the
 * client as {@code {"error": message}} (with {@code "kind"} when it has one), so it says what is wrong in plain words and holds no
 * secret. Thrown by endpoints before anything is written; {@link ApiHandler} answers it.
 */
public final class ApiException extends RuntimeException {

    /** The {@code kind} of a 404 for an item id that names no item. */
    public static final String UNKNOWN_ITEM = "unknown-item";

    private final int status;
    private final Optional<String> allow;
    private final Optional<String> kind;

    private ApiException(int status, String message, Optional<String> allow) {
        this(status, message, allow, Optional.empty());
    }

    private ApiException(int status, String message, Optional<String> allow, Optional<String> kind) {
        super(Objects.requireNonNull(message, "message"), null, false, false);
        this.status = status;
        this.allow = allow;
        this.kind = kind;
    }

    /** 404 for an item id that names no item, with {@code kind} {@link #UNKNOWN_ITEM}. */
    public static ApiException unknownItem(long id) {
        return new ApiException(404, "there is no item " + id, Optional.empty(), Optional.of(UNKNOWN_ITEM));
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

    /** What the refusal is, as a word a client can decide by (sent as {@code "kind"}); empty when only the message says. */
    public Optional<String> kind() {
        return kind;
    }

    /** The {@code Allow} header value of a 405. */
    public Optional<String> allow() {
        return allow;
    }
}
