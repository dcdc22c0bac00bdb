package io.nzbmount.server.cutover;

import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.library.Counterparts;
import io.nzbmount.server.policy.FailureRules;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

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
    private final Duration coolDown;
    private final SourceLifecycle lifecycle;

    /** With the default cool-down of a failed candidate ({@link FailureRules#DEFAULT_EXCLUSION}). */
    CutoverStore(Database db, Clock clock) {
        this(db, clock, FailureRules.DEFAULT_EXCLUSION);
    }

    /** @param coolDown how long a candidate failed for inconclusive proofs stays out */
    CutoverStore(Database db, Clock clock, Duration coolDown) {
        this.db = db;
        this.coolDown = coolDown;
        this.lifecycle = new SourceLifecycle(db, clock);
    }

    /**
     * A source that may take over, with its counterpart of the file being served.
     *
     * @param file        the candidate's counterpart of the served item file, matched by content
     *                    ({@link Counterparts}), never by name; empty when it has none, which the
     *                    length gate then rejects
     * @param verified    proved to hold the item's bytes (a verified standby, or the item's primary);
     *                    false for a standby whose fingerprint sweep has not succeeded yet
     * @param referenceId the source an unverified candidate's sweep compares it with: the item's primary
     */
    record NextSource(SourceRecord source, Optional<FileRecord> file, boolean verified, long referenceId) {}

    /**
     * The sources that may take over from {@code currentId}, best first: the item's primary in the
     * store when it is not the current one (the reference every standby was proved against), then
     * verified standbys by tier (untiered last, which is where demoted primaries sit), oldest first,
     * then the standbys not proved yet ({@code pending}), in the same order: they need a full sweep
     * first, which costs the waiting player most. Dead sources are never offered; failed ones only
     * once their cool-down has passed (they are then back in the pool, {@link SourceLifecycle#restoreDue}).
     */
    List<NextSource> nextSources(long itemId, long currentId, String fileName, long fileSize) throws StoreException {
        lifecycle.restoreDue(itemId);
        return db.transaction(c -> {
            Optional<ItemRecord> item = Items.byId(c, itemId);
            if (item.isEmpty()) return List.of();
            long primary = item.get().primarySource().orElse(-1);
            List<SourceRecord> order = new ArrayList<>();
            List<SourceRecord> verified = new ArrayList<>();
            List<SourceRecord> unverified = new ArrayList<>();
            for (SourceRecord s : SourceTable.ofItem(c, itemId)) {
                if (s.id() == currentId) continue;
                if (s.id() == primary) order.add(s);
                else if (s.verifiedStandby()) verified.add(s);
                else if (s.pendingStandby()) unverified.add(s);
            }
            Comparator<SourceRecord> byTier = Comparator.comparingInt(
                            (SourceRecord s) -> s.tier().orElse(Integer.MAX_VALUE))
                    .thenComparingLong(SourceRecord::id);
            verified.sort(byTier);
            unverified.sort(byTier);
            order.addAll(verified);
            List<FileRecord> itemFiles = Files.ofItem(c, itemId);
            List<NextSource> out = new ArrayList<>();
            for (SourceRecord s : order) {
                out.add(new NextSource(
                        s, counterpart(itemFiles, fileName, fileSize, Files.ofSource(c, s.id())), true, primary));
            }
            for (SourceRecord s : unverified) {
                out.add(new NextSource(
                        s, counterpart(itemFiles, fileName, fileSize, Files.ofSource(c, s.id())), false, primary));
            }
            return out;
        });
    }

    /** The source's counterpart of the served file; by size alone when the name is none of the item's files. */
    private static Optional<FileRecord> counterpart(
            List<FileRecord> itemFiles, String fileName, long fileSize, List<FileRecord> files) {
        if (itemFiles.stream().anyMatch(f -> f.name().equals(fileName)))
            return Counterparts.of(itemFiles, fileName, files);
        return files.stream().filter(f -> f.size() == fileSize).findFirst();
    }

    /** The stored holes of a source ({@link HoleTable}). */
    List<Hole> holes(long sourceId) throws StoreException {
        return HoleTable.ofSource(db, sourceId);
    }

    /** When the item was created; empty when there is no such item. */
    Optional<java.time.Instant> created(long itemId) throws StoreException {
        return db.transaction(c -> Items.byId(c, itemId).map(ItemRecord::created));
    }

    /** Whether {@code sourceId} is the item's primary and the user chose it. */
    boolean chosenByUser(long itemId, long sourceId) throws StoreException {
        return db.transaction(c -> Items.byId(c, itemId)
                .map(i -> i.primaryByUser() && i.primarySource().orElse(-1) == sourceId)
                .orElse(false));
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
        return lifecycle.cutOver(itemId, from, to, permanentFailure);
    }

    /** A candidate whose bytes differ from what was served: never to be tried again. */
    void markDead(long sourceId, String reason) throws StoreException {
        markDead(sourceId, reason, Verdict.MISMATCH);
    }

    /**
     * A candidate never to be tried again; {@code verdict} is {@code MISMATCH} or {@code DEAD}
     * (unreadable). A candidate already failed for good (a background proof's verdict, the user's
     * removal) keeps its first verdict and reason. The item's own primary is never failed here: it
     * is the reference every standby was proved against, and an item must always have a primary
     * that is one; a stream that cannot use it just goes on to the next candidate.
     */
    void markDead(long sourceId, String reason, Verdict verdict) throws StoreException {
        lifecycle.markDead(sourceId, reason, verdict);
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
        return lifecycle.markVerified(sourceId, reason, samplesDone, samplesTotal);
    }

    /**
     * A candidate given up after too many inconclusive proofs: not dead, only out for the
     * cool-down ({@link SourceLifecycle#restoreDue}); the item's primary is never failed here.
     */
    void markFailed(long sourceId, String reason) throws StoreException {
        lifecycle.markFailed(
                sourceId, reason + "; eligible again after " + coolDown.toMinutes() + " minutes", coolDown);
    }
}
