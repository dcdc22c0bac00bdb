package io.nzbmount.server.cutover;

import io.nzbmount.server.holes.SourceHoles;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.standby.TransientMisses;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every stream of one item shares about its sources: the known holes, the inconclusive
 * proofs in a row of each candidate, a pending simulated failure (demo mode), the source each
 * open stream reads from and whether the item has a problem (stored in {@link ProblemTable}; the
 * flag spares every read a database look-up). Thread-safe.
 */
final class ItemCutoverState {
    private final Instant itemCreated;
    private final SourceHoles holes;
    private final Map<Long, TransientMisses> misses = new HashMap<>();
    private final AtomicBoolean simulatedFailure = new AtomicBoolean();
    /** Open streams (by their id) and the source each reads from, oldest opened first. */
    private final LinkedHashMap<String, Long> serving = new LinkedHashMap<>();

    private final AtomicBoolean problem;

    /**
     * @param itemCreated when the item this state describes was created: with its id, what tells it
     *                    from any other item
     * @param holes       the item's known holes (loaded from the store); owned from now on
     * @param hasProblem  whether a problem of the item is stored
     */
    ItemCutoverState(Instant itemCreated, SourceHoles holes, boolean hasProblem) {
        this.itemCreated = itemCreated;
        this.holes = holes;
        this.problem = new AtomicBoolean(hasProblem);
    }

    /** Whether this state was built for the item of this id created at {@code created}. */
    boolean describes(Instant created) {
        return itemCreated.equals(created);
    }

    SourceHoles holes() {
        return holes;
    }

    /**
     * Counts a proof of {@code sourceId}; true when the candidate is now to be abandoned. The count
     * then starts again, so a candidate back from its cool-down has as many chances as a new one.
     */
    synchronized boolean proved(long sourceId, Verdict verdict) {
        TransientMisses after =
                misses.getOrDefault(sourceId, TransientMisses.NONE).after(verdict);
        if (after.abandoned()) {
            misses.remove(sourceId);
            return true;
        }
        misses.put(sourceId, after);
        return false;
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

    /** A stream of the item has ended with a problem (the caller stores it). */
    void problemSet() {
        problem.set(true);
    }

    /**
     * A read delivered bytes: whatever the last stream ended with is over. True once, when there
     * was a problem to clear (the caller deletes it from the store); cheap when there is none.
     */
    boolean readSucceeded() {
        return problem.get() && problem.compareAndSet(true, false);
    }
}
