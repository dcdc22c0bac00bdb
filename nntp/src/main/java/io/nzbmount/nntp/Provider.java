package io.nzbmount.nntp;

import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Objects;

/**
 * An NNTP provider account. Immutable; {@link #toString()} never shows the password.
 *
 * @param name        a label for logs and health
 * @param host        host name or address
 * @param port        TCP port (119 plain, 563 TLS are usual)
 * @param tls         implicit TLS from the first byte
 * @param username    AUTHINFO user, or null for none
 * @param password    AUTHINFO password, or null for none
 * @param connections the most connections ever open at once to this provider
 * @param priority    lower is asked first; providers of equal priority share the load
 * @param trusted     the certificates trusted for TLS instead of the JVM's trust store (a private
 *                    CA's, or the server's own); empty for the JVM's
 */
public record Provider(
        String name,
        String host,
        int port,
        boolean tls,
        String username,
        String password,
        int connections,
        int priority,
        List<X509Certificate> trusted) {
    public Provider {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        trusted = List.copyOf(trusted);
        if (port < 1 || port > 65535) throw new IllegalArgumentException("port out of range: " + port);
        if (connections < 1) throw new IllegalArgumentException("connections must be >= 1: " + connections);
    }

    /** A provider whose TLS certificate the JVM's trust store vouches for. */
    public Provider(
            String name,
            String host,
            int port,
            boolean tls,
            String username,
            String password,
            int connections,
            int priority) {
        this(name, host, port, tls, username, password, connections, priority, List.of());
    }

    public boolean hasLogin() {
        return username != null && !username.isEmpty();
    }

    @Override
    public String toString() {
        return "Provider[" + name + " " + host + ":" + port + (tls ? " tls" : "")
                + (hasLogin() ? " user=" + username + " password=****" : "")
                + " connections=" + connections + " priority=" + priority
                + (trusted.isEmpty() ? "" : " trusted=" + trusted.size() + " certificates") + "]";
    }
}
