package io.nzbmount.server.http;

import java.util.Objects;
import java.util.Set;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Logs in requests that carry the API key in the header {@value #HEADER}: such a request needs no
 * HTTP Basic login, and {@link #carriesKey} tells the handlers behind that it carries no ambient
 * credential a browser adds by itself (so the cross-site check lets it through). The query
 * parameter {@value #PARAMETER} counts only on the paths that answer their own login (SABnzbd's
 * API, whose clients put it there); elsewhere a key in the URL is refused with a 401, as URLs end
 * up in logs. A wrong key is a 401 and counts as a failed login for the {@link LoginThrottle}; a
 * request without a key goes on unchanged. The key is never logged or echoed.
 *
 * <p>The key is the tools' credential, not the owner's: on the login-only paths (settings and key
 * rotation) a valid key logs nothing in, and {@link #keyOutOfScope} tells the handlers behind
 * (the login, or without one the cross-site check, is required there as if no key were given). On
 * the paths that answer their own login ({@link ToolLogin}) nothing is refused here: the verdict
 * is recorded for the handler, and a wrong key still counts as a failed login. Stateless and
 * thread safe.
 */
public final class ApiKeyHandler extends Handler.Wrapper {

    /** The header a tool sends the key in. */
    public static final String HEADER = "X-Api-Key";
    /** The query parameter a tool may send the key in instead (as SABnzbd clients do). */
    public static final String PARAMETER = "apikey";

    private static final String ATTRIBUTE = ApiKeyHandler.class.getName() + ".valid";
    private static final String OUT_OF_SCOPE = ApiKeyHandler.class.getName() + ".outOfScope";

    private final ApiKeys keys;
    private final LoginThrottle throttle;
    private final Set<String> selfAnswering;
    private final Set<String> loginOnly;

    public ApiKeyHandler(ApiKeys keys, LoginThrottle throttle, Handler next) {
        this(keys, throttle, Set.of(), Set.of(), next);
    }

    /**
     * @param selfAnswering exact paths whose handler answers a refused login itself ({@link ToolLogin})
     * @param loginOnly     paths (each with everything below it) the key does not open
     */
    public ApiKeyHandler(
            ApiKeys keys, LoginThrottle throttle, Set<String> selfAnswering, Set<String> loginOnly, Handler next) {
        super(next);
        this.keys = Objects.requireNonNull(keys, "keys");
        this.throttle = Objects.requireNonNull(throttle, "throttle");
        this.selfAnswering = Set.copyOf(selfAnswering);
        this.loginOnly = Set.copyOf(loginOnly);
    }

    /** Whether this request was logged in by the API key (set before the handlers behind run). */
    public static boolean carriesKey(Request request) {
        return Boolean.TRUE.equals(request.getAttribute(ATTRIBUTE));
    }

    /** Whether this request gave a valid key for a path the key does not open (it is logged in by nothing). */
    public static boolean keyOutOfScope(Request request) {
        return Boolean.TRUE.equals(request.getAttribute(OUT_OF_SCOPE));
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (ToolLogin.answersItself(request, selfAnswering)) {
            String candidate = request.getHeaders().get(HEADER);
            if (candidate == null) candidate = ToolLogin.queryValue(request, PARAMETER);
            ToolLogin.record(request, verdict(request, candidate));
            ToolLogin.lateCheck(request, late -> verdict(request, late));
            return super.handle(request, response, callback);
        }
        if (Request.extractQueryParameters(request).getValue(PARAMETER) != null) {
            throw new HttpProblem.Unauthorized(
                    BasicAuthHandler.REALM,
                    "the API key is taken only in the " + HEADER
                            + " header here, not in the URL (URLs end up in logs)");
        }
        String candidate = request.getHeaders().get(HEADER);
        if (candidate != null) {
            String address = Request.getRemoteAddr(request);
            if (throttle.refuses(address)) {
                throw BasicAuthHandler.slowedDown();
            }
            if (!keys.matches(candidate.strip())) {
                throttle.failed(address);
                throw new HttpProblem.Unauthorized(BasicAuthHandler.REALM, "the API key is not valid");
            }
            request.setAttribute(loginOnly(request) ? OUT_OF_SCOPE : ATTRIBUTE, true);
        }
        return super.handle(request, response, callback);
    }

    private boolean loginOnly(Request request) {
        String path = request.getHttpURI().getDecodedPath();
        for (String p : loginOnly) {
            if (path.equals(p) || path.startsWith(p + "/")) return true;
        }
        return false;
    }

    private ToolLogin.Verdict verdict(Request request, String candidate) {
        if (candidate == null || candidate.isBlank()) return ToolLogin.Verdict.ABSENT;
        String address = Request.getRemoteAddr(request);
        if (throttle.refuses(address)) return ToolLogin.Verdict.SLOWED;
        if (!keys.matches(candidate.strip())) {
            throttle.failed(address);
            return ToolLogin.Verdict.WRONG;
        }
        request.setAttribute(ATTRIBUTE, true);
        return ToolLogin.Verdict.VALID;
    }
}
