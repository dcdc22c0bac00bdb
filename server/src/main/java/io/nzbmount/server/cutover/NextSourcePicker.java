package io.nzbmount.server.cutover;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.RangeRouter;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.policy.FailureKind;
import io.nzbmount.server.policy.FailurePolicy;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.standby.TransientMisses;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.sweep.SweepRunner;
import io.nzbmount.server.sweep.SweepWatch;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import java.util.function.LongToIntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the source that continues a stream at offset {@code o}: the item's other sources in
 * order ({@link CutoverStore#nextSources}: verified ones first, then standbys not proved yet),
 * skipping the ones the policy bars there and the ones already tried in this pick; the
 * length gate; an unproved standby then runs the full fingerprint sweep ({@link SweepRunner})
 * against the item's primary; then every candidate runs the current-range proof: its bytes just
 * before {@code o} must equal the bytes this response already sent ({@link RangeProof}).
 * MISMATCH (of either proof) fails the candidate for good; INCONCLUSIVE counts a transient miss
 * (abandoned after {@link TransientMisses#LIMIT}). An unproved standby that passes both is
 * verified from then on.
 *
 * <p>A sweep places no sample where the primary cannot read (its known holes, a read that fails
 * now): the sample moves to readable bytes, first of all the bytes this response already sent.
 *
 * <p>The sweeps of one pick share one time budget ({@code sweepBudget}, counted from the
 * first sweep): the player waits for them. A sweep that runs out of it is inconclusive.
 *
 * <p>When the response has sent nothing yet there is nothing to compare: a candidate then rests
 * on its fingerprint sweep (completed before, or just now). Thread-safe; a call blocks on the
 * providers.
 */
final class NextSourcePicker implements SourcePicker {
    private static final Logger LOG = LoggerFactory.getLogger(NextSourcePicker.class);

    private final CutoverStore store;
    private final SegmentMaps segmentMaps;
    private final Usenet usenet;
    private final SweepRunner sweeps;
    private final Duration sweepBudget;
    private final LongSupplier nanoTime;

    /** @param nanoTime a monotonic clock in nanoseconds for the sweeps' budget and how long they took */
    NextSourcePicker(
            CutoverStore store,
            SegmentMaps segmentMaps,
            Usenet usenet,
            SweepRunner sweeps,
            Duration sweepBudget,
            LongSupplier nanoTime) {
        this.store = store;
        this.segmentMaps = segmentMaps;
        this.usenet = usenet;
        this.sweeps = sweeps;
        this.sweepBudget = sweepBudget;
        this.nanoTime = nanoTime;
    }

    /**
     * Where a stream stands when it asks for the next source: a value, taken at the moment of the
     * ask; the stream's own state (its ring of sent bytes, its failure policy) stays with it.
     *
     * @param currentId the source the stream leaves
     * @param offset    the next byte the stream sends: where the next source takes over
     * @param sent      the last bytes the stream sent, up to {@code offset}
     * @param barred    the sources the stream's failure policy lets serve no byte now
     *                  ({@link FailurePolicy#barred}); the item's known holes bar the others at
     *                  their offsets
     */
    record Request(
            long itemId,
            String fileName,
            long fileSize,
            long currentId,
            long offset,
            SentBytes sent,
            Set<Long> barred) {
        Request {
            if (sent.position() != offset) {
                throw new IllegalArgumentException("bytes sent up to " + sent.position() + ", not " + offset);
            }
            barred = Set.copyOf(barred);
        }
    }

    /** One pick: the request and what the pick works on while it runs. */
    private record Pick(
            Request request,
            ItemCutoverState shared,
            Probes probes,
            BiConsumer<EventKind, Map<String, Object>> timeline,
            Set<Long> tried) {}

    /**
     * {@inheritDoc}
     *
     * <p>A candidate whose handling fails in the library database is skipped (timeline event
     * {@code cutover-candidate-skipped}); the others are still tried.
     */
    @Override
    public Optional<ActiveSource> pick(
            Request request,
            ItemCutoverState shared,
            Probes probes,
            BiConsumer<EventKind, Map<String, Object>> timeline)
            throws StoreException, ReadCancelledException {
        return pick(new Pick(request, shared, probes, timeline, new HashSet<>()));
    }

    private Optional<ActiveSource> pick(Pick p) throws StoreException, ReadCancelledException {
        Request r = p.request();
        Budget budget = new Budget();
        Map<Long, CutoverStore.NextSource> byId = new LinkedHashMap<>();
        for (CutoverStore.NextSource candidate :
                store.nextSources(r.itemId(), r.currentId(), r.fileName(), r.fileSize())) {
            byId.put(candidate.source().id(), candidate);
        }
        List<Long> preference = List.copyOf(byId.keySet());
        LongToIntFunction fileIndexOf =
                id -> byId.get(id).file().map(FileRecord::index).orElse(-1);
        while (true) {
            // The router skips what the policy bars and the known holes at the offset; a candidate
            // whose file is unknown (index -1) has no holes and meets the length gate below.
            Optional<RangeRouter.Route> route = RangeRouter.route(
                    preference,
                    p.shared().holes(),
                    fileIndexOf,
                    r.offset(),
                    id -> !p.tried().contains(id) && usable(byId.get(id), p));
            if (route.isEmpty()) return Optional.empty();
            long id = route.get().sourceId();
            p.tried().add(id);
            CutoverStore.NextSource candidate = byId.get(id);
            try {
                Optional<ActiveSource> proved = tryCandidate(candidate, p, budget);
                if (proved.isPresent()) return proved;
            } catch (StoreException e) {
                // One candidate's trouble with the database is not the stream's: the next one may serve.
                LOG.warn("candidate {} of item {} skipped: {}", id, r.itemId(), e.toString());
                Map<String, Object> detail = new LinkedHashMap<>();
                detail.put("source", id);
                detail.put("offset", r.offset());
                detail.put("reason", "the library database failed: " + e.getMessage());
                p.timeline().accept(EventKind.CUTOVER_CANDIDATE_SKIPPED, detail);
            }
        }
    }

    /** Whether the policy lets the candidate serve the offset now (a candidate without the file is left to the gate). */
    private static boolean usable(CutoverStore.NextSource candidate, Pick p) {
        return candidate.file().isEmpty()
                || eligible(candidate.source().id(), candidate.file().get().index(), p);
    }

    /** Not barred by the stream's policy, and not known to lack the byte at the offset. */
    private static boolean eligible(long id, int fileIndex, Pick p) {
        return !p.request().barred().contains(id)
                && !p.shared().holes().lacks(id, fileIndex, p.request().offset());
    }

    /** When the sweeps of one pick started: their budget runs from the first. */
    private final class Budget {
        private long deadline;
        private boolean started;

        long deadline() {
            if (!started) {
                started = true;
                deadline = nanoTime.getAsLong() + sweepBudget.toNanos();
            }
            return deadline;
        }
    }

    /** Proves one candidate; the proved source with an open reader, or empty. */
    private Optional<ActiveSource> tryCandidate(CutoverStore.NextSource candidate, Pick p, Budget budget)
            throws StoreException, ReadCancelledException {
        Request r = p.request();
        long id = candidate.source().id();
        // A file not sized at import (its first article could not be read then) is not a
        // mismatch yet: the background proof sizes it.
        if (candidate.file().isPresent() && candidate.file().get().size() < 0) return Optional.empty();
        if (candidate.file().isEmpty() || candidate.file().get().size() != r.fileSize()) {
            store.markDead(
                    id,
                    "content-length gate: it has no file of " + r.fileSize() + " bytes like \"" + r.fileName() + "\"");
            return Optional.empty();
        }
        FileRecord file = candidate.file().get();
        if (!eligible(id, file.index(), p)) {
            return Optional.empty();
        }
        if (file.mapText().isEmpty()) return Optional.empty();
        Optional<SegmentMap> restored = segmentMaps.restore(file);
        if (restored.isEmpty()) return Optional.empty();
        Optional<Proof> swept = Optional.empty();
        if (!candidate.verified()) {
            Proof proof = sweep(candidate, p, budget.deadline());
            if (!settle(id, proof.verdict(), proof.reason(), p.shared())) return Optional.empty();
            swept = Optional.of(proof);
            // The holes the sweep found are the candidate's own: it may not serve them, here or later.
            for (Hole h : store.holes(id)) p.shared().holes().add(id, h);
            if (p.shared().holes().lacks(id, file.index(), r.offset())) return Optional.empty();
        }
        SegmentMap map = restored.get();
        NzbReader reader = usenet.open(map, Priority.FOREGROUND);
        p.probes().add(reader);
        boolean keep = false;
        try {
            Verdict verdict = prove(reader, p, id, file.index());
            if (verdict == Verdict.VERIFIED) {
                // Failed for good by someone else while this sweep ran: that verdict stands.
                if (swept.isPresent()
                        && !store.markVerified(
                                id,
                                swept.get().reason() + ", proved during a cutover at offset " + r.offset(),
                                swept.get().samplesDone(),
                                swept.get().samplesTotal())) {
                    return Optional.empty();
                }
                p.shared().proved(id, verdict);
                keep = true;
                return Optional.of(new ActiveSource(id, file.index(), map, reader));
            }
            settle(
                    id,
                    verdict,
                    "its bytes before offset " + r.offset() + " differ from the bytes already served",
                    p.shared());
            return Optional.empty();
        } finally {
            p.probes().remove(reader);
            if (!keep) reader.close();
        }
    }

    /**
     * Records a proof's verdict on the candidate; true only for {@code VERIFIED} (go on).
     * MISMATCH and DEAD fail it for good; INCONCLUSIVE is a transient miss.
     */
    private boolean settle(long id, Verdict verdict, String reason, ItemCutoverState shared) throws StoreException {
        switch (verdict) {
            case VERIFIED -> {
                return true;
            }
            case MISMATCH, DEAD -> store.markDead(id, reason, verdict);
            case INCONCLUSIVE -> {
                if (shared.proved(id, Verdict.INCONCLUSIVE)) {
                    store.markFailed(
                            id, "its bytes could not be compared " + TransientMisses.LIMIT + " times in a row");
                }
            }
        }
        return false;
    }

    /**
     * The full fingerprint sweep of an unproved candidate, held to {@code deadline}; recorded in
     * the timeline as {@code cutover-sweep}. A sweep cut off by the deadline is inconclusive.
     */
    private Proof sweep(CutoverStore.NextSource candidate, Pick p, long deadline)
            throws StoreException, ReadCancelledException {
        Request r = p.request();
        long id = candidate.source().id();
        long started = nanoTime.getAsLong();
        Proof proof;
        boolean outOfTime;
        try (SweepWatch watch = new SweepWatch(deadline, p.probes(), nanoTime)) {
            try {
                proof = sweeps.sweep(candidate.referenceId(), id, r.sent().served(r.fileSize()), watch);
            } catch (ReadCancelledException e) {
                if (!watch.expired()) throw e;
                proof = new Proof(Verdict.INCONCLUSIVE, "a read was still waiting", 0, 0);
            }
            outOfTime = watch.expired() && proof.verdict() == Verdict.INCONCLUSIVE;
        }
        if (outOfTime) {
            proof = new Proof(
                    Verdict.INCONCLUSIVE,
                    "its sweep ran out of the " + sweepBudget.toMillis() + " ms a cutover may spend on sweeps ("
                            + proof.reason() + ")",
                    proof.samplesDone(),
                    proof.samplesTotal());
        }
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("source", id);
        detail.put("offset", r.offset());
        detail.put("result", proof.verdict().word());
        detail.put("reason", proof.reason());
        detail.put("samplesDone", proof.samplesDone());
        detail.put("samplesTotal", proof.samplesTotal());
        detail.put("tookMillis", (nanoTime.getAsLong() - started) / 1_000_000);
        detail.put("budgetMillis", sweepBudget.toMillis());
        p.timeline().accept(EventKind.CUTOVER_SWEEP, detail);
        return proof;
    }

    /**
     * The current-range proof of a candidate that is verified (by the store, or by the sweep just
     * made). Bytes the candidate lacks for good (a hole of its own just before the cut) are not
     * held against it: the bytes before its hole are compared, and with none left it rests on its
     * sweep, as when nothing was sent yet.
     */
    private static Verdict prove(NzbReader reader, Pick p, long candidateId, int fileIndex)
            throws ReadCancelledException {
        Request r = p.request();
        SentBytes sent = r.sent();
        if (sent.held() == 0) return Verdict.VERIFIED;
        byte[] theirs = new byte[sent.held()];
        long from = sent.heldFrom();
        int got = 0;
        try {
            // The proof reads only the bytes before the cut: the old source's reader may hold those after it.
            reader.willRead(from, r.offset());
            while (got < theirs.length) {
                int n = reader.read(from + got, theirs, got, theirs.length - got);
                if (n <= 0) break;
                got += n;
            }
        } catch (ReadFailure e) {
            LOG.debug("proof read at {} failed: {}", from + got, e.toString());
            if (FailureKind.of(e) != FailureKind.PERMANENT) return Verdict.INCONCLUSIVE;
            p.shared().holes().add(candidateId, Hole.at(fileIndex, from + got));
            return Arrays.equals(sent.heldBytes(), 0, got, theirs, 0, got) ? Verdict.VERIFIED : Verdict.MISMATCH;
        }
        byte[] compared = got == theirs.length ? theirs : Arrays.copyOf(theirs, got);
        return RangeProof.judge(sent, r.offset(), compared);
    }
}
