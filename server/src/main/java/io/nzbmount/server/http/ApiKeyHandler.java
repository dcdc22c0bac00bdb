package io.nzbmount.server.http;

import java.util.Objects;
import java.util.Set;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

/**
 * Logs in requests that carry the API key, as the header {@value #HEADER} or the query parameter
 * {@value #PARAMETER}: such a request needs no HTTP Basic login, and {@link #carriesKey} tells the
 * handlers behind that it carries no ambient credential a browser adds by itself (so the
 * cross-site check lets it through). A wrong key is a 401 and counts as a failed login for the
 * {@link LoginThrottle}; a request without a key goes on unchanged. The key is never logged or
 * echoed. On the paths that answer their own login ({@link ToolLogin}) nothing is refused here:
 * the verdict is recorded for the handler, and a wrong key still counts as a failed login.
 * Stateless and thread safe.
 */
public final class ApiKeyHandler extends Handler.Wrapper {

    /** The header a tool sends the key in. */
    public static final String HEADER = "X-Api-Key";
    /** The query parameter a tool may send the key in instead (as SABnzbd clients do). */
    public static final String PARAMETER = "apikey";

    private static final String ATTRIBUTE = ApiKeyHandler.class.getName() + ".valid";

    private final ApiKeys keys;
    private final LoginThrottle throttle;
    private final Set<String> selfAnswering;

    public ApiKeyHandler(ApiKeys keys, LoginThrottle throttle, Handler next) {
        this(keys, throttle, Set.of(), next);
    }

    /** @param selfAnswering exact paths whose handler answers a refused login itself ({@link ToolLogin}) */
    public ApiKeyHandler(ApiKeys keys, LoginThrottle throttle, Set<String> selfAnswering, Handler next) {
        super(next);
        this.keys = Objects.requireNonNull(keys, "keys");
        this.throttle = Objects.requireNonNull(throttle, "throttle");
        this.selfAnswering = Set.copyOf(selfAnswering);
    }

    /** Whether this request was logged in by the API key (set before the handlers behind run). */
    public static boolean carriesKey(Request request) {
        return Boolean.TRUE.equals(request.getAttribute(ATTRIBUTE));
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
        String candidate = request.getHeaders().get(HEADER);
        if (candidate == null) {
            Fields query = Request.extractQueryParameters(request);
            candidate = query.getValue(PARAMETER);
        }
        if (candidate != null) {
            String address = Request.getRemoteAddr(request);
            if (throttle.refuses(address)) {
                throw BasicAuthHandler.slowedDown();
            }
            if (!keys.matches(candidate.strip())) {
                throttle.failed(address);
                throw new HttpProblem.Unauthorized(BasicAuthHandler.REALM, "the API key is not valid");
            }
            request.setAttribute(ATTRIBUTE, Boolean.TRUE);
        }
        return super.handle(request, response, callback);
    }

    private ToolLogin.Verdict verdict(Request request, String candidate) {
        if (candidate == null || candidate.isBlank()) return ToolLogin.Verdict.ABSENT;
        String address = Request.getRemoteAddr(request);
        if (throttle.refuses(address)) return ToolLogin.Verdict.SLOWED;
        if (!keys.matches(candidate.strip())) {
            throttle.failed(address);
            return ToolLogin.Verdict.WRONG;
        }
        request.setAttribute(ATTRIBUTE, Boolean.TRUE);
        return ToolLogin.Verdict.VALID;
    }
}
