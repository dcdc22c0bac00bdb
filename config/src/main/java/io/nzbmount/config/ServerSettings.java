package io.nzbmount.config;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where the HTTP server listens and where it keeps its data.
 *
 * @param bind         the address to listen on (a host name or an IP literal)
 * @param port         the TCP port, 1..65535, or 0 for any free port (tests)
 * @param dataDir      the data folder, as configured (relative paths are relative to the working directory)
 * @param allowedHosts host names, besides loopback names, IP addresses and {@code bind}, that a
 *                     request's {@code Host} header may name (lower case; {@code *.example.lan}
 *                     allows the names below {@code example.lan}); a defence against DNS rebinding
 */
public record ServerSettings(String bind, int port, Path dataDir, List<String> allowedHosts) {
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    public static final Path DEFAULT_DATA_DIR = Path.of("./data");

    public ServerSettings {
        Objects.requireNonNull(bind, "bind");
        Objects.requireNonNull(dataDir, "dataDir");
        allowedHosts = List.copyOf(allowedHosts);
    }

    /** Settings that allow no host names beyond the built-in ones. */
    public ServerSettings(String bind, int port, Path dataDir) {
        this(bind, port, dataDir, List.of());
    }

    public static ServerSettings defaults() {
        return new ServerSettings(DEFAULT_BIND, DEFAULT_PORT, DEFAULT_DATA_DIR);
    }
}
