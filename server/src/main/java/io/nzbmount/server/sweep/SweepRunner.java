package io.nzbmount.server.sweep;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.store.StoreException;

/**
 * Runs the full fingerprint sweep of one standby while a player waits: a cutover onto a standby
 * that was not proved yet. Same plan and verdicts as a background proof (both run a
 * {@link Sweep}), but every fetch runs at foreground priority, samples follow each other without
 * a pause, and the caller can stop the sweep; samples the reference cannot read may move into the
 * bytes the response has already sent. Nothing is stored about the standby: recording the verdict
 * is the caller's job. {@code standby.StandbyProver#sweep} is the one the server runs.
 * Thread-safe; a call blocks its thread on the providers.
 */
@FunctionalInterface
public interface SweepRunner {

    /**
     * Compares {@code standbyId} with {@code referenceId}, a source known to hold the item's bytes.
     *
     * @param served bytes the waiting response has sent (the item holds them), sampled where the
     *               reference cannot be read; null when it has sent none
     * @throws ReadCancelledException when a reader was closed under the sweep, or the thread interrupted
     */
    Proof sweep(long referenceId, long standbyId, ServedBytes served, SweepGuard guard)
            throws StoreException, ReadCancelledException;
}
