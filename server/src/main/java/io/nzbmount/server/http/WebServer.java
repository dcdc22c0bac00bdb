package io.nzbmount.server.http;

import io.nzbmount.config.Credentials;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.pathmap.ServletPathSpec;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.server.handler.PathMappingsHandler;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP server: the handlers the application mounts at paths ({@code /dav/*}, {@code /api/*},
 * {@code /}). Built with {@link #builder()}; {@link #start()} binds, {@link #stop()} ends it
 * gracefully.
 *
 * <p>Handler chain, one concern each: graceful shutdown, then the {@code Host} check against DNS
 * rebinding ({@link HostCheckHandler}), then the API key (when keys are set, {@link ApiKeyHandler}),
 * then HTTP Basic (when credentials are set), both slowed by one {@link LoginThrottle}, then the cap on
 * request bodies ({@link BodyLimitHandler}), then a path mapping. The {@link Builder#openRoute open
 * routes} (signed links) branch off after the host check: they check a credential in their path. On the exact paths of
 * {@link Builder#selfAnsweringRoute} the two logins are checked but only recorded ({@link ToolLogin}):
 * their handler answers a refused one itself. Errors anywhere are
 * answered as JSON by {@link JsonErrorHandler}. Requests run on virtual threads, so handlers may
 * block.
 *
 * <p>Start and stop from one thread; the accessors are thread safe.
 */
public final class WebServer {

    private static final Logger log = LoggerFactory.getLogger(WebServer.class);

    private final Server server;
    private final ServerConnector connector;
    private final String bind;
    private final Duration idleTimeout;

    /** The idle timeout when none is set: longer than any wait for bytes under the default failure rules. */
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);

    private WebServer(Builder b) {
        idleTimeout = b.idleTimeout;
        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setName("http");
        threads.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor("http-request"));
        server = new Server(threads);

        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(b.bind);
        connector.setPort(b.port);
        connector.setIdleTimeout(b.idleTimeout.toMillis());
        server.addConnector(connector);
        bind = b.bind;

        PathMappingsHandler paths = new PathMappingsHandler();
        b.routes.forEach((spec, handler) -> paths.addMapping(new ServletPathSpec(spec), handler));

        Handler guarded = new BodyLimitHandler(paths);
        LoginThrottle throttle = b.throttle != null ? b.throttle : new LoginThrottle(Clock.systemUTC(), log::warn);
        if (b.credentials != null) {
            guarded = new BasicAuthHandler(b.credentials, throttle, b.selfAnswering, guarded);
        }
        if (b.apiKeys != null) {
            guarded = new ApiKeyHandler(b.apiKeys, throttle, b.selfAnswering, b.loginOnly, guarded);
        }
        if (!b.openRoutes.isEmpty()) {
            guarded = new OpenRoutes(b.openRoutes, guarded);
        }
        server.setHandler(new GracefulHandler(new HostCheckHandler(b.bind, b.allowedHosts, guarded)));
        server.setErrorHandler(new JsonErrorHandler());
        server.setStopTimeout(b.stopTimeout.toMillis());
        server.setStopAtShutdown(false);
    }

    /** A builder with nothing mounted yet. */
    public static Builder builder() {
        return new Builder();
    }

    /** Binds and starts serving. */
    public void start() throws Exception {
        server.start();
    }

    /**
     * Stops accepting, lets running requests finish for up to the stop timeout, then closes the
     * connections that are left: a response still streaming is cut short (its reader is closed),
     * never padded. Idempotent.
     */
    public void stop() throws Exception {
        try {
            server.stop();
        } catch (TimeoutException cutShort) {
            // Jetty reports the requests still running at the stop timeout after it closed them.
            log.info("stopped; responses still running after {} ms were cut short", server.getStopTimeout());
        }
    }

    /** How long a connection may make no progress before it is closed. */
    public Duration idleTimeout() {
        return idleTimeout;
    }

    /** The port bound (the real one when 0 was asked); -1 before start. */
    public int port() {
        return connector.getLocalPort();
    }

    /** The base URI, e.g. {@code http://127.0.0.1:8080/}; valid after start. */
    public URI uri() {
        String host = bind.contains(":") ? "[" + bind + "]" : bind;
        if (bind.equals("0.0.0.0") || bind.equals("::")) {
            host = "127.0.0.1";
        }
        return URI.create("http://" + host + ":" + port() + "/");
    }

    /** Settings of a {@link WebServer}. Not thread safe; use once. */
    public static final class Builder {
        private String bind = "127.0.0.1";
        private int port = 8080;
        private Credentials credentials;
        private List<String> allowedHosts = List.of();
        private ApiKeys apiKeys;
        private LoginThrottle throttle;
        private Duration stopTimeout = Duration.ofSeconds(5);
        private Duration idleTimeout = DEFAULT_IDLE_TIMEOUT;
        private final Map<String, Handler> routes = new LinkedHashMap<>();
        private final Map<String, Handler> openRoutes = new LinkedHashMap<>();
        private final Set<String> selfAnswering = new TreeSet<>();
        private final Set<String> loginOnly = new TreeSet<>();

        private Builder() {}

        /** Address to listen on: an IP literal or host name. Default 127.0.0.1. */
        public Builder bind(String address) {
            this.bind = Objects.requireNonNull(address, "bind");
            return this;
        }

        /** TCP port; 0 picks a free one (see {@link WebServer#port()}). Default 8080. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535, not " + port);
            }
            this.port = port;
            return this;
        }

        /** HTTP Basic credentials required on every path; null (the default) for none. */
        public Builder credentials(Credentials credentials) {
            this.credentials = credentials;
            return this;
        }

        /**
         * Host names a request's {@code Host} header may name besides the built-in ones (see
         * {@link HostCheckHandler}): lower case, {@code *.example.lan} for the names below one.
         * Default none.
         */
        public Builder allowedHosts(List<String> names) {
            this.allowedHosts = List.copyOf(names);
            return this;
        }

        /**
         * The API key that logs tools in ({@code X-Api-Key}; {@code ?apikey=} on the self-answering
         * routes only) instead of HTTP Basic, and spares them the cross-site header, except on the
         * {@link #loginOnly} paths; null (the default) for none.
         */
        public Builder apiKeys(ApiKeys keys) {
            this.apiKeys = keys;
            return this;
        }

        /**
         * A path (with everything below it) the API key does not open: there only the login counts,
         * or without a login the cross-site header ({@link ApiKeyHandler#keyOutOfScope}).
         */
        public Builder loginOnly(String path) {
            if (path.contains("*") || !path.startsWith("/")) throw new IllegalArgumentException("not a path: " + path);
            loginOnly.add(path);
            return this;
        }

        /** What slows failed logins; default one on the system clock that logs a burst as a warning. */
        public Builder loginThrottle(LoginThrottle throttle) {
            this.throttle = Objects.requireNonNull(throttle, "throttle");
            return this;
        }

        /** How long {@link WebServer#stop()} waits for running requests. Default 5 s. */
        public Builder stopTimeout(Duration timeout) {
            this.stopTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /**
         * How long a connection may make no progress (a client that neither sends nor reads)
         * before it is closed, releasing its reader. Default 60 s. Keep it longer than the longest
         * a response may wait for bytes while a source could still serve them (the reader's budget
         * and the failure policy's retries and cutover): a stall must end as a provider failover,
         * a cutover or a clean short end, never as an idle connection closed under the player.
         */
        public Builder idleTimeout(Duration timeout) {
            this.idleTimeout = Objects.requireNonNull(timeout);
            return this;
        }

        /**
         * Mounts a handler at a servlet-style path spec: {@code "/api/*"} (the prefix and all
         * below), {@code "/metrics"} (exact), {@code "/"} (everything no other spec takes). The
         * handler sits behind auth and may block; it reports errors by throwing
         * {@link HttpProblem}. A spec may be mounted once.
         */
        public Builder route(String pathSpec, Handler handler) {
            if (routes.containsKey(pathSpec)) {
                throw new IllegalArgumentException("path spec already mounted: " + pathSpec);
            }
            routes.put(pathSpec, Objects.requireNonNull(handler, "handler"));
            return this;
        }

        /**
         * Mounts a handler at a prefix spec ({@code "/s/*"}) in front of the API key and the login:
         * its requests carry their own credential in the path (a signed link) and the handler
         * checks it. The host check stays in front, and the body cap is the handler's own affair
         * (it should read no body). A spec may be mounted once.
         */
        public Builder openRoute(String pathSpec, Handler handler) {
            if (!pathSpec.startsWith("/") || !pathSpec.endsWith("/*") || pathSpec.length() < 4) {
                throw new IllegalArgumentException("not a prefix spec: " + pathSpec);
            }
            if (openRoutes.containsKey(pathSpec) || routes.containsKey(pathSpec)) {
                throw new IllegalArgumentException("path spec already mounted: " + pathSpec);
            }
            openRoutes.put(pathSpec, Objects.requireNonNull(handler, "handler"));
            return this;
        }

        /**
         * Mounts a handler at one exact path that answers a refused login itself (SABnzbd's API
         * wants an HTTP 200 with the error). The host check and the body cap stay in front; the
         * API key and the login are checked as usual but only recorded ({@link ToolLogin}), and
         * the handler must act on nothing but {@link ToolLogin.Verdict#VALID}.
         */
        public Builder selfAnsweringRoute(String exactPath, Handler handler) {
            if (exactPath.contains("*") || !exactPath.startsWith("/")) {
                throw new IllegalArgumentException("not an exact path: " + exactPath);
            }
            route(exactPath, handler);
            selfAnswering.add(exactPath);
            return this;
        }

        /**
         * Checks the settings and makes the server (nothing is bound yet).
         *
         * @throws UnsafeBindException when no credentials are set and the bind address is not a
         *                             loopback address
         */
        public WebServer build() {
            if (credentials == null && !FetchTargets.loopbackOnly(bind)) {
                throw new UnsafeBindException("refusing to listen on " + bind + " without auth: anyone on the"
                        + " network could read the library. Set auth.username and auth.password, or bind"
                        + " to 127.0.0.1.");
            }
            return new WebServer(this);
        }
    }
}
