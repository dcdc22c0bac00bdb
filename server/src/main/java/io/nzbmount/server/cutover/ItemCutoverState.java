package io.nzbmount.server.cutover;

import io.nzbmount.server.fallback.SourceHoles;
import io.nzbmount.server.standby.TransientMisses;
import io.nzbmount.server.standby.Verdict;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What every stream of one item shares about its sources: the known holes, the inconclusive
 * proofs in a row of each candidate, and a pending simulated failure (demo mode). Thread-safe.
 */
final class ItemCutoverState {
    private final SourceHoles holes = new SourceHoles();
    private final Map<Long, TransientMisses> misses = new HashMap<>();
    private final AtomicBoolean simulatedFailure = new AtomicBoolean();

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
        return simulatedFailure.compareAndSet(true, false);
    }
}
