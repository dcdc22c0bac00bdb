package io.nzbmount.config;

import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One Usenet (NNTP) provider. Providers are asked in order of {@code priority}, lowest first;
 * equal priorities keep the order of the list.
 *
 * @param name        a unique label for logs and health (defaults to the host)
 * @param host        the server's host name or address
 * @param port        the TCP port (default 563 with TLS, 119 without)
 * @param tls         whether to connect with TLS
 * @param credentials the login, when the provider needs one
 * @param connections the most connections to open at once, 1..200
 * @param priority    lower is asked first
 * @param trustCertificate a PEM file of the certificates (a private CA's, or the server's own)
 *                    trusted for this provider's TLS instead of the JVM's trust store; checked
 *                    at load to hold at least one certificate
 */
public record ProviderSettings(
        String name,
        String host,
        int port,
        boolean tls,
        Optional<Credentials> credentials,
        int connections,
        int priority,
        Optional<Path> trustCertificate) {
    public static final int DEFAULT_TLS_PORT = 563;
    public static final int DEFAULT_PLAIN_PORT = 119;
    public static final int DEFAULT_CONNECTIONS = 8;
    public static final int MAX_CONNECTIONS = 200;
    public static final int DEFAULT_PRIORITY = 0;

    public ProviderSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(credentials, "credentials");
        Objects.requireNonNull(trustCertificate, "trustCertificate");
    }

    /**
     * The certificates of {@link #trustCertificate}, read from the file now; empty when it is unset.
     *
     * @throws IllegalStateException the file became unusable after the configuration was loaded
     */
    public List<X509Certificate> trustedCertificates() {
        if (trustCertificate.isEmpty()) return List.of();
        try {
            return PemCertificates.read(trustCertificate.get());
        } catch (PemCertificates.Unusable e) {
            throw new IllegalStateException("providers " + name + ": trustCertificate: " + e.getMessage(), e);
        }
    }

    /** A provider trusted through the JVM's trust store. */
    public ProviderSettings(
            String name,
            String host,
            int port,
            boolean tls,
            Optional<Credentials> credentials,
            int connections,
            int priority) {
        this(name, host, port, tls, credentials, connections, priority, Optional.empty());
    }
}
