package io.nzbmount.server.ui;

import io.nzbmount.server.http.ApiKeyHandler;
import io.nzbmount.server.http.HttpProblem;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jetty.http.HttpURI;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * A defence against cross-site request forgery for the REST API: a request that can change
 * something (any method but GET, HEAD and OPTIONS) must carry the header
 * {@value #HEADER}{@code : 1}, and must not come from another origin. Refusals are 403 with a
 * JSON error that says which rule was broken.
 *
 * <p>Why this works: a page on another site can make a browser send a form POST (with the
 * browser's cached Basic credentials) but cannot add a custom header without a CORS preflight,
 * which this server never grants. The {@code Origin} check (and {@code Sec-Fetch-Site:
 * cross-site}) refuses such requests even before that, in browsers that send those headers.
 * Scripts and {@code curl} add the header themselves. A request logged in by the API key
 * ({@link ApiKeyHandler}) is let through: a browser never adds that key by itself, so a page
 * that sends it already knows it. On the paths the key does not open (the settings), it logs
 * nothing in, so the header is required there whatever key comes with the request. Put it in front of {@code /api} only:
 * WebDAV clients under {@code /dav} do not send it and are not browsers.
 *
 * <p>Origins are compared by host and port against the {@code Host} the request was sent to,
 * not by scheme, so a TLS-terminating reverse proxy that passes the original {@code Host} keeps
 * working. Stateless and thread safe.
 */
public final class CsrfHandler extends Handler.Wrapper {

    /** The header a state-changing API request must carry (any non-blank value; the UI sends 1). */
    public static final String HEADER = "X-NZBMount-Request";

    private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

    public CsrfHandler(Handler next) {
        super(next);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (!SAFE_METHODS.contains(request.getMethod()) && !ApiKeyHandler.carriesKey(request)) {
            check(request);
        }
        return super.handle(request, response, callback);
    }

    private static void check(Request request) {
        String fetchSite = request.getHeaders().get("Sec-Fetch-Site");
        if ("cross-site".equalsIgnoreCase(fetchSite)) {
            throw new HttpProblem.Forbidden(
                    "cross-site request refused: the request was sent by a page on another site");
        }
        String origin = request.getHeaders().get("Origin");
        if (origin != null && !sameOrigin(origin, request.getHttpURI())) {
            throw new HttpProblem.Forbidden(
                    "cross-origin request refused: Origin " + HttpProblem.printable(origin) + " is not this server");
        }
        String marker = request.getHeaders().get(HEADER);
        if (marker == null || marker.isBlank()) {
            throw new HttpProblem.Forbidden("requests that change something need the header " + HEADER
                    + ": 1 (a defence against cross-site request forgery)");
        }
    }

    /**
     * Whether {@code origin} names the host and port the request was sent to. A port missing from
     * the request's Host only matches an origin on its scheme's default port.
     */
    static boolean sameOrigin(String origin, HttpURI target) {
        URI uri;
        try {
            uri = new URI(origin.strip());
        } catch (URISyntaxException e) {
            return false;
        }
        String scheme = uri.getScheme();
        String originHost = uri.getHost();
        String targetHost = target.getHost();
        if (scheme == null
                || originHost == null
                || targetHost == null
                || uri.getRawPath() != null && !uri.getRawPath().isEmpty()) {
            return false;
        }
        if (!bare(originHost).equals(bare(targetHost))) {
            return false;
        }
        int defaultPort = switch (scheme.toLowerCase(Locale.ROOT)) {
            case "http" -> 80;
            case "https" -> 443;
            default -> -1;
        };
        if (defaultPort < 0) {
            return false;
        }
        int originPort = uri.getPort() < 0 ? defaultPort : uri.getPort();
        int targetPort = target.getPort();
        return targetPort <= 0 ? originPort == defaultPort : originPort == targetPort;
    }

    /** The host lower-cased and without the brackets of an IPv6 literal. */
    private static String bare(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
    }
}
