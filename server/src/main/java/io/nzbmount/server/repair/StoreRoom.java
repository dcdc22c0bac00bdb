package io.nzbmount.server.repair;

import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes room in the repair store for a repair's rebuilt bytes: while they do not fit the budget,
 * the repair of another source whose rebuilt articles were served least recently gives its bytes
 * up (its articles are served no more, its holes are holes again, its repair is failed and runs
 * again at its next hole). Slices another repair still uses stay. Called by the one repair worker.
 */
final class StoreRoom {
    private static final Logger LOG = LoggerFactory.getLogger(StoreRoom.class);

    private StoreRoom() {}

    /**
     * @param bytes      the rebuilt bytes to store
     * @param sourceId   the source being repaired, which is never evicted
     * @return whether they fit now
     */
    static boolean makeFor(long bytes, long sourceId, RepairStore store, RepairedArticles served, RepairLedger ledger)
            throws IOException, StoreException {
        if (store.fits(bytes) || bytes > store.budget()) return store.fits(bytes);
        for (long victim : served.byLeastRecentUse()) {
            if (store.fits(bytes)) break;
            if (victim == sourceId) continue;
            served.drop(victim);
            ledger.evicted(victim);
            long freed = store.keepOnly(served.keysInUse());
            LOG.info(
                    "the repair store dropped the rebuilt bytes of source {} ({} bytes) to make room for source {}",
                    victim,
                    freed,
                    sourceId);
        }
        return store.fits(bytes);
    }
}
