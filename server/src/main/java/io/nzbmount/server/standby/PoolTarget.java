package io.nzbmount.server.standby;

import io.nzbmount.server.indexer.SearchResult;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.PooledResult;
import io.nzbmount.server.store.ResultPool;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * An item as the target of new standbys, read once: its primary (what tiers are measured
 * against), the keys of the releases it already has and the keys remembered as dead. Immutable;
 * a snapshot, so a caller that adds a source reads a new one.
 *
 * @param view  the item
 * @param primary its primary as standby selection sees it
 * @param taken keys of every source of the item (primary, pool, failed ones)
 * @param dead  keys of every candidate remembered as dead, for any item
 */
public record PoolTarget(ItemView view, Primary primary, Set<String> taken, Set<String> dead) {

    /** Where a search result stands against the item. */
    public enum Standing {
        /** Not yet a source of the item. */
        NEW,
        /** Already one of its sources (the primary or in its pool). */
        TAKEN,
        /** Remembered as dead: it is never added again. */
        DEAD
    }

    public PoolTarget {
        taken = Set.copyOf(taken);
        dead = Set.copyOf(dead);
    }

    /** The item's target, or empty when there is no such item. */
    public static Optional<PoolTarget> of(Database db, ItemCatalog catalog, long itemId) throws StoreException {
        Optional<ItemView> found = catalog.item(itemId);
        if (found.isEmpty()) return Optional.empty();
        ItemView view = found.get();
        SourceRecord primarySource = view.primary();
        List<PooledResult> pool = db.transaction(c -> ResultPool.ofItem(c, itemId));
        Set<String> dead = db.transaction(StandbyTables::deadKeys);
        Set<String> taken = new HashSet<>();
        for (SourceRecord s : sources(view)) {
            taken.add(db.transaction(c -> StandbyTables.key(c, s.id())).orElse(s.sha256()));
        }
        String primaryKey =
                db.transaction(c -> StandbyTables.key(c, primarySource.id())).orElse(primarySource.sha256());
        // The indexer's size of the primary's own result, when known, is what other results' sizes compare with.
        long primarySize = pool.stream()
                .filter(r -> r.linkKey().equals(primaryKey) && r.size() > 0)
                .mapToLong(PooledResult::size)
                .findFirst()
                .orElse(view.files().stream().mapToLong(LibraryFileView::size).sum());
        Primary primary = new Primary(
                ReleaseName.parse(primarySource.releaseName()),
                primarySize,
                primarySource.postedAt() > 0 ? primarySource.postedAt() : Candidate.UNKNOWN_TIME,
                primaryKey);
        return Optional.of(new PoolTarget(view, primary, taken, dead));
    }

    /** The result's tier against the primary; empty when its name says it is other content. */
    public OptionalInt tier(SearchResult result) {
        long size = result.size() == SearchResult.UNKNOWN ? 0 : result.size();
        return Tiering.tier(primary.info(), primary.size(), ReleaseName.parse(result.title()), size);
    }

    public Standing standing(SearchResult result) {
        String key = IndexerAccess.keyOf(result);
        if (taken.contains(key)) return Standing.TAKEN;
        if (dead.contains(key)) return Standing.DEAD;
        return Standing.NEW;
    }

    private static List<SourceRecord> sources(ItemView view) {
        List<SourceRecord> all = new ArrayList<>();
        all.add(view.primary());
        all.addAll(view.standby());
        all.addAll(view.others());
        return all;
    }
}
