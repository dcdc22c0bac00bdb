package io.nzbmount.server.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * HTTP Basic authentication in front of every other handler: a request without the configured
 * credentials is answered 401 with a {@code WWW-Authenticate} challenge and goes no further (so
 * Milton never parses its body). The comparison is constant time: both sides are hashed and the
 * digests compared with {@link MessageDigest#isEqual}, so neither content nor length leaks through
 * timing. Credentials are never logged. Thread safe.
 */
public final class BasicAuthHandler extends Handler.Wrapper {

    /** Realm named in the challenge. */
    public static final String REALM = "NZBMount";

    private final byte[] expectedDigest;

    public BasicAuthHandler(Credentials credentials, Handler next) {
        super(next);
        this.expectedDigest = sha256(credentials.username() + ":" + credentials.password());
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (!accepts(request.getHeaders().get(HttpHeader.AUTHORIZATION))) {
            throw new HttpProblem.Unauthorized(REALM);
        }
        return super.handle(request, response, callback);
    }

    private boolean accepts(String authorization) {
        if (authorization == null || authorization.length() < 6
                || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        String userPass;
        try {
            userPass = new String(Base64.getDecoder().decode(authorization.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return false;
        }
        return MessageDigest.isEqual(expectedDigest, sha256(userPass));
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
