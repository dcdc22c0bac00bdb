package io.nzbmount.server.standby;

import io.nzbmount.config.IndexerSettings;
import io.nzbmount.server.indexer.IndexerException;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.SearchQuery;
import io.nzbmount.server.indexer.SearchResult;
import io.nzbmount.server.store.PooledResult;
import io.nzbmount.server.sweep.Sweep;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The configured indexers as the standby side uses them: search, download, and the two ways a
 * download link is kept without its secret. Thread-safe.
 *
 * <p>A download link carries the indexer's API key. It is never stored as is: its SHA-256 is the
 * candidate's stable key (the only id that stays the same across searches), and a result kept in
 * an item's result pool stores the link with the configured key replaced by {@value #KEY_PLACEHOLDER},
 * put back from the configuration when the NZB is downloaded.
 */
public final class IndexerAccess {

    static final String KEY_PLACEHOLDER = "{apikey}";

    private final IndexerSet indexers;
    private final Map<String, String> keys = new LinkedHashMap<>();

    /** @param settings the configured indexers, for their API keys; {@code indexers} was built from them */
    public IndexerAccess(IndexerSet indexers, List<IndexerSettings> settings) {
        this.indexers = indexers;
        for (IndexerSettings s : settings) keys.put(s.name(), s.apiKey());
    }

    public boolean isEmpty() {
        return indexers.isEmpty();
    }

    public boolean knows(String indexer) {
        return keys.containsKey(indexer);
    }

    public List<String> names() {
        return indexers.names();
    }

    public IndexerSet.Outcome search(SearchQuery query) throws InterruptedException {
        return indexers.search(query);
    }

    public byte[] download(SearchResult result) throws IndexerException {
        return indexers.downloadNzb(result);
    }

    /** The stable key of an indexer result: SHA-256 (hex) of its download link. */
    public static String keyOf(SearchResult result) {
        return keyOfLink(result.link());
    }

    /** {@link #keyOf(SearchResult)} of a result with this download link. */
    public static String keyOfLink(String link) {
        return sha256Hex(link);
    }

    /** A result as the item's result pool keeps it. */
    public PooledResult pooled(long itemId, SearchResult r) {
        String key = keys.getOrDefault(r.indexer(), "");
        String link = key.isEmpty() ? r.link() : r.link().replace(key, KEY_PLACEHOLDER);
        return new PooledResult(itemId, r.indexer(), r.guid(), r.title(), link, keyOf(r), r.size(), r.postDate());
    }

    /** A pooled result made downloadable again; empty when its indexer is no longer configured. */
    public Optional<SearchResult> revive(PooledResult p) {
        String key = keys.get(p.indexer());
        if (key == null) return Optional.empty();
        String link = key.isEmpty() ? p.link() : p.link().replace(KEY_PLACEHOLDER, key);
        return Optional.of(new SearchResult(
                p.indexer(),
                p.title(),
                p.guid(),
                link,
                p.size(),
                p.postedAt(),
                List.of(),
                SearchResult.UNKNOWN,
                "",
                "",
                Map.of()));
    }

    static String sha256Hex(String text) {
        return HexFormat.of().formatHex(Sweep.sha256().digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
