package io.nzbmount.server.standby;

import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.util.LinkedHashMap;
import java.util.Map;

/** Reads the stored proof progress of an item's standbys, for status pages. Thread-safe. */
public final class StandbyStatus {
    private final Database db;

    public StandbyStatus(Database db) {
        this.db = db;
    }

    /** The progress of each standby of the item that has some, by source id. */
    public Map<Long, StandbyProgress> ofItem(long itemId) throws StoreException {
        Map<Long, StandbyProgress> bySource = new LinkedHashMap<>();
        for (StandbyProgress p : db.transaction(c -> StandbyTables.progressOfItem(c, itemId))) {
            bySource.put(p.sourceId(), p);
        }
        return bySource;
    }
}
