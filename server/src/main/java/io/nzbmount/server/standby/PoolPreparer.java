package io.nzbmount.server.standby;

import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.indexer.IndexerException;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.SearchQuery;
import io.nzbmount.server.indexer.SearchResult;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.release.ReleaseInfo;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.DeadCandidate;
import io.nzbmount.server.store.PooledResult;
import io.nzbmount.server.store.ResultPool;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntSupplier;

/**
 * Fills an item's standby pool from the indexers: gathers candidates (the item's result pool and
 * a fresh search for the primary's title), lets {@link CandidateSelector} choose, downloads the
 * chosen NZBs and adds them as pending standbys. Proving them is not done here. Thread-safe; one
 * call blocks on the indexers and on the providers (sizing the new standbys' files).
 *
 * <p>A refused download or an NZB whose first article is gone makes the candidate dead for good;
 * a timeout or an unavailable indexer only skips it this time.
 */
final class PoolPreparer {

    private final Database db;
    private final ItemCatalog catalog;
    private final LibraryImporter importer;
    private final Optional<IndexerAccess> indexers;
    private final EventLog events;
    private final Clock clock;
    private final IntSupplier maxStandby;

    PoolPreparer(
            Database db,
            ItemCatalog catalog,
            LibraryImporter importer,
            Optional<IndexerAccess> indexers,
            EventLog events,
            Clock clock,
            IntSupplier maxStandby) {
        this.db = db;
        this.catalog = catalog;
        this.importer = importer;
        this.indexers = indexers;
        this.events = events;
        this.clock = clock;
        this.maxStandby = maxStandby;
    }

    /** Adds standbys to the item's pool and returns their source ids (to be proved). */
    List<Long> prepare(long itemId) throws StoreException, InterruptedException {
        int size = maxStandby.getAsInt();
        if (size == 0 || indexers.isEmpty()) return List.of();
        Optional<PoolTarget> found = PoolTarget.of(db, catalog, itemId);
        if (found.isEmpty()) return List.of();
        PoolTarget target = found.get();
        int slots = size - target.view().standby().size();
        if (slots <= 0) return List.of();
        List<PooledResult> pool = db.transaction(c -> ResultPool.ofItem(c, itemId));
        Set<String> dead = target.dead();
        Set<String> taken = target.taken();
        Primary primary = target.primary();
        ReleaseInfo info = primary.info();

        Map<String, SearchResult> byKey = new LinkedHashMap<>();
        List<Candidate> candidates = new ArrayList<>();
        for (PooledResult p : pool) {
            indexers.get().revive(p).ifPresent(r -> add(r, Candidate.Origin.RESULT_POOL, taken, byKey, candidates));
        }
        Map<String, String> searchErrors = new TreeMap<>();
        Optional<SearchQuery> query = ContentQuery.of(info);
        if (query.isPresent()) {
            IndexerSet.Outcome outcome = indexers.get().search(query.get());
            outcome.results().forEach(r -> add(r, Candidate.Origin.FRESH_SEARCH, taken, byKey, candidates));
            outcome.failures().forEach((name, e) -> searchErrors.put(name, e.getMessage()));
        }
        Selection selection = CandidateSelector.select(primary, dead, candidates, slots);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("candidates", candidates.size());
        detail.put("chosen", selection.chosen().size());
        Map<String, Integer> rejected = new TreeMap<>();
        selection.rejected().forEach(r -> rejected.merge(r.reason().name().toLowerCase(Locale.ROOT), 1, Integer::sum));
        detail.put("rejected", rejected);
        if (!searchErrors.isEmpty()) detail.put("searchErrors", searchErrors);
        events.record(OptionalLong.of(itemId), Optional.empty(), EventKind.STANDBY_POOL_SEARCH, detail);

        List<Long> added = new ArrayList<>();
        for (Selection.Chosen chosen : selection.chosen()) {
            SearchResult result = byKey.get(chosen.candidate().key());
            addOne(itemId, result, chosen.tier()).ifPresent(added::add);
        }
        return added;
    }

    private static void add(
            SearchResult r,
            Candidate.Origin origin,
            Set<String> taken,
            Map<String, SearchResult> byKey,
            List<Candidate> candidates) {
        String key = IndexerAccess.keyOf(r);
        if (taken.contains(key) || byKey.containsKey(key)) return;
        byKey.put(key, r);
        long posted = r.postDate() == SearchResult.UNKNOWN ? Candidate.UNKNOWN_TIME : r.postDate();
        candidates.add(new Candidate(r.title(), r.size(), posted, key, origin));
    }

    /** Downloads and adds one chosen candidate; its source id, or empty when skipped or dead. */
    private Optional<Long> addOne(long itemId, SearchResult result, int tier) throws StoreException {
        String key = IndexerAccess.keyOf(result);
        byte[] nzb;
        try {
            nzb = indexers.get().download(result);
        } catch (IndexerException e) {
            if (e instanceof IndexerException.NzbGone
                    || e instanceof IndexerException.NzbTooLarge
                    || e instanceof IndexerException.RefusedTarget) {
                markDead(itemId, key, result.title(), "the indexer refused the NZB: " + e.getMessage());
            } else {
                skipped(itemId, result, "the NZB could not be downloaded now: " + e.getMessage());
            }
            return Optional.empty();
        }
        ImportResult imported;
        try {
            imported =
                    importer.addStandby(itemId, nzb, Optional.of(result.linkForDisplay()), Optional.of(result.title()));
        } catch (ImportException e) {
            switch (e.reason()) {
                case MALFORMED, TOO_LARGE, UNPLAYABLE -> markDead(itemId, key, result.title(), e.getMessage());
                default -> skipped(itemId, result, e.getMessage());
            }
            return Optional.empty();
        }
        if (!imported.created()) return Optional.empty();
        long sourceId = imported.sourceId();
        db.transaction(c -> {
            StandbyTables.putKey(c, sourceId, key);
            StandbyTables.putProgress(c, StandbyProgress.pending(sourceId, OptionalInt.of(tier)));
            return null;
        });
        return Optional.of(sourceId);
    }

    private void markDead(long itemId, String key, String release, String reason) throws StoreException {
        db.transaction(c -> {
            StandbyTables.putDead(c, new DeadCandidate(key, OptionalLong.of(itemId), release, reason, clock.instant()));
            return null;
        });
        Map<String, Object> detail = new HashMap<>();
        detail.put("release", release);
        detail.put("reason", reason);
        events.record(OptionalLong.of(itemId), Optional.empty(), EventKind.STANDBY_CANDIDATE_DEAD, detail);
    }

    private void skipped(long itemId, SearchResult result, String reason) throws StoreException {
        Map<String, Object> detail = new HashMap<>();
        detail.put("release", result.title());
        detail.put("reason", reason);
        events.record(OptionalLong.of(itemId), Optional.empty(), EventKind.STANDBY_CANDIDATE_SKIPPED, detail);
    }
}
