package io.nzbmount.nntp;

import io.nzbmount.nntp.internal.pool.CoolDownReason;
import io.nzbmount.nntp.internal.pool.Login;
import io.nzbmount.nntp.internal.pool.ProviderRefusedException;
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
 * Probes one provider account the way a pool connects to it: connects (with TLS when set), reads
 * the greeting, logs in when a username is set, and times one command (DATE) as the round trip.
 * Every probe ends within its time limit: when it runs out, the connection is aborted. Failures
 * are classified by exception type, never by message. Touches no pool; thread-safe, each probe
 * uses its own connection (on its own virtual thread) and closes it.
 */
public final class ProviderProbe {

    private final Duration limit;
    private final SSLSocketFactory sslFactory;

    /**
     * @param limit      the longest a probe may take, connect and every read included
     * @param sslFactory the TLS socket factory (its trust decides which certificates pass); null for
     *                   the provider's own trusted certificates, or the JVM's default when it has none
     */
    public ProviderProbe(Duration limit, SSLSocketFactory sslFactory) {
        this.limit = Objects.requireNonNull(limit, "limit");
        this.sslFactory = sslFactory;
    }

    /** The longest a probe may take. */
    public Duration limit() {
        return limit;
    }

    /** Runs the probe; never throws for anything the network or the server does. */
    public Result probe(Provider provider) {
        Run run = new Run(
                provider,
                new NntpEndpoint(
                        provider.host(),
                        provider.port(),
                        provider.tls(),
                        sslFactory != null ? sslFactory : NntpEndpoint.trustOf(provider),
                        limit,
                        limit));
        CompletableFuture<Result> result = new CompletableFuture<>();
        Thread.ofVirtual().name("provider-probe-" + provider.host()).start(() -> {
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
            run.abort();
            return run.failed(Failure.LIMIT, null);
        } catch (InterruptedException e) {
            run.abort();
            Thread.currentThread().interrupt();
            return run.failed(Failure.INTERRUPTED, null);
        } catch (ExecutionException e) {
            run.abort();
            throw new IllegalStateException("provider probe failed unexpectedly", e.getCause());
        }
    }

    /** The login's result. */
    public enum LoginResult {
        OK,
        REJECTED,
        NOT_NEEDED,
        REFUSED
    }

    /** Why a probe failed. */
    public enum Failure {
        /** A connect or a read timed out. */
        TIMEOUT,
        /** The probe's thread was interrupted during I/O. */
        CUT_SHORT,
        /** The whole limit ran out. */
        LIMIT,
        /** The caller was interrupted while waiting. */
        INTERRUPTED,
        /** Nothing listens on the port. */
        REFUSED,
        UNKNOWN_HOST,
        NO_ROUTE,
        /** Any other failure of the connection; the detail names the exception's type. */
        NETWORK,
        /** The TLS handshake failed; the detail is its message, when there is one. */
        TLS,
        /** The server does not speak NNTP. */
        NOT_NNTP,
        /** The greeting said the server takes no readers now. */
        UNAVAILABLE,
        /** The login was answered 481. */
        AUTH_REJECTED,
        /** The login was answered with anything else than 281 or 481. */
        AUTH_REFUSED,
        /** The username or password holds a line break; nothing of the login was sent. */
        LINE_BREAK
    }

    /**
     * What one probe saw.
     *
     * @param greeting        the server's greeting line, null when none was read
     * @param login           the login's result, null when not tried or not answered
     * @param loginReply      the server's last reply to the login, null when not answered
     * @param connectMillis   from starting the TCP connection to the greeting (TLS included); -1 when not reached
     * @param roundTripMillis the time of one DATE after the login; -1 when not reached
     * @param failure         why it failed, null when it did not
     * @param detail          for {@link Failure#TLS} the handshake's message, for {@link Failure#NETWORK}
     *                        the exception's simple name; otherwise null
     */
    public record Result(
            String greeting,
            LoginResult login,
            String loginReply,
            long connectMillis,
            long roundTripMillis,
            Failure failure,
            String detail) {
        public boolean ok() {
            return failure == null;
        }
    }

    /** One probe's progress; fields are written by the probe's thread, read after it ended or timed out. */
    private static final class Run implements Login.Steps {
        private final Provider provider;
        private final Login login;
        private volatile NntpConnection connection;
        private volatile long start;
        private volatile NntpReply greeting;
        private volatile NntpReply loginReply;
        private volatile long connectMillis = -1;

        Run(Provider provider, NntpEndpoint endpoint) {
            this.provider = provider;
            this.login = new Login(provider, endpoint, reason -> {}, () -> {});
        }

        @Override
        public void connecting(NntpConnection c) {
            connection = c;
            start = System.nanoTime();
        }

        @Override
        public void greeted(NntpReply reply) {
            connectMillis = millisSince(start);
            greeting = reply;
        }

        @Override
        public void answered(NntpReply reply) {
            loginReply = reply;
        }

        Result call() {
            try (NntpConnection c = login.open(this)) {
                long sent = System.nanoTime();
                c.command("DATE");
                long roundTrip = millisSince(sent);
                c.quit();
                LoginResult result = provider.hasLogin() ? LoginResult.OK : LoginResult.NOT_NEEDED;
                return new Result(greetingText(), result, replyText(), connectMillis, roundTrip, null, null);
            } catch (IOException e) {
                if (greeting != null && !greeting.isGreetingOk()) return failed(Failure.UNAVAILABLE, null);
                if (loginReply != null && loginReply.code() != NntpReply.AUTH_ACCEPTED) return refusedLogin(e);
                return failed(classify(e), detail(e));
            } catch (UnresolvedAddressException e) {
                return failed(Failure.UNKNOWN_HOST, null);
            } catch (IllegalArgumentException e) {
                return failed(Failure.LINE_BREAK, null);
            }
        }

        private Result refusedLogin(IOException e) {
            boolean rejected = e instanceof ProviderRefusedException r && r.reason() == CoolDownReason.AUTH_REJECTED;
            LoginResult result = rejected ? LoginResult.REJECTED : LoginResult.REFUSED;
            return new Result(
                    greetingText(),
                    result,
                    replyText(),
                    connectMillis,
                    -1,
                    rejected ? Failure.AUTH_REJECTED : Failure.AUTH_REFUSED,
                    null);
        }

        private static Failure classify(IOException e) {
            return switch (e) {
                case SocketTimeoutException t -> Failure.TIMEOUT;
                case InterruptedIOException i -> Failure.CUT_SHORT;
                case ConnectException c -> Failure.REFUSED;
                case UnknownHostException u -> Failure.UNKNOWN_HOST;
                case NoRouteToHostException n -> Failure.NO_ROUTE;
                case SSLException s -> Failure.TLS;
                case NntpProtocolException p -> Failure.NOT_NNTP;
                default -> Failure.NETWORK;
            };
        }

        private static String detail(IOException e) {
            return switch (classify(e)) {
                case TLS -> e.getMessage();
                case NETWORK -> e.getClass().getSimpleName();
                default -> null;
            };
        }

        Result failed(Failure failure, String detail) {
            return new Result(greetingText(), null, null, connectMillis, -1, failure, detail);
        }

        void abort() {
            NntpConnection c = connection;
            if (c != null) c.abort();
        }

        private String greetingText() {
            NntpReply g = greeting;
            return g == null ? null : g.toString();
        }

        private String replyText() {
            NntpReply r = loginReply;
            return r == null ? null : r.toString();
        }

        private static long millisSince(long startNanos) {
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
        }
    }
}
