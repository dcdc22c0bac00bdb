package io.nzbmount.server.standby;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.release.ReleaseName;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.sweep.SweepProgress;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Runs one proof of a standby and stores what it found: the progress row, the source's state in
 * the library (verified: {@code VERIFIED}; mismatch or dead: dead with the reason), a dead key for a
 * permanent verdict, and two events (started, result). Thread-safe; the service makes sure one
 * source is proved by one thread at a time.
 *
 * <p>A proof claims its standby when it starts ({@link StandbyTables#claim}) and its every write
 * holds only while that claim stands ({@link StandbyTables#putClaimed}): when a cutover or the
 * user decided the standby while the proof ran, the proof's result is dropped (the result event
 * says so) and neither the progress nor the source is touched.
 */
final class ProofRunner {

    /** Compares a standby with a primary; {@link StandbyProver#prove} in service. */
    @FunctionalInterface
    interface Prover {
        Proof prove(long primaryId, long standbyId, SweepProgress progress)
                throws StoreException, ReadCancelledException;
    }

    private final Database db;
    private final Prover prover;
    private final EventLog events;
    private final SourceLifecycle lifecycle;

    ProofRunner(Database db, Prover prover, EventLog events, Clock clock) {
        this.db = db;
        this.prover = prover;
        this.events = events;
        this.lifecycle = new SourceLifecycle(db, clock);
    }

    /**
     * Starts tracking a standby that was added without the service (by hand): its key is its NZB's
     * hash, its tier what its name says against the primary's.
     */
    void adopt(long sourceId) throws StoreException {
        lifecycle.adopt(sourceId, (primary, standby) -> {
            if (primary.isEmpty()) return OptionalInt.of(Tiering.SAME_CONTENT);
            OptionalInt t = Tiering.tier(
                    ReleaseName.parse(primary.get().source().releaseName()),
                    primary.get().mediaSize(),
                    ReleaseName.parse(standby.source().releaseName()),
                    standby.mediaSize());
            return t.isPresent() ? t : OptionalInt.of(Tiering.SAME_CONTENT);
        });
    }

    /** Proofs cut short by a stop are pending again. */
    void resetInterrupted() throws StoreException {
        db.transaction(c -> {
            StandbyTables.releaseAllClaims(c);
            return null;
        });
    }

    /** Proves a standby against its item's current primary and stores the outcome. */
    void run(long sourceId, List<Duration> retryWaits) throws StoreException, ReadCancelledException {
        Optional<Target> target = db.transaction(c -> {
            Optional<SourceRecord> source = SourceTable.byId(c, sourceId);
            if (source.isEmpty() || source.get().role() != SourceRole.STANDBY) return Optional.empty();
            OptionalLong primary = Items.byId(c, source.get().itemId())
                    .map(i -> i.primarySource())
                    .orElse(OptionalLong.empty());
            if (primary.isEmpty()) return Optional.empty();
            return StandbyTables.claim(c, sourceId).map(claimed -> new Target(source.get(), primary.getAsLong()));
        });
        if (target.isEmpty()) return;
        SourceRecord source = target.get().source();
        event(
                source.itemId(),
                EventKind.STANDBY_PROOF_STARTED,
                Map.of("source", sourceId, "release", source.releaseName()));
        Proof proof;
        try {
            proof = prover.prove(
                    target.get().primaryId(),
                    sourceId,
                    (done, total) -> db.transaction(c -> {
                        Optional<StandbyProgress> p = StandbyTables.progress(c, sourceId);
                        if (p.isPresent()) StandbyTables.putClaimed(c, p.get().withSamples(done, total));
                        return null;
                    }));
        } catch (ReadCancelledException e) {
            db.transaction(c -> StandbyTables.releaseClaim(c, sourceId));
            throw e;
        } catch (StoreException | RuntimeException e) {
            // Our failure, not the standby's: inconclusive, so it is tried again after the usual
            // wait instead of staying {@code PROVING} until the next start.
            try {
                record(
                        target.get(),
                        new Proof(Verdict.INCONCLUSIVE, "the proof could not run: " + e.getMessage(), 0, 0),
                        retryWaits);
            } catch (StoreException | RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
        record(target.get(), proof, retryWaits);
    }

    private void record(Target target, Proof proof, List<Duration> retryWaits) throws StoreException {
        SourceRecord source = target.source();
        // Empty when stored; else why the result was dropped.
        Optional<String> dropped = lifecycle.recordProof(
                source, proof.verdict(), proof.reason(), proof.samplesDone(), proof.samplesTotal(), retryWaits);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("source", source.id());
        detail.put("release", source.releaseName());
        detail.put("result", proof.verdict().word());
        detail.put("reason", proof.reason());
        detail.put("samplesDone", proof.samplesDone());
        detail.put("samplesTotal", proof.samplesTotal());
        dropped.ifPresent(why -> detail.put("dropped", why));
        event(source.itemId(), EventKind.STANDBY_PROOF_RESULT, detail);
    }

    void event(long itemId, EventKind kind, Map<String, ?> detail) throws StoreException {
        events.record(OptionalLong.of(itemId), Optional.empty(), kind, detail);
    }

    private record Target(SourceRecord source, long primaryId) {}
}
