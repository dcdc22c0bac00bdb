package io.nzbmount.server.repair;

/**
 * A source's repair as the API shows it.
 *
 * @param state         queued, running, done, impossible, failed or no-par2
 * @param reason        why it is impossible or failed (e.g. "needs 4 recovery slices, 3 can be read"); empty otherwise
 * @param slicesMissing input slices to rebuild
 * @param slicesTotal   input slices of the recovery set
 * @param slicesRead    input slices read so far
 * @param bytesRead     bytes read from the providers for it
 */
public record RepairStatus(
        long sourceId,
        String state,
        String reason,
        int slicesMissing,
        int slicesTotal,
        int slicesRead,
        long bytesRead) {
    /** Whether the set lacks recovery data for the damage: the repair cannot finish. */
    public boolean impossible() {
        return state.equals(RepairLedger.IMPOSSIBLE);
    }

    /** Whether the repair is still to finish. */
    public boolean active() {
        return state.equals(RepairLedger.QUEUED) || state.equals(RepairLedger.RUNNING);
    }
}
