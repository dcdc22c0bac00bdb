package io.nzbmount.server.app;

import io.nzbmount.server.dav.NzbRejectedException;
import io.nzbmount.server.dav.NzbUploadSink;
import io.nzbmount.server.library.importing.ImportException;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.StoreException;

/** A WebDAV {@code PUT} of an {@code .nzb} into {@code /dav/nzbs/} imports it like an upload. */
public final class ImporterUploadSink implements NzbUploadSink {
    private final LibraryImporter importer;

    public ImporterUploadSink(LibraryImporter importer) {
        this.importer = importer;
    }

    @Override
    public void accept(String fileName, byte[] content) throws NzbRejectedException {
        try {
            importer.importFile(fileName, content);
        } catch (ImportException e) {
            throw new NzbRejectedException(e.getMessage());
        } catch (StoreException e) {
            throw new NzbRejectedException("the library database cannot be written: " + e.getMessage());
        }
    }
}
