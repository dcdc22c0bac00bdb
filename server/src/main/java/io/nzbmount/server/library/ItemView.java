package io.nzbmount.server.library;

import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.RefusalRecord;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceState;
import java.util.List;
import java.util.Objects;

/**
 * An item with what hangs off it, read in one transaction. Immutable.
 *
 * @param item    the item
 * @param primary its primary source
 * @param files   the item's media files (named when it was created), each read from the primary's
 *                counterpart, in the NZB order of the release the item was made from
 * @param standby the standby pool: standby sources that are pending or verified, oldest first
 * @param others  every other source (failed or dead), oldest first
 * @param refused what the primary holds that cannot be served (refused archives and files inside them)
 */
public record ItemView(ItemRecord item, SourceRecord primary, List<LibraryFileView> files,
                       List<SourceRecord> standby, List<SourceRecord> others, List<RefusalRecord> refused) {
    public ItemView {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(primary, "primary");
        files = List.copyOf(files);
        standby = List.copyOf(standby);
        others = List.copyOf(others);
        refused = List.copyOf(refused);
    }

    /** An item whose primary holds nothing refused. */
    public ItemView(ItemRecord item, SourceRecord primary, List<LibraryFileView> files,
                    List<SourceRecord> standby, List<SourceRecord> others) {
        this(item, primary, files, standby, others, List.of());
    }

    /** Whether a source in this state belongs to the standby pool. */
    static boolean inPool(SourceState state) {
        return state == SourceState.PENDING || state == SourceState.VERIFIED;
    }
}
