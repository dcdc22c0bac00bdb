package io.nzbmount.config;

import java.net.URI;
import java.util.Objects;

/**
 * One Newznab indexer. {@link #toString()} never shows the API key.
 *
 * @param name   a unique label (defaults to the URL's host)
 * @param url    the indexer's base URL, http or https, without credentials or API key
 * @param apiKey the API key
 */
public record IndexerSettings(String name, URI url, String apiKey) {
    public IndexerSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(apiKey, "apiKey");
    }

    @Override
    public String toString() {
        return "IndexerSettings[name=" + name + ", url=" + url + ", apiKey=" + Settings.MASK + "]";
    }
}
