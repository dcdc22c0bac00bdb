package io.nzbmount.nntp.internal.protocol;

import io.nzbmount.nntp.Provider;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLSocketFactory;

/**
 * Where and how to open an NNTP connection. Immutable.
 *
 * @param host           host name or address; with TLS also the name the certificate must match
 * @param port           TCP port
 * @param tls            implicit TLS from the first byte (hostname verification on)
 * @param sslFactory     the TLS socket factory (its trust decides which certificates pass);
 *                       ignored without TLS
 * @param connectTimeout      the longest a TCP connect and the TLS handshake may take
 * @param firstByteTimeout    the longest a reply's first byte may take after its command was sent
 *                            (the greeting after the connect): a provider that goes silent is
 *                            caught here
 * @param betweenBytesTimeout the longest a reply may go without a byte once it has started: a
 *                            provider that stops in the middle of an article is caught here
 */
public record NntpEndpoint(
        String host,
        int port,
        boolean tls,
        SSLSocketFactory sslFactory,
        Duration connectTimeout,
        Duration firstByteTimeout,
        Duration betweenBytesTimeout) {
    public NntpEndpoint {
        Objects.requireNonNull(host, "host");
        if (tls && sslFactory == null) sslFactory = (SSLSocketFactory) SSLSocketFactory.getDefault();
        for (Duration d : new Duration[] {connectTimeout, firstByteTimeout, betweenBytesTimeout}) {
            Objects.requireNonNull(d, "timeout");
            if (d.isNegative() || d.isZero()) throw new IllegalArgumentException("timeouts must be positive: " + d);
        }
    }

    /** One timeout for a reply's first byte and for the gaps between its bytes. */
    public NntpEndpoint(
            String host,
            int port,
            boolean tls,
            SSLSocketFactory sslFactory,
            Duration connectTimeout,
            Duration readTimeout) {
        this(host, port, tls, sslFactory, connectTimeout, readTimeout, readTimeout);
    }

    /**
     * The endpoint of a provider account: for TLS trusting its {@link Provider#trusted()}
     * certificates, or the JVM's trust store when it names none.
     */
    public static NntpEndpoint of(
            Provider provider, Duration connectTimeout, Duration firstByteTimeout, Duration betweenBytesTimeout) {
        return new NntpEndpoint(
                provider.host(),
                provider.port(),
                provider.tls(),
                trustOf(provider),
                connectTimeout,
                firstByteTimeout,
                betweenBytesTimeout);
    }

    /** The socket factory that trusts what {@code provider} says; null for the JVM's default. */
    public static SSLSocketFactory trustOf(Provider provider) {
        return provider.tls() && !provider.trusted().isEmpty()
                ? TrustedCertificates.socketFactory(provider.trusted())
                : null;
    }

    public NntpEndpoint withSslFactory(SSLSocketFactory factory) {
        return new NntpEndpoint(host, port, tls, factory, connectTimeout, firstByteTimeout, betweenBytesTimeout);
    }
}
