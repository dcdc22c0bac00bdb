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
 * @param connectTimeout the longest a TCP connect (and the TLS handshake's first read) may take
 * @param readTimeout    the longest a read may go without receiving a byte; a fetch stalled that
 *                       long fails with a timeout
 */
public record NntpEndpoint(String host, int port, boolean tls, SSLSocketFactory sslFactory,
                           Duration connectTimeout, Duration readTimeout) {
    public NntpEndpoint {
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(connectTimeout, "connectTimeout");
        Objects.requireNonNull(readTimeout, "readTimeout");
        if (tls && sslFactory == null) sslFactory = (SSLSocketFactory) SSLSocketFactory.getDefault();
        if (connectTimeout.isNegative() || connectTimeout.isZero() || readTimeout.isNegative() || readTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
    }

    /** The endpoint of a provider account, with the JVM's default trust for TLS. */
    public static NntpEndpoint of(Provider provider, Duration connectTimeout, Duration readTimeout) {
        return new NntpEndpoint(provider.host(), provider.port(), provider.tls(), null, connectTimeout, readTimeout);
    }

    public NntpEndpoint withSslFactory(SSLSocketFactory factory) {
        return new NntpEndpoint(host, port, tls, factory, connectTimeout, readTimeout);
    }
}
