package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Every file of a source's NZB, par2 files and archive volumes included, in NZB order. Stateless. */
final class SourceFiles {
    private SourceFiles() {
    }

    static List<NzbFile> of(ItemCatalog catalog, long sourceId) throws StoreException {
        List<NzbFile> files = new ArrayList<>();
        for (int i = 0; ; i++) {
            Optional<NzbFile> f = catalog.nzbFile(sourceId, i);
            if (f.isEmpty()) return files;
            files.add(f.get());
        }
    }
}
