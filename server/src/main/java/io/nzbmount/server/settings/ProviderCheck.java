package io.nzbmount.server.settings;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of one provider connection test. Holds no secret.
 *
 * @param ok              connected, the server greeted with 200/201 and the login (if any) was accepted
 * @param host            the host tried
 * @param port            the port tried
 * @param tls             whether the connection used TLS
 * @param greeting        the server's greeting line, null when none was read
 * @param auth            the login: {@link Auth#OK}, {@link Auth#REJECTED}, {@link Auth#NOT_NEEDED} (no
 *                        username set), {@link Auth#REFUSED} (too many connections, not allowed), or null
 *                        when it was not tried
 * @param authReply       the server's last reply to the login, null when not tried
 * @param connectMillis   from starting the TCP connection to the greeting (TLS handshake included); -1 when not reached
 * @param roundTripMillis the time of one command (DATE) after the login; -1 when not reached
 * @param failure         why it failed, null when ok
 * @param message         what happened, in plain words
 */
public record ProviderCheck(
        boolean ok,
        String host,
        int port,
        boolean tls,
        String greeting,
        Auth auth,
        String authReply,
        long connectMillis,
        long roundTripMillis,
        Failure failure,
        String message) {

    /** The result of the login. */
    public enum Auth {
        OK("ok"),
        REJECTED("rejected"),
        NOT_NEEDED("not needed"),
        REFUSED("refused");

        final String word;

        Auth(String word) {
            this.word = word;
        }
    }

    /** Why a test failed; decided from the type of the failure, never its message. */
    public enum Failure {
        REFUSED("refused"),
        TIMEOUT("timeout"),
        TLS("tls"),
        UNKNOWN_HOST("unknown-host"),
        UNAVAILABLE("unavailable"),
        AUTH_REJECTED("auth-rejected"),
        AUTH_REFUSED("auth-refused"),
        NOT_NNTP("not-nntp"),
        NETWORK("network");

        final String word;

        Failure(String word) {
            this.word = word;
        }
    }

    /** The JSON shape of the API answer. */
    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", ok);
        m.put("host", host);
        m.put("port", port);
        m.put("tls", tls);
        m.put("greeting", greeting);
        m.put("auth", auth == null ? null : auth.word);
        m.put("authReply", authReply);
        m.put("connectMillis", connectMillis < 0 ? null : connectMillis);
        m.put("roundTripMillis", roundTripMillis < 0 ? null : roundTripMillis);
        m.put("failure", failure == null ? null : failure.word);
        m.put("message", message);
        return m;
    }
}
