package io.nzbmount.server.indexer;

import io.nzbmount.config.IndexerSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * All configured indexers, searched together. Thread safe; close it to release the clients.
 *
 * <p>A search asks every indexer at once, each on its own virtual thread and within its own
 * request timeout, so the whole search takes as long as the slowest indexer and never longer than
 * the timeout. One indexer failing does not fail the search: its failure is reported next to the
 * other indexers' results.
 */
public final class IndexerSet implements AutoCloseable {
    private final Map<String, NewznabClient> clients = new LinkedHashMap<>();

    public IndexerSet(List<IndexerSettings> indexers, ClientOptions options) {
        for (IndexerSettings s : indexers) {
            if (clients.containsKey(s.name()))
                throw new IllegalArgumentException("two indexers named '" + s.name() + "'");
            clients.put(s.name(), new NewznabClient(s, options));
        }
    }

    /**
     * The outcome of one search over all indexers.
     *
     * @param results  the results of all indexers that answered, in configuration order and each
     *                 indexer's own order, without duplicates
     * @param failures per indexer name, why it gave no results
     */
    public record Outcome(List<SearchResult> results, Map<String, IndexerException> failures) {
        public Outcome {
            results = List.copyOf(results);
            failures = Map.copyOf(failures);
        }
    }

    /** The configured indexer names, in configuration order. */
    public List<String> names() {
        return List.copyOf(clients.keySet());
    }

    /** Whether any indexer is configured. */
    public boolean isEmpty() {
        return clients.isEmpty();
    }

    /**
     * Searches all indexers and merges their results. A result whose download link, or whose
     * indexer and guid, was already seen is a duplicate and left out (an indexer that repeats an
     * item across pages, or the same indexer reached twice).
     */
    public Outcome search(SearchQuery query) throws InterruptedException {
        Map<String, Future<SearchPage>> pending = new LinkedHashMap<>();
        Map<String, IndexerException> failures = new LinkedHashMap<>();
        List<SearchResult> merged = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (NewznabClient client : clients.values()) {
                pending.put(client.name(), threads.submit(() -> client.search(query)));
            }
            Set<String> seen = new HashSet<>();
            for (Map.Entry<String, Future<SearchPage>> e : pending.entrySet()) {
                try {
                    for (SearchResult r : e.getValue().get().results()) {
                        boolean newLink = seen.add("link\u0000" + r.link());
                        boolean newGuid = seen.add("guid\u0000" + r.indexer() + "\u0000" + r.guid());
                        if (newLink && newGuid) merged.add(r);
                    }
                } catch (ExecutionException failed) {
                    if (failed.getCause() instanceof IndexerException ie) failures.put(e.getKey(), ie);
                    else
                        throw new IllegalStateException(
                                "indexer '" + e.getKey() + "' search failed unexpectedly", failed.getCause());
                }
            }
        } catch (InterruptedException e) {
            pending.values().forEach(f -> f.cancel(true));
            throw e;
        }
        return new Outcome(merged, failures);
    }

    /** Downloads a result's NZB from the indexer that found it. */
    public byte[] downloadNzb(SearchResult result) throws IndexerException {
        NewznabClient client = clients.get(result.indexer());
        if (client == null) throw new IllegalArgumentException("no indexer named '" + result.indexer() + "'");
        return client.downloadNzb(result);
    }

    /** Asks one indexer for its capabilities (the settings page's test button). */
    public Capabilities caps(String indexer) throws IndexerException {
        NewznabClient client = clients.get(indexer);
        if (client == null) throw new IllegalArgumentException("no indexer named '" + indexer + "'");
        return client.caps();
    }

    @Override
    public void close() {
        clients.values().forEach(NewznabClient::close);
    }
}
