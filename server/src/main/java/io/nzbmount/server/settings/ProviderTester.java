package io.nzbmount.server.settings;

import io.nzbmount.config.Credentials;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ProviderProbe;
import java.time.Duration;
import javax.net.ssl.SSLSocketFactory;

/**
 * Tests a provider account the way the reader will use it: connects (with TLS when set), reads
 * the greeting, logs in when a username is set, and times one command (DATE) as the round trip.
 * Every test ends within the time limit: when it runs out, the connection is aborted and the
 * answer is a timeout. The connection is made by {@link ProviderProbe}; this class puts its
 * findings in plain words. Thread-safe.
 */
public final class ProviderTester {

    /** The longest a whole test may take, as the settings page promises. */
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(10);

    private final ProviderProbe probe;

    /** Tests with {@link #DEFAULT_LIMIT} and the JVM's default TLS trust. */
    public ProviderTester() {
        this(DEFAULT_LIMIT, null);
    }

    /**
     * @param limit      the longest a test may take, connect and every read included
     * @param sslFactory the TLS socket factory (its trust decides which certificates pass); null for
     *                   the JVM's default
     */
    public ProviderTester(Duration limit, SSLSocketFactory sslFactory) {
        this.probe = new ProviderProbe(limit, sslFactory);
    }

    /** Runs the test; never throws for anything the network or the server does. */
    public ProviderCheck test(ProviderSettings provider) {
        ProviderProbe.Result r = probe.probe(account(provider));
        if (r.ok()) {
            ProviderCheck.Auth auth =
                    r.login() == ProviderProbe.LoginResult.OK ? ProviderCheck.Auth.OK : ProviderCheck.Auth.NOT_NEEDED;
            return check(
                    provider,
                    r,
                    auth,
                    null,
                    auth == ProviderCheck.Auth.OK ? "connected and logged in" : "connected (no login set)");
        }
        return switch (r.failure()) {
            case AUTH_REJECTED ->
                check(
                        provider,
                        r,
                        ProviderCheck.Auth.REJECTED,
                        ProviderCheck.Failure.AUTH_REJECTED,
                        "connected, but the username or password was rejected: " + r.loginReply());
            case AUTH_REFUSED ->
                check(
                        provider,
                        r,
                        ProviderCheck.Auth.REFUSED,
                        ProviderCheck.Failure.AUTH_REFUSED,
                        "connected, but the login was refused (often: too many connections): " + r.loginReply());
            case UNAVAILABLE ->
                failed(
                        provider,
                        r,
                        ProviderCheck.Failure.UNAVAILABLE,
                        "the server is not taking readers now: " + r.greeting());
            case LIMIT ->
                failed(
                        provider,
                        r,
                        ProviderCheck.Failure.TIMEOUT,
                        "no answer within " + probe.limit().toSeconds() + " s");
            case INTERRUPTED -> failed(provider, r, ProviderCheck.Failure.TIMEOUT, "the test was interrupted");
            case TIMEOUT ->
                failed(
                        provider,
                        r,
                        ProviderCheck.Failure.TIMEOUT,
                        r.greeting() == null ? "no greeting from the server in time" : "the server stopped answering");
            case CUT_SHORT -> failed(provider, r, ProviderCheck.Failure.TIMEOUT, "the test was cut short");
            case REFUSED ->
                failed(
                        provider,
                        r,
                        ProviderCheck.Failure.REFUSED,
                        "the connection was refused (nothing listens on " + provider.host() + ":" + provider.port()
                                + ")");
            case UNKNOWN_HOST ->
                failed(provider, r, ProviderCheck.Failure.UNKNOWN_HOST, "unknown host " + provider.host());
            case NO_ROUTE -> failed(provider, r, ProviderCheck.Failure.NETWORK, "no route to " + provider.host());
            case TLS ->
                failed(
                        provider,
                        r,
                        ProviderCheck.Failure.TLS,
                        "TLS handshake failed" + (r.detail() == null ? "" : ": " + shorten(r.detail()))
                                + (provider.tls() ? " (is TLS on for this port?)" : ""));
            case NOT_NNTP ->
                failed(
                        provider,
                        r,
                        ProviderCheck.Failure.NOT_NNTP,
                        "the server does not speak NNTP on this port" + (provider.tls() ? "" : " (does it need TLS?)"));
            case LINE_BREAK ->
                failed(
                        provider,
                        r,
                        ProviderCheck.Failure.AUTH_REFUSED,
                        "the username or password contains a line break");
            case NETWORK ->
                failed(provider, r, ProviderCheck.Failure.NETWORK, "the connection failed (" + r.detail() + ")");
        };
    }

    /** The account as the nntp module takes it; one connection is all a test opens. */
    private static Provider account(ProviderSettings p) {
        String user = p.credentials().map(Credentials::username).orElse(null);
        String password = p.credentials().map(Credentials::password).orElse(null);
        return new Provider(p.name(), p.host(), p.port(), p.tls(), user, password, 1, 0, p.trustedCertificates());
    }

    private static ProviderCheck check(
            ProviderSettings p,
            ProviderProbe.Result r,
            ProviderCheck.Auth auth,
            ProviderCheck.Failure failure,
            String message) {
        return new ProviderCheck(
                failure == null,
                p.host(),
                p.port(),
                p.tls(),
                r.greeting(),
                auth,
                r.loginReply(),
                r.connectMillis(),
                r.roundTripMillis(),
                failure,
                message);
    }

    private static ProviderCheck failed(
            ProviderSettings p, ProviderProbe.Result r, ProviderCheck.Failure failure, String message) {
        return new ProviderCheck(
                false, p.host(), p.port(), p.tls(), r.greeting(), null, null, r.connectMillis(), -1, failure, message);
    }

    private static String shorten(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }
}
