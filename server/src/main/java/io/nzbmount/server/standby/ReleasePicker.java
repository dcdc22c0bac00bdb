package io.nzbmount.server.standby;

import io.nzbmount.server.indexer.IndexerException;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.SearchQuery;
import io.nzbmount.server.indexer.SearchResult;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.PooledResult;
import io.nzbmount.server.store.ResultPool;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Searching the indexers and using a result: the result's NZB becomes the primary of a new item
 * (and every result of the search it came from the item's result pool, its first standby
 * candidates), or a standby of an existing item, proved like any other. Thread-safe.
 *
 * <p>The last {@value #SEARCHES_KEPT} searches are kept in memory, so a pick names a result only
 * by indexer and guid (or its link as shown, without the key).
 */
public final class ReleasePicker {

    static final int SEARCHES_KEPT = 32;

    private final IndexerAccess indexers;
    private final LibraryImporter importer;
    private final Database db;
    private final ItemCatalog catalog;
    private final Deque<List<SearchResult>> recent = new ArrayDeque<>();

    public ReleasePicker(IndexerAccess indexers, LibraryImporter importer, Database db) {
        this.indexers = indexers;
        this.importer = importer;
        this.db = db;
        this.catalog = new ItemCatalog(db);
    }

    /** No such result in the recent searches, or no such indexer. */
    public static final class UnknownResult extends Exception {
        public UnknownResult(String message) {
            super(message);
        }
    }

    /** There is no item with that id. */
    public static final class NoItem extends Exception {
        public NoItem(String message) {
            super(message);
        }
    }

    /** The result cannot join the item's pool: it is already one of its sources, or remembered as dead. */
    public static final class NotAddable extends Exception {
        public NotAddable(String message) {
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
        Found found = find(indexer, guid, link);
        SearchResult chosen = found.result();
        List<SearchResult> search = found.search();
        byte[] nzb = indexers.download(chosen);
        ImportResult imported =
                importer.importNzb(nzb, Optional.of(chosen.title()), Optional.of(chosen.linkForDisplay()));
        long itemId = imported.item().item().id();
        List<PooledResult> pool =
                search.stream().map(r -> indexers.pooled(itemId, r)).toList();
        String key = IndexerAccess.keyOf(chosen);
        db.transaction(c -> {
            if (imported.created()) StandbyTables.putKey(c, imported.sourceId(), key);
            ResultPool.insertAll(c, pool);
            return null;
        });
        return imported;
    }

    /** The item as a target of new standbys (tiers of results against its primary); empty for no such item. */
    public Optional<PoolTarget> target(long itemId) throws StoreException {
        return PoolTarget.of(db, catalog, itemId);
    }

    /**
     * Adds a result of a recent search to an item's standby pool, pending: the standby service
     * proves it as it proves every standby. Its tier against the primary is kept with it.
     *
     * @throws NotAddable when the result is already a source of the item or remembered as dead
     */
    public ImportResult addToPool(long itemId, String indexer, Optional<String> guid, Optional<String> link)
            throws UnknownResult, NoItem, NotAddable, IndexerException, ImportException, StoreException {
        PoolTarget target = target(itemId).orElseThrow(() -> new NoItem("there is no item " + itemId));
        SearchResult chosen = find(indexer, guid, link).result();
        switch (target.standing(chosen)) {
            case TAKEN -> throw new NotAddable("\"" + chosen.title() + "\" is already a source of this item");
            case DEAD ->
                throw new NotAddable(
                        "\"" + chosen.title() + "\" failed before (remembered as dead) and is" + " not tried again");
            case NEW -> {}
        }
        OptionalInt tier = target.tier(chosen);
        byte[] nzb = indexers.download(chosen);
        ImportResult imported =
                importer.addStandby(itemId, nzb, Optional.of(chosen.linkForDisplay()), Optional.of(chosen.title()));
        if (imported.created()) {
            String key = IndexerAccess.keyOf(chosen);
            db.transaction(c -> {
                StandbyTables.putKey(c, imported.sourceId(), key);
                // The service may have adopted it already; its progress then stands.
                if (StandbyTables.progress(c, imported.sourceId()).isEmpty()) {
                    StandbyTables.putProgress(c, StandbyProgress.pending(imported.sourceId(), tier));
                }
                return null;
            });
        }
        return imported;
    }

    private record Found(SearchResult result, List<SearchResult> search) {}

    /** A result of a recent search, by indexer and guid or displayed link, with the search it came from. */
    private Found find(String indexer, Optional<String> guid, Optional<String> link) throws UnknownResult {
        if (!indexers.knows(indexer)) throw new UnknownResult("there is no indexer named '" + indexer + "'");
        synchronized (recent) {
            for (List<SearchResult> results : recent) {
                for (SearchResult r : results) {
                    if (r.indexer().equals(indexer)
                            && (guid.map(r.guid()::equals).orElse(false)
                                    || link.map(r.linkForDisplay()::equals).orElse(false))) {
                        return new Found(r, results);
                    }
                }
            }
        }
        throw new UnknownResult("no recent search of '" + indexer + "' returned that result; search again");
    }
}
