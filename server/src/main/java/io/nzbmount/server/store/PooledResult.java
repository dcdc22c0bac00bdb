package io.nzbmount.server.store;

import java.util.Objects;

/**
 * An indexer result kept with an item (its result pool).
 *
 * @param itemId   the item picked from the search that returned it
 * @param indexer  the configured indexer name
 * @param guid     the indexer's id of the release
 * @param title    the release name
 * @param link     the download link with the API key replaced by a placeholder; never the real key
 * @param linkKey  SHA-256 (hex) of the real link: the candidate's stable key
 * @param size     announced size in bytes, -1 when unknown
 * @param postedAt post time, epoch seconds, -1 when unknown
 */
public record PooledResult(
        long itemId, String indexer, String guid, String title, String link, String linkKey, long size, long postedAt) {
    public PooledResult {
        Objects.requireNonNull(indexer, "indexer");
        Objects.requireNonNull(guid, "guid");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(link, "link");
        Objects.requireNonNull(linkKey, "linkKey");
    }
}
