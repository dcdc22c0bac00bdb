package io.nzbmount.server.repair;

import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.StoreException;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * The map of a source's NZB file as the import stored it (as text), so a repair places a file
 * without fetching its first article, which may be the one that is gone. Thread-safe when the
 * catalog is.
 */
@FunctionalInterface
interface StoredSegmentMaps {
    /** The stored map of the NZB file at {@code nzbIndex}; empty when none is stored or it cannot be read. */
    Optional<SegmentMap> of(int nzbIndex);

    /** The stored maps of {@code sourceId}'s plain NZB files, as {@code maps} rebuilds them. */
    static StoredSegmentMaps of(ItemCatalog catalog, SegmentMaps maps, long sourceId) {
        return nzbIndex -> {
            try {
                Optional<FileRecord> f = catalog.sourceFile(sourceId, nzbIndex);
                if (f.isEmpty() || f.get().archived() || f.get().mapText().isEmpty()) return Optional.empty();
                return maps.restore(f.get());
            } catch (StoreException | IllegalArgumentException e) {
                // Mapped anew from its first article instead.
                LoggerFactory.getLogger(StoredSegmentMaps.class)
                        .debug("file {} of source {} has no usable stored map: {}", nzbIndex, sourceId, e.toString());
                return Optional.empty();
            }
        };
    }
}
