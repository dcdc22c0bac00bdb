package io.nzbmount.server.standby;

import io.nzbmount.server.proof.Verdict;

/**
 * Inconclusive proofs of one standby in a row (reads that timed out or failed transiently). A
 * standby is abandoned after {@value #LIMIT}; a conclusive proof starts the count again.
 * Immutable.
 *
 * @param count misses so far, {@code >= 0}
 */
public record TransientMisses(int count) {
    public static final int LIMIT = 5;
    public static final TransientMisses NONE = new TransientMisses(0);

    public TransientMisses {
        if (count < 0) {
            throw new IllegalArgumentException("count " + count);
        }
    }

    /** The count after a proof with this verdict: one more when inconclusive, none otherwise. */
    public TransientMisses after(Verdict verdict) {
        return verdict == Verdict.INCONCLUSIVE ? new TransientMisses(count + 1) : NONE;
    }

    /** Whether the standby should be given up. */
    public boolean abandoned() {
        return count >= LIMIT;
    }
}
