package io.nzbmount.server.library;

import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.MemberCrcs;
import io.nzbmount.server.store.StoreException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * The files inside encrypted archives whose decrypted bytes were found not to be what their
 * archive records ({@link MemberCrcs.State#MISMATCH}): a wrong password that passed the container
 * signature, or wrong data. A reader of such a file serves no byte once it is condemned, readers
 * opened before included: each asks {@link #watch} once and the answer it gets follows
 * {@link #condemn}. The state is stored; this keeps what was read of it. Thread-safe.
 */
public final class CondemnedFiles {
    private record Key(long sourceId, int index) {}

    private final Database db;
    private final Map<Key, Boolean> known = new ConcurrentHashMap<>();

    CondemnedFiles(Database db) {
        this.db = db;
    }

    /** Whether the file is condemned, now and whenever asked later. */
    BooleanSupplier watch(long sourceId, int index) throws StoreException {
        Key key = new Key(sourceId, index);
        if (!known.containsKey(key)) {
            boolean stored = db.transaction(c -> MemberCrcs.of(c, sourceId, index))
                    .map(r -> r.state() == MemberCrcs.State.MISMATCH)
                    .orElse(false);
            known.merge(key, stored, Boolean::logicalOr);
        }
        return () -> known.getOrDefault(key, false);
    }

    /** The file is served no more, by readers open now as well; its stored state is the caller's. */
    public void condemn(long sourceId, int index) {
        known.put(new Key(sourceId, index), true);
    }
}
