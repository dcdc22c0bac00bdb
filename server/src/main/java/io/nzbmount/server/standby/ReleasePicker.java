package io.nzbmount.server.standby;

import io.nzbmount.server.indexer.IndexerException;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.SearchQuery;
import io.nzbmount.server.indexer.SearchResult;
import io.nzbmount.server.library.ImportException;
import io.nzbmount.server.library.ImportResult;
import io.nzbmount.server.library.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.PooledResult;
import io.nzbmount.server.store.ResultPool;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * Searching the indexers and making an item from a result: the result's NZB becomes the primary
 * of a new item, and every result of the search it came from becomes the item's result pool (its
 * first standby candidates). Thread-safe.
 *
 * <p>The last {@value #SEARCHES_KEPT} searches are kept in memory, so a pick names a result only
 * by indexer and guid (or its link as shown, without the key).
 */
public final class ReleasePicker {

    static final int SEARCHES_KEPT = 32;

    private final IndexerAccess indexers;
    private final LibraryImporter importer;
    private final Database db;
    private final Deque<List<SearchResult>> recent = new ArrayDeque<>();

    public ReleasePicker(IndexerAccess indexers, LibraryImporter importer, Database db) {
        this.indexers = indexers;
        this.importer = importer;
        this.db = db;
    }

    /** No such result in the recent searches, or no such indexer. */
    public static final class UnknownResult extends Exception {
        public UnknownResult(String message) {
            super(message);
        }
    }

    public boolean knowsIndexer(String name) {
        return indexers.knows(name);
    }

    public List<String> indexerNames() {
        return indexers.names();
    }

    /** Searches every indexer and remembers the results for a later {@link #pick}. */
    public IndexerSet.Outcome search(SearchQuery query) throws InterruptedException {
        IndexerSet.Outcome outcome = indexers.search(query);
        synchronized (recent) {
            recent.addFirst(outcome.results());
            while (recent.size() > SEARCHES_KEPT) recent.removeLast();
        }
        return outcome;
    }

    /**
     * Makes an item from a result of a recent search.
     *
     * @param guid the result's guid; or else
     * @param link its link as {@link SearchResult#linkForDisplay()} shows it
     */
    public ImportResult pick(String indexer, Optional<String> guid, Optional<String> link)
            throws UnknownResult, IndexerException, ImportException, StoreException {
        if (!indexers.knows(indexer)) throw new UnknownResult("there is no indexer named '" + indexer + "'");
        List<SearchResult> search = null;
        SearchResult chosen = null;
        synchronized (recent) {
            for (List<SearchResult> results : recent) {
                for (SearchResult r : results) {
                    if (r.indexer().equals(indexer) && (guid.map(r.guid()::equals).orElse(false)
                            || link.map(r.linkForDisplay()::equals).orElse(false))) {
                        chosen = r;
                        search = results;
                        break;
                    }
                }
                if (chosen != null) break;
            }
        }
        if (chosen == null) {
            throw new UnknownResult("no recent search of '" + indexer + "' returned that result; search again");
        }
        byte[] nzb = indexers.download(chosen);
        ImportResult imported = importer.importNzb(nzb, Optional.of(chosen.title()), Optional.of(chosen.linkForDisplay()));
        long itemId = imported.item().item().id();
        List<PooledResult> pool = search.stream().map(r -> indexers.pooled(itemId, r)).toList();
        String key = IndexerAccess.keyOf(chosen);
        db.transaction(c -> {
            if (imported.created()) StandbyTables.putKey(c, imported.sourceId(), key);
            ResultPool.insertAll(c, pool);
            return null;
        });
        return imported;
    }
}
