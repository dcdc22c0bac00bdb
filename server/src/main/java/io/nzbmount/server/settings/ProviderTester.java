package io.nzbmount.server.settings;

import io.nzbmount.config.Credentials;
import io.nzbmount.config.ProviderSettings;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import io.nzbmount.nntp.internal.protocol.NntpProtocolException;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocketFactory;

/**
 * Tests a provider account the way the reader will use it: connects (with TLS when set), reads
 * the greeting, logs in when a username is set, and times one command (DATE) as the round trip.
 * Every test ends within the time limit: when it runs out, the connection is aborted and the
 * answer is a timeout. Failures are classified by exception type. Thread-safe; each test uses its
 * own connection (on its own virtual thread) and closes it.
 */
public final class ProviderTester {

    /** The longest a whole test may take, as the settings page promises. */
    public static final Duration DEFAULT_LIMIT = Duration.ofSeconds(10);

    private final Duration limit;
    private final SSLSocketFactory sslFactory;

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
        this.limit = Objects.requireNonNull(limit, "limit");
        this.sslFactory = sslFactory;
    }

    /** Runs the test; never throws for anything the network or the server does. */
    public ProviderCheck test(ProviderSettings provider) {
        NntpEndpoint endpoint = new NntpEndpoint(provider.host(), provider.port(), provider.tls(), sslFactory, limit, limit);
        NntpConnection connection = new NntpConnection(endpoint);
        Run run = new Run(provider, connection);
        CompletableFuture<ProviderCheck> result = new CompletableFuture<>();
        Thread.ofVirtual().name("provider-test-" + provider.host()).start(() -> {
            try {
                result.complete(run.call());
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        });
        try {
            return result.get(limit.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            // A name lookup cannot be interrupted; abort() at least ends any socket wait at once.
            connection.abort();
            return run.failed(ProviderCheck.Failure.TIMEOUT, "no answer within " + limit.toSeconds() + " s");
        } catch (InterruptedException e) {
            connection.abort();
            Thread.currentThread().interrupt();
            return run.failed(ProviderCheck.Failure.TIMEOUT, "the test was interrupted");
        } catch (ExecutionException e) {
            connection.abort();
            throw new IllegalStateException("provider test failed unexpectedly", e.getCause());
        }
    }

    /** One test's progress; fields are written by the test's thread, read after it ended or timed out. */
    private static final class Run {
        private final ProviderSettings provider;
        private final NntpConnection connection;
        private volatile String greeting;
        private volatile long connectMillis = -1;

        Run(ProviderSettings provider, NntpConnection connection) {
            this.provider = provider;
            this.connection = connection;
        }

        ProviderCheck call() {
            long start = System.nanoTime();
            try (connection) {
                NntpReply hello = connection.connect();
                connectMillis = millisSince(start);
                greeting = hello.toString();
                if (!hello.isGreetingOk()) {
                    return failed(ProviderCheck.Failure.UNAVAILABLE, "the server is not taking readers now: " + hello);
                }
                ProviderCheck.Auth auth = ProviderCheck.Auth.NOT_NEEDED;
                String authReply = null;
                if (provider.credentials().isPresent()) {
                    Credentials c = provider.credentials().get();
                    NntpReply reply = connection.authenticate(c.username(), c.password());
                    authReply = reply.toString();
                    auth = switch (reply.code()) {
                        case NntpReply.AUTH_ACCEPTED -> ProviderCheck.Auth.OK;
                        case NntpReply.AUTH_REJECTED -> ProviderCheck.Auth.REJECTED;
                        default -> ProviderCheck.Auth.REFUSED;
                    };
                    if (auth == ProviderCheck.Auth.REJECTED) {
                        return new ProviderCheck(false, provider.host(), provider.port(), provider.tls(), greeting, auth,
                                authReply, connectMillis, -1, ProviderCheck.Failure.AUTH_REJECTED,
                                "connected, but the username or password was rejected: " + reply);
                    }
                    if (auth == ProviderCheck.Auth.REFUSED) {
                        return new ProviderCheck(false, provider.host(), provider.port(), provider.tls(), greeting, auth,
                                authReply, connectMillis, -1, ProviderCheck.Failure.AUTH_REFUSED,
                                "connected, but the login was refused (often: too many connections): " + reply);
                    }
                }
                long sent = System.nanoTime();
                connection.command("DATE");
                long roundTrip = millisSince(sent);
                connection.quit();
                return new ProviderCheck(true, provider.host(), provider.port(), provider.tls(), greeting, auth,
                        authReply, connectMillis, roundTrip, null, auth == ProviderCheck.Auth.OK
                        ? "connected and logged in" : "connected (no login set)");
            } catch (SocketTimeoutException e) {
                return failed(ProviderCheck.Failure.TIMEOUT, greeting == null
                        ? "no greeting from the server in time" : "the server stopped answering");
            } catch (InterruptedIOException e) {
                return failed(ProviderCheck.Failure.TIMEOUT, "the test was cut short");
            } catch (ConnectException e) {
                return failed(ProviderCheck.Failure.REFUSED, "the connection was refused (nothing listens on "
                        + provider.host() + ":" + provider.port() + ")");
            } catch (UnknownHostException | UnresolvedAddressException e) {
                return failed(ProviderCheck.Failure.UNKNOWN_HOST, "unknown host " + provider.host());
            } catch (NoRouteToHostException e) {
                return failed(ProviderCheck.Failure.NETWORK, "no route to " + provider.host());
            } catch (SSLException e) {
                return failed(ProviderCheck.Failure.TLS, "TLS handshake failed" + (e.getMessage() == null ? ""
                        : ": " + shorten(e.getMessage())) + (provider.tls() ? " (is TLS on for this port?)" : ""));
            } catch (NntpProtocolException e) {
                return failed(ProviderCheck.Failure.NOT_NNTP, "the server does not speak NNTP on this port"
                        + (provider.tls() ? "" : " (does it need TLS?)"));
            } catch (IllegalArgumentException e) {
                // NntpConnection refuses a line break in the username or password before sending anything.
                return failed(ProviderCheck.Failure.AUTH_REFUSED, "the username or password contains a line break");
            } catch (IOException e) {
                return failed(ProviderCheck.Failure.NETWORK, "the connection failed (" + e.getClass().getSimpleName() + ")");
            }
        }

        ProviderCheck failed(ProviderCheck.Failure failure, String message) {
            return new ProviderCheck(false, provider.host(), provider.port(), provider.tls(), greeting, null, null,
                    connectMillis, -1, failure, message);
        }

        private static long millisSince(long startNanos) {
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        }

        private static String shorten(String s) {
            return s.length() > 160 ? s.substring(0, 160) + "..." : s;
        }
    }
}
