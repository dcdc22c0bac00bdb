package io.nzbmount.server.http;

import io.nzbmount.config.Credentials;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Set;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * HTTP Basic authentication in front of every other handler: a request without the configured
 * credentials is answered 401 with a {@code WWW-Authenticate} challenge and goes no further (so
 * Milton never parses its body). A request the {@link ApiKeyHandler} in front logged in passes.
 * The comparison is constant time: both sides are hashed and the digests compared with
 * {@link MessageDigest#isEqual}, so neither content nor length leaks through timing. Wrong
 * credentials count as a failed login for the {@link LoginThrottle}; an address it slows down
 * gets a 429 before its credentials are looked at. Credentials are never logged. Thread safe.
 *
 * <p>On the paths that answer their own login ({@link ToolLogin}) nothing is refused or recorded
 * here, and the {@code Authorization} header is not looked at: a browser adds it by itself, so it
 * could be borrowed by a page elsewhere. There only the API key logs in; SABnzbd's
 * {@code ma_username}/{@code ma_password} are not taken, since the key is always set and the login
 * would travel in URLs.
 */
public final class BasicAuthHandler extends Handler.Wrapper {

    /** Realm named in the challenge. */
    public static final String REALM = "NZBMount";

    private final byte[] expectedDigest;
    private final LoginThrottle throttle;
    private final Set<String> selfAnswering;

    public BasicAuthHandler(Credentials credentials, LoginThrottle throttle, Handler next) {
        this(credentials, throttle, Set.of(), next);
    }

    /**
     * @param credentials   the one login accepted: both parts non-empty, no {@code ':'} in the name
     *                      (HTTP Basic uses it as the separator)
     * @param selfAnswering exact paths whose handler answers a refused login itself ({@link ToolLogin})
     * @throws IllegalArgumentException when the credentials do not suit HTTP Basic
     */
    public BasicAuthHandler(Credentials credentials, LoginThrottle throttle, Set<String> selfAnswering, Handler next) {
        super(next);
        if (credentials.username().isEmpty() || credentials.password().isEmpty()) {
            throw new IllegalArgumentException("auth needs both a username and a password");
        }
        if (credentials.username().indexOf(':') >= 0) {
            throw new IllegalArgumentException("an HTTP Basic username cannot contain ':'");
        }
        this.expectedDigest = sha256(credentials.username() + ":" + credentials.password());
        this.throttle = throttle;
        this.selfAnswering = Set.copyOf(selfAnswering);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (ApiKeyHandler.carriesKey(request)) {
            return super.handle(request, response, callback);
        }
        if (ToolLogin.answersItself(request, selfAnswering)) {
            return super.handle(request, response, callback);
        }
        String userPass = userPass(request.getHeaders().get(HttpHeader.AUTHORIZATION));
        if (userPass == null && ApiKeyHandler.keyOutOfScope(request)) {
            throw new HttpProblem.Unauthorized(
                    REALM,
                    "the API key does not open this path (settings and the key"
                            + " itself); log in with the username and password");
        }
        if (userPass == null) {
            throw new HttpProblem.Unauthorized(REALM);
        }
        String address = Request.getRemoteAddr(request);
        if (throttle.refuses(address)) {
            throw slowedDown();
        }
        if (!MessageDigest.isEqual(expectedDigest, sha256(userPass))) {
            throttle.failed(address);
            throw new HttpProblem.Unauthorized(REALM);
        }
        return super.handle(request, response, callback);
    }

    /** The answer to an address the throttle slows down. */
    static HttpProblem slowedDown() {
        return new HttpProblem.TooManyRequests(
                "too many failed logins (from this address, or from all together); try again in a second");
    }

    /** The decoded {@code user:password} of a Basic header; null when there is none or it is malformed. */
    private static String userPass(String authorization) {
        if (authorization == null
                || authorization.length() < 6
                || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            return new String(
                    Base64.getDecoder().decode(authorization.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }

    /** SHA-256 of the UTF-8 bytes of {@code text}: secrets are compared by digest, in constant time. */
    public static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
