package io.nzbmount.server.cutover;

import io.nzbmount.server.fallback.SourceHoles;
import io.nzbmount.server.standby.TransientMisses;
import io.nzbmount.server.standby.Verdict;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every stream of one item shares about its sources: the known holes, the inconclusive
 * proofs in a row of each candidate, a pending simulated failure (demo mode), the source each
 * open stream reads from and the problem the last stream ended with. Thread-safe.
 */
final class ItemCutoverState {
    private final SourceHoles holes;
    private final Map<Long, TransientMisses> misses = new HashMap<>();
    private final AtomicBoolean simulatedFailure = new AtomicBoolean();
    /** Open streams (by their id) and the source each reads from, oldest opened first. */
    private final LinkedHashMap<String, Long> serving = new LinkedHashMap<>();
    private volatile Problem problem;

    /** @param holes the item's known holes (loaded from the store); owned from now on */
    ItemCutoverState(SourceHoles holes) {
        this.holes = holes;
    }

    SourceHoles holes() {
        return holes;
    }

    /** Counts a proof of {@code sourceId}; true when the candidate is now to be abandoned. */
    synchronized boolean proved(long sourceId, Verdict verdict) {
        TransientMisses after = misses.getOrDefault(sourceId, TransientMisses.NONE).after(verdict);
        misses.put(sourceId, after);
        return after.abandoned();
    }

    /** The next read of whichever source serves this item fails (once). */
    void simulateFailure() {
        simulatedFailure.set(true);
    }

    /** True once after {@link #simulateFailure()}: the caller fails its read. */
    boolean takeSimulatedFailure() {
        // A plain read first: every read of every stream asks, and a failure is almost never armed.
        return simulatedFailure.get() && simulatedFailure.compareAndSet(true, false);
    }

    /** Stream {@code stream} reads from {@code sourceId} now (at its start and after a cutover). */
    synchronized void serving(String stream, long sourceId) {
        serving.put(stream, sourceId);
    }

    /** Stream {@code stream} has ended. */
    synchronized void ended(String stream) {
        serving.remove(stream);
    }

    /** The source the newest open stream reads from; empty when no stream of the item is open. */
    synchronized OptionalLong activeSource() {
        Long last = null;
        for (Long id : serving.values()) last = id;
        return last == null ? OptionalLong.empty() : OptionalLong.of(last);
    }

    void problem(Problem p) {
        problem = p;
    }

    /** A read delivered bytes: whatever the last stream ended with is over. Cheap when there is nothing to clear. */
    void readSucceeded() {
        if (problem != null) problem = null;
    }

    Optional<Problem> problem() {
        return Optional.ofNullable(problem);
    }
}
