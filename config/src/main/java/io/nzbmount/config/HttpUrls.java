package io.nzbmount.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/** The checks every http(s) URL of the configuration passes. Stateless. */
final class HttpUrls {

    private HttpUrls() {}

    /** A URL the user wrote; {@code problem} is null when it is an http(s) URL with a host and no login. */
    record Parsed(URI uri, String problem) {}

    /** Parses {@code text} and names what makes it no http(s) URL with a host and without a login. */
    static Parsed parse(String text) {
        try {
            URI uri = new URI(text.strip());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https"))
                return new Parsed(uri, "must be an http:// or https:// URL");
            if (uri.getHost() == null) return new Parsed(uri, "has no host name");
            if (uri.getRawUserInfo() != null) return new Parsed(uri, "must not contain a user name or password");
            return new Parsed(uri, null);
        } catch (URISyntaxException e) {
            return new Parsed(null, "not a valid URL (" + e.getReason() + ")");
        }
    }
}
