package io.nzbmount.config;

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
 */
public record ProviderSettings(String name, String host, int port, boolean tls,
                               Optional<Credentials> credentials, int connections, int priority) {
    public static final int DEFAULT_TLS_PORT = 563;
    public static final int DEFAULT_PLAIN_PORT = 119;
    public static final int DEFAULT_CONNECTIONS = 8;
    public static final int MAX_CONNECTIONS = 200;
    public static final int DEFAULT_PRIORITY = 0;

    public ProviderSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(credentials, "credentials");
    }
}
