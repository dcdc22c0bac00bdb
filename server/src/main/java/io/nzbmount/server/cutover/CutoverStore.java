package io.nzbmount.server.cutover;

import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.DeadCandidate;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.Sources;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The library changes a cutover makes, each in one transaction: who may take over, the swap of
 * primary and standby, and candidates failed for good. Thread-safe (the database serialises).
 *
 * <p>A cutover's verdicts are acted on at once, so they are stored with
 * {@link StandbyTables#putVerdict}: they end a background proof's claim on the standby (its later
 * result is dropped), but never replace a permanent verdict stored first.
 */
final class CutoverStore {
    private final Database db;
    private final Clock clock;

    CutoverStore(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /**
     * A source that may take over, with its counterpart of the file being served.
     *
     * @param file        the candidate's file with the served file's name (case ignored), else its
     *                    size; empty when it has none, which the length gate then rejects
     * @param verified    proved to hold the item's bytes (a verified standby, or the item's primary);
     *                    false for a standby whose fingerprint sweep has not succeeded yet
     * @param referenceId the source an unverified candidate's sweep compares it with: the item's primary
     */
    record Candidate(SourceRecord source, Optional<FileRecord> file, boolean verified, long referenceId) {}

    /**
     * The sources that may take over from {@code currentId}, best first: the item's primary in the
     * store when it is not the current one (the reference every standby was proved against), then
     * verified standbys by tier (untiered last, which is where demoted primaries sit), oldest first,
     * then the standbys not proved yet ({@code pending}), in the same order: they need a full sweep
     * first, which costs the waiting player most. Failed and dead sources are never offered.
     */
    List<Candidate> candidates(long itemId, long currentId, String fileName, long fileSize) throws StoreException {
        return db.transaction(c -> {
            Optional<ItemRecord> item = Items.byId(c, itemId);
            if (item.isEmpty()) return List.of();
            long primary = item.get().primarySource().orElse(-1);
            List<SourceRecord> order = new ArrayList<>();
            List<SourceRecord> verified = new ArrayList<>();
            List<SourceRecord> unverified = new ArrayList<>();
            for (SourceRecord s : Sources.ofItem(c, itemId)) {
                if (s.id() == currentId) continue;
                if (s.id() == primary) order.add(s);
                else if (s.role() == SourceRole.STANDBY && s.state() == SourceState.VALIDATED) verified.add(s);
                else if (s.role() == SourceRole.STANDBY && s.state() == SourceState.PENDING) unverified.add(s);
            }
            Comparator<SourceRecord> byTier = Comparator.comparingInt((SourceRecord s) -> s.tier().orElse(Integer.MAX_VALUE))
                    .thenComparingLong(SourceRecord::id);
            verified.sort(byTier);
            unverified.sort(byTier);
            order.addAll(verified);
            List<Candidate> out = new ArrayList<>();
            for (SourceRecord s : order) {
                out.add(new Candidate(s, counterpart(Files.ofSource(c, s.id()), fileName, fileSize), true, primary));
            }
            for (SourceRecord s : unverified) {
                out.add(new Candidate(s, counterpart(Files.ofSource(c, s.id()), fileName, fileSize), false, primary));
            }
            return out;
        });
    }

    private static Optional<FileRecord> counterpart(List<FileRecord> files, String name, long size) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (FileRecord f : files) {
            if (f.name().toLowerCase(Locale.ROOT).equals(lower)) return Optional.of(f);
        }
        return files.stream().filter(f -> f.size() == size).findFirst();
    }

    /** Whether {@code sourceId} is the item's primary and the user chose it. */
    boolean chosenByUser(long itemId, long sourceId) throws StoreException {
        return db.transaction(c -> Items.byId(c, itemId)
                .map(i -> i.primaryByUser() && i.primarySource().orElse(-1) == sourceId).orElse(false));
    }

    /**
     * Records that a stream of the item went from {@code from} to {@code to}. When {@code from} is
     * the item's primary it is demoted into the pool as verified (it served these very bytes) and
     * {@code to} becomes the primary, so new requests go where the stream is; a primary the user
     * chose is replaced only after a permanent failure.
     *
     * @return true when the item's primary changed
     */
    boolean switched(long itemId, long from, long to, boolean permanentFailure) throws StoreException {
        return db.transaction(c -> {
            Optional<ItemRecord> item = Items.byId(c, itemId);
            Optional<SourceRecord> old = Sources.byId(c, from);
            Optional<SourceRecord> next = Sources.byId(c, to);
            if (item.isEmpty() || old.isEmpty() || next.isEmpty()) return false;
            boolean fromIsPrimary = item.get().primarySource().orElse(-1) == from;
            if (fromIsPrimary && item.get().primaryByUser() && !permanentFailure) return false;
            if (old.get().state() != SourceState.DEAD) {
                StandbyProgress p = StandbyTables.progress(c, from).orElse(StandbyProgress.pending(from, old.get().tier()));
                if (StandbyTables.putVerdict(c, p.finished(StandbyState.VERIFIED,
                        Optional.of("it served these bytes as the primary"), clock.instant(), 0, Optional.empty()))) {
                    Sources.update(c, from, SourceRole.STANDBY, SourceState.VALIDATED, Optional.empty(), old.get().tier());
                } else if (fromIsPrimary) {
                    // Decided for good while it served (removed by the user, or found to differ): it
                    // stays out of the pool, and it leaves the primary role all the same, so the item
                    // never has two primaries.
                    Sources.update(c, from, SourceRole.STANDBY, SourceState.DEAD, p.reason(), old.get().tier());
                }
            }
            if (!fromIsPrimary) return false;
            Items.setPrimary(c, itemId, to, false);
            Sources.update(c, to, SourceRole.PRIMARY, SourceState.READY, Optional.empty(), next.get().tier());
            return true;
        });
    }

    /** A candidate whose bytes differ from what was served: never to be tried again. */
    void markDead(long sourceId, String reason) throws StoreException {
        markDead(sourceId, reason, StandbyState.MISMATCH);
    }

    /**
     * A candidate never to be tried again; {@code verdict} is {@code MISMATCH} or {@code DEAD}
     * (unreadable). A candidate already failed for good (a background proof's verdict, the user's
     * removal) keeps its first verdict and reason.
     */
    void markDead(long sourceId, String reason, StandbyState verdict) throws StoreException {
        db.transaction(c -> {
            Optional<SourceRecord> s = Sources.byId(c, sourceId);
            if (s.isEmpty()) return null;
            StandbyProgress p = StandbyTables.progress(c, sourceId).orElse(StandbyProgress.pending(sourceId, s.get().tier()));
            if (!StandbyTables.putVerdict(c, p.finished(verdict, Optional.of(reason), clock.instant(), 0,
                    Optional.empty()))) {
                return null;
            }
            Sources.update(c, sourceId, SourceRole.STANDBY, SourceState.DEAD, Optional.of(reason), s.get().tier());
            String key = StandbyTables.key(c, sourceId).orElse(s.get().sha256());
            StandbyTables.putDead(c, new DeadCandidate(key, OptionalLong.of(s.get().itemId()), s.get().releaseName(),
                    reason, clock.instant()));
            return null;
        });
    }

    /**
     * A standby proved during a cutover (its full sweep and the current range matched): verified
     * from now on, as if the background proof had found it so; a background proof of it still
     * running is overruled.
     *
     * @return false when it may not take over after all: it was failed for good (by a background
     *         proof or the user) while the cutover proved it, or is no standby any more; true, and
     *         nothing stored, when it became the item's primary meanwhile (another stream cut over
     *         to it): the primary is the reference every standby is proved against
     */
    boolean markVerified(long sourceId, String reason, int samplesDone, int samplesTotal) throws StoreException {
        return db.transaction(c -> {
            Optional<SourceRecord> s = Sources.byId(c, sourceId);
            if (s.isPresent() && s.get().role() == SourceRole.PRIMARY && s.get().state() != SourceState.DEAD) return true;
            if (s.isEmpty() || s.get().role() != SourceRole.STANDBY || s.get().state() == SourceState.DEAD) return false;
            StandbyProgress p = StandbyTables.progress(c, sourceId).orElse(StandbyProgress.pending(sourceId, s.get().tier()));
            if (!StandbyTables.putVerdict(c, p.withSamples(samplesDone, samplesTotal)
                    .finished(StandbyState.VERIFIED, Optional.of(reason), clock.instant(), 0, Optional.empty()))) {
                return false;
            }
            Sources.update(c, sourceId, SourceRole.STANDBY, SourceState.VALIDATED, Optional.empty(), s.get().tier());
            return true;
        });
    }

    /** A candidate given up after too many inconclusive proofs (not dead: a later proof may bring it back). */
    void markFailed(long sourceId, String reason) throws StoreException {
        db.transaction(c -> {
            Optional<SourceRecord> s = Sources.byId(c, sourceId);
            if (s.isPresent() && s.get().role() == SourceRole.STANDBY) {
                Sources.update(c, sourceId, SourceRole.STANDBY, SourceState.FAILED, Optional.of(reason), s.get().tier());
            }
            return null;
        });
    }
}
