package io.nzbmount.server.settings;

import io.nzbmount.config.IndexerSettings;
import io.nzbmount.config.Settings;
import io.nzbmount.server.indexer.Capabilities;
import io.nzbmount.server.indexer.ClientOptions;
import io.nzbmount.server.indexer.IndexerException;
import io.nzbmount.server.indexer.NewznabClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Tests an indexer by asking for its capabilities ({@code t=caps}): that checks the URL, the API
 * key and that a Newznab API answers. The answer never holds the API key. Thread-safe.
 */
public final class IndexerTester {

    private final ClientOptions options;

    /** Connect within 5 s, whole answer within 10 s. */
    public IndexerTester() {
        this(ClientOptions.DEFAULTS.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10)));
    }

    public IndexerTester(ClientOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Asks the indexer for its capabilities. The answer: {@code ok}, {@code title},
     * {@code categories} (how many top-level categories) on success; {@code ok: false},
     * {@code failure} (the kind, from the failure's type) and {@code message} otherwise.
     */
    public Map<String, Object> test(IndexerSettings indexer) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", indexer.name());
        try (NewznabClient client = new NewznabClient(indexer, options)) {
            Capabilities caps = client.caps();
            m.put("ok", true);
            m.put("title", caps.serverTitle().isEmpty() ? null : caps.serverTitle());
            m.put("categories", caps.categories().size());
            m.put("failure", null);
            m.put("message", "the indexer answered with " + caps.categories().size() + " categories");
        } catch (IndexerException e) {
            m.put("ok", false);
            m.put("failure", kind(e));
            m.put("message", withoutKey(e.getMessage(), indexer.apiKey()));
        }
        return m;
    }

    private static String kind(IndexerException e) {
        return switch (e) {
            case IndexerException.CredentialsRejected r -> "credentials-rejected";
            case IndexerException.LimitReached r -> "limit-reached";
            case IndexerException.BadRequest r -> "bad-request";
            case IndexerException.Unavailable r -> "unavailable";
            case IndexerException.MalformedAnswer r -> "malformed-answer";
            case IndexerException.RefusedTarget r -> "refused-target";
            default -> "failed";
        };
    }

    /** The client's messages are redacted already; this keeps that true should one slip through. */
    private static String withoutKey(String message, String apiKey) {
        return apiKey.isEmpty() ? message : message.replace(apiKey, Settings.MASK);
    }
}
