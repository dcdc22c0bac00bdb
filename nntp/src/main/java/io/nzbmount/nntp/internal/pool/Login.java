package io.nzbmount.nntp.internal.pool;

import io.nzbmount.nntp.Provider;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.internal.protocol.NntpConnection;
import io.nzbmount.nntp.internal.protocol.NntpEndpoint;
import io.nzbmount.nntp.internal.protocol.NntpReply;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * Opens one connection to a provider and logs in, and tells its pool what the provider's answers
 * mean for it: a refusal (502 at the greeting, 481, 482 or 502 at login) starts a cool-down, a good login
 * ends a series of them. Stateless apart from its pool's callbacks; thread-safe.
 */
public final class Login {

    private final Provider provider;
    private final NntpEndpoint endpoint;
    private final Consumer<CoolDownReason> refused;
    private final Runnable loggedIn;

    /**
     * @param refused  told, on the connecting thread, why the provider refused us
     * @param loggedIn told, on the connecting thread, after each good login
     */
    public Login(Provider provider, NntpEndpoint endpoint, Consumer<CoolDownReason> refused, Runnable loggedIn) {
        this.provider = provider;
        this.endpoint = endpoint;
        this.refused = refused;
        this.loggedIn = loggedIn;
    }

    /**
     * A connection that is logged in (or needs no login), owned by the caller.
     *
     * @throws ProviderRefusedException the provider refused the connection or the login
     * @throws ServiceUnavailableException a temporary refusal at the greeting or login (400)
     * @throws ReadCancelledException the calling thread was interrupted
     * @throws IOException connecting failed (refused, timed out, reset, TLS, broken protocol)
     */
    public NntpConnection open() throws IOException {
        return open(new Steps() {});
    }

    /**
     * As {@link #open()}, telling {@code steps} what happens on the way.
     *
     * @throws IllegalArgumentException the username or password holds a line break (nothing of it is sent)
     */
    public NntpConnection open(Steps steps) throws IOException {
        NntpConnection c = new NntpConnection(endpoint);
        steps.connecting(c);
        boolean ok = false;
        try {
            NntpReply greeting = c.connect();
            steps.greeted(greeting);
            if (!greeting.isGreetingOk()) {
                if (greeting.code() == NntpReply.SERVICE_PERMANENTLY_UNAVAILABLE)
                    throw refused(CoolDownReason.TOO_MANY_CONNECTIONS, greeting);
                throw new ServiceUnavailableException(provider.name() + " refused service at the greeting", greeting);
            }
            if (provider.hasLogin()) {
                NntpReply login =
                        c.authenticate(provider.username(), provider.password() == null ? "" : provider.password());
                steps.answered(login);
                switch (login.code()) {
                    case NntpReply.AUTH_ACCEPTED -> {}
                    case NntpReply.AUTH_REJECTED -> throw refused(CoolDownReason.AUTH_REJECTED, login);
                    case NntpReply.AUTH_OUT_OF_SEQUENCE, NntpReply.SERVICE_PERMANENTLY_UNAVAILABLE ->
                        throw refused(CoolDownReason.TOO_MANY_CONNECTIONS, login);
                    default ->
                        throw new ServiceUnavailableException(provider.name() + " did not accept the login", login);
                }
            }
            loggedIn.run();
            ok = true;
            return c;
        } catch (IOException e) {
            if (Thread.currentThread().isInterrupted()) {
                ReadCancelledException cancelled =
                        new ReadCancelledException("interrupted while connecting to " + provider.name());
                cancelled.initCause(e);
                throw cancelled;
            }
            throw e;
        } finally {
            if (!ok) c.close();
        }
    }

    /** What one {@link #open(Steps)} learns, told on the connecting thread in this order. */
    public interface Steps {
        /** The connection about to connect; {@link NntpConnection#abort()} ends its waits from any thread. */
        default void connecting(NntpConnection connection) {}

        /** The server's greeting, read. */
        default void greeted(NntpReply greeting) {}

        /** The server's last answer to the login, when one was sent. */
        default void answered(NntpReply login) {}
    }

    private ProviderRefusedException refused(CoolDownReason reason, NntpReply reply) {
        refused.accept(reason);
        return new ProviderRefusedException(provider.name() + " refused: " + reply, reason);
    }
}
