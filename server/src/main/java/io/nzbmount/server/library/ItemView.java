package io.nzbmount.server.library;

import io.nzbmount.server.store.ItemRecord;
import io.nzbmount.server.store.MemberCrcs;
import io.nzbmount.server.store.RefusalRecord;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceState;
import java.util.List;
import java.util.Map;
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
 * @param memberCrcs by source id, where the background CRC check of its files inside encrypted
 *                archives stands ({@link io.nzbmount.server.store.MemberCrcs}): the worst of its
 *                files' states; a source with no such file is not in it
 */
public record ItemView(
        ItemRecord item,
        SourceRecord primary,
        List<LibraryFileView> files,
        List<SourceRecord> standby,
        List<SourceRecord> others,
        List<RefusalRecord> refused,
        Map<Long, MemberCrcs.State> memberCrcs) {
    public ItemView {
        Objects.requireNonNull(item, "item");
        Objects.requireNonNull(primary, "primary");
        files = List.copyOf(files);
        standby = List.copyOf(standby);
        others = List.copyOf(others);
        refused = List.copyOf(refused);
        memberCrcs = Map.copyOf(memberCrcs);
    }

    /** An item none of whose sources has a file to check. */
    public ItemView(
            ItemRecord item,
            SourceRecord primary,
            List<LibraryFileView> files,
            List<SourceRecord> standby,
            List<SourceRecord> others,
            List<RefusalRecord> refused) {
        this(item, primary, files, standby, others, refused, Map.of());
    }

    /** An item whose primary holds nothing refused. */
    public ItemView(
            ItemRecord item,
            SourceRecord primary,
            List<LibraryFileView> files,
            List<SourceRecord> standby,
            List<SourceRecord> others) {
        this(item, primary, files, standby, others, List.of());
    }

    /** Whether a source in this state belongs to the standby pool. */
    public static boolean inPool(SourceState state) {
        return state == SourceState.PENDING || state == SourceState.VERIFIED;
    }
}
