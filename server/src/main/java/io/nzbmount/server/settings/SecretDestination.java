package io.nzbmount.server.settings;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.config.IndexerSettings;
import io.nzbmount.config.ProviderSettings;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;

/**
 * The rule that keeps a saved secret from being sent somewhere else: a saved provider password
 * goes only to the host, port and TLS setting it was saved with, a saved indexer API key only to
 * the scheme, host and port of its URL. A request that names another destination must type the
 * secret again; {@link #moved} says so in a message for the secret's field. Host names are
 * compared without case; a path of an indexer URL may change. Fields an entry leaves out take the
 * values the configuration loader gives them, so a missing port is the default of the TLS setting.
 * Stateless.
 */
final class SecretDestination {

    private SecretDestination() {}

    /** Why the saved password may not go with {@code entry}; empty when it goes to the saved place. */
    static Optional<String> moved(ProviderSettings saved, JsonNode entry) {
        boolean tls = entry.path("tls").asBoolean(false);
        int defaultPort = tls ? ProviderSettings.DEFAULT_TLS_PORT : ProviderSettings.DEFAULT_PLAIN_PORT;
        String host = entry.path("host").asText("").strip();
        int port = entry.path("port").isMissingNode() || entry.path("port").isNull()
                ? defaultPort
                : entry.path("port").asInt(-1);
        if (host.equalsIgnoreCase(saved.host()) && port == saved.port() && tls == saved.tls()) return Optional.empty();
        return Optional.of(typeAgain("password", saved.host() + ":" + saved.port() + (saved.tls() ? " with TLS" : "")));
    }

    /** Why the saved API key may not go with {@code entry}; empty when it goes to the saved place. */
    static Optional<String> moved(IndexerSettings saved, JsonNode entry) {
        Optional<String> there = origin(entry.path("url").asText(""));
        if (there.isPresent() && there.equals(origin(saved.url().toString()))) return Optional.empty();
        return Optional.of(typeAgain(
                "API key", origin(saved.url().toString()).orElse(saved.url().getHost())));
    }

    private static String typeAgain(String secret, String savedFor) {
        return "the saved " + secret + " is only sent to " + savedFor + ", the place it was saved for; to use"
                + " another host, port or TLS setting, type it again";
    }

    /** {@code scheme://host:port} of an http(s) URL, the port made explicit; empty when it is no such URL. */
    private static Optional<String> origin(String url) {
        try {
            URI uri = new URI(url.strip());
            if (uri.getScheme() == null || uri.getHost() == null) return Optional.empty();
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
            return Optional.of(scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }
}
