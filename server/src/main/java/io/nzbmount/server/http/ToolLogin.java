package io.nzbmount.server.http;

import java.util.Set;
import org.eclipse.jetty.server.Request;

/**
 * How the login of a request to a path that answers its own login came out (SABnzbd's API: a
 * refused key must be an HTTP 200 with an error in the body, never a 401). {@link ApiKeyHandler}
 * records the verdict instead of refusing; the handler of such a path
 * reads it with {@link #of} and must do nothing for a request that is not {@link Verdict#VALID}.
 */
public final class ToolLogin {

    /** The outcome of the login of a request to a self-answering path. */
    public enum Verdict {
        /** The right API key. */
        VALID,
        /** A key was given and is wrong (counted as a failed login). */
        WRONG,
        /** No key was given. */
        ABSENT,
        /** The address made too many failed logins; nothing was checked. */
        SLOWED
    }

    private static final String ATTRIBUTE = ToolLogin.class.getName() + ".verdict";
    private static final String CHECKER = ToolLogin.class.getName() + ".checker";

    /** Checks a key found later, in the body (SABnzbd clients may post it as a form field). */
    @FunctionalInterface
    interface LateCheck {
        Verdict check(String candidate);
    }

    private ToolLogin() {}

    /** The verdict recorded for this request; {@link Verdict#ABSENT} when none was. */
    public static Verdict of(Request request) {
        return request.getAttribute(ATTRIBUTE) instanceof Verdict v ? v : Verdict.ABSENT;
    }

    static void record(Request request, Verdict verdict) {
        request.setAttribute(ATTRIBUTE, verdict);
    }

    static void lateCheck(Request request, LateCheck check) {
        request.setAttribute(CHECKER, check);
    }

    /**
     * Checks an API key that came in the request's body, for a request whose verdict is
     * {@link Verdict#ABSENT}: as the key in the header or query would have been (a wrong one counts
     * as a failed login), and records the result. Without an API key in force the key is
     * {@link Verdict#WRONG}.
     */
    public static Verdict checkBodyKey(Request request, String candidate) {
        Verdict now = of(request);
        if (now != Verdict.ABSENT || candidate == null || candidate.isBlank()) return now;
        Verdict checked =
                request.getAttribute(CHECKER) instanceof LateCheck check ? check.check(candidate) : Verdict.WRONG;
        record(request, checked);
        return checked;
    }

    /**
     * A query parameter's first value; null when absent or when the query cannot be decoded (the
     * handler refuses such a query itself, with an answer of its own shape).
     */
    static String queryValue(Request request, String name) {
        try {
            return Request.extractQueryParameters(request).getValue(name);
        } catch (RuntimeException undecodable) {
            return null;
        }
    }

    /** Whether the request's path is one of {@code paths} (exact, decoded). */
    static boolean answersItself(Request request, Set<String> paths) {
        return !paths.isEmpty() && paths.contains(request.getHttpURI().getDecodedPath());
    }
}
