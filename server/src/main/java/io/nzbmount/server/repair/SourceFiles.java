package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Every file of a source's NZB, par2 files and archive volumes included, in NZB order. Stateless. */
final class SourceFiles {
    private SourceFiles() {}

    static List<NzbFile> of(ItemCatalog catalog, long sourceId) throws StoreException {
        List<NzbFile> files = new ArrayList<>();
        for (int i = 0; ; i++) {
            Optional<NzbFile> f = catalog.nzbFile(sourceId, i);
            if (f.isEmpty()) return files;
            files.add(f.get());
        }
    }

    /**
     * What the import made of a source's files.
     *
     * @param names  the names it gave them, by NZB position: the real names par2 told for files
     *               posted under obfuscated ones, else the NZB's names
     * @param inUse  the NZB positions of the archive volumes its files inside archives are read
     *               from: of a part posted twice, the copy the import proved belongs
     */
    record Naming(List<String> names, java.util.Set<Integer> inUse) {}

    static Naming naming(ItemCatalog catalog, long sourceId, List<NzbFile> files) throws StoreException {
        List<String> names = new ArrayList<>();
        for (NzbFile f : files) names.add(f.name());
        java.util.Set<Integer> inUse = new java.util.HashSet<>();
        for (io.nzbmount.server.store.FileRecord r : catalog.sourceFiles(sourceId)) {
            if (r.index() < files.size()) names.set(r.index(), r.name());
            else inUse.addAll(r.volumes());
        }
        return new Naming(names, inUse);
    }
}
