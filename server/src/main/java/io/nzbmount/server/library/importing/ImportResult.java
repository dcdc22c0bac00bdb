package io.nzbmount.server.library.importing;

import io.nzbmount.server.library.ItemView;
import java.util.Objects;

/**
 * The outcome of an import.
 *
 * @param item     the item as it now stands
 * @param sourceId the source made from (or already holding) the NZB
 * @param created  true when the NZB was new; false when it was already stored and nothing changed
 */
public record ImportResult(ItemView item, long sourceId, boolean created) {
    public ImportResult {
        Objects.requireNonNull(item, "item");
    }
}
