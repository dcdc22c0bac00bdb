package io.nzbmount.server.standby;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.store.StoreException;

/**
 * The full fingerprint sweep of one standby, run while a player waits: a cutover onto a standby
 * that was not proved yet. Same plan and verdicts as the background proof ({@link Prevalidator}),
 * but every fetch runs at foreground priority, samples follow each other without a pause, and the
 * caller can stop the sweep; samples the reference cannot read may move into the bytes the
 * response has already sent. Nothing is stored about the standby: recording the verdict is the
 * caller's job. Thread-safe; a call blocks its thread on the providers.
 */
public interface UrgentSweep {

    /** What a running sweep asks of its caller; called on the sweeping thread. */
    interface Guard {
        /** A guard that never stops a sweep and ignores its readers. */
        Guard NONE = new Guard() {
            @Override public boolean stop() { return false; }
            @Override public void opened(NzbReader reader) { }
        };

        /** Asked before each sample: true ends the sweep there, with an {@code INCONCLUSIVE} proof. */
        boolean stop();

        /**
         * A reader the sweep has just opened (the sweep closes it itself). The caller may close it
         * from any thread: a read waiting on it then ends with {@link ReadCancelledException},
         * which ends the sweep.
         */
        void opened(NzbReader reader);
    }

    /**
     * Compares {@code standbyId} with {@code referenceId}, a source known to hold the item's bytes.
     *
     * @param served bytes the waiting response has sent (the item holds them), sampled where the
     *               reference cannot be read; null when it has sent none
     * @throws ReadCancelledException when a reader was closed under the sweep, or the thread interrupted
     */
    Proof sweep(long referenceId, long standbyId, ServedBytes served, Guard guard)
            throws StoreException, ReadCancelledException;
}
