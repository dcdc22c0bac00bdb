package io.nzbmount.server.sweep;

import io.nzbmount.server.store.StoreException;

/** Told after every compared sample of a {@link Sweep}, so progress can be stored and shown. */
@FunctionalInterface
public interface SweepProgress {
    void samples(int done, int total) throws StoreException;
}
