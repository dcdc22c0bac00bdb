package io.nzbmount.server.health;

import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.store.StoreException;

/** Checks the articles of one source: the work the {@link HealthScheduler} starts. */
interface SourceCheck {

    /**
     * @param sample how many articles to ask about; 0: all of them
     * @param seed   which articles a sample picks
     * @return empty-handed ({@code checked} 0) when the source or its NZB is gone
     */
    CheckResult run(long sourceId, CheckKind kind, int sample, long seed) throws StoreException, ReadCancelledException;
}
