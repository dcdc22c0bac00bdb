/**
 * Newznab indexer client: searches indexers (NZBHydra2, Prowlarr, or an indexer directly) for
 * releases and downloads their NZBs.
 *
 * <p>{@link io.nzbmount.server.indexer.NewznabClient} talks to one indexer,
 * {@link io.nzbmount.server.indexer.IndexerSet} to all configured ones at once. Answers (XML or
 * JSON) become {@link io.nzbmount.server.indexer.SearchResult} values; every failure is one of
 * the subtypes of the sealed {@link io.nzbmount.server.indexer.IndexerException}, classified once
 * by the indexer's error code or the HTTP status, never by message text. The API key is a secret:
 * no message, log line or {@code toString} of this package shows it.
 */
package io.nzbmount.server.indexer;
