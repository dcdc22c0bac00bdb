package io.nzbmount.server.health;

import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StoreException;
import java.util.List;
import java.util.function.LongConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a standby search for an item when a health check finds new holes in one of its sources
 * and the item has no other source that might serve those bytes (every other one is dead, or there
 * is none): an item with standbys already has releases to route around the holes, and its pool is
 * filled when it plays. Thread-safe.
 */
public final class StandbySearchOnHoles implements NewHoles {
    private static final Logger LOG = LoggerFactory.getLogger(StandbySearchOnHoles.class);

    private final Database db;
    private final LongConsumer search;

    /** @param search starts a search for the item with this id, in the background */
    public StandbySearchOnHoles(Database db, LongConsumer search) {
        this.db = db;
        this.search = search;
    }

    @Override
    public void found(FoundHoles found) {
        try {
            List<SourceRecord> others = db.transaction(c -> SourceTable.ofItem(c, found.itemId())).stream()
                    .filter(s -> s.id() != found.sourceId() && s.state() != SourceState.DEAD)
                    .toList();
            if (others.isEmpty()) search.accept(found.itemId());
        } catch (StoreException | RuntimeException e) {
            LOG.warn("no standby search for the new holes of item {}: {}", found.itemId(), e.toString());
        }
    }
}
