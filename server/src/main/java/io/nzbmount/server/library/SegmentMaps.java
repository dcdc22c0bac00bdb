package io.nzbmount.server.library;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.archive.AesKeys;
import io.nzbmount.server.archive.Sealing;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The one place a stored file becomes a {@link SegmentMap} the reader can open: a plain file's map
 * is rebuilt from its NZB file and stored text, a file inside archive volumes is rebuilt as a
 * spliced map over its volumes' NZB files, and one inside encrypted volumes as a
 * {@link SealedSegmentMap} over its run of ciphertext, keyed with its source's password (a
 * {@link SealedUsenet} opens it). Fetches nothing. Thread-safe.
 */
public final class SegmentMaps {
    private final ItemCatalog catalog;
    private final Usenet usenet;

    public SegmentMaps(ItemCatalog catalog, Usenet usenet) {
        this.catalog = catalog;
        this.usenet = usenet;
    }

    /**
     * The map of a stored file whose map's text is stored.
     *
     * @return empty when the source or one of the NZB files it needs is gone
     * @throws IllegalArgumentException when the stored text does not fit the NZB files
     */
    public Optional<SegmentMap> restore(FileRecord file) throws StoreException {
        return restore(file.sourceId(), Optional.empty(), file.index(), file.size(), file.mapText(), file.volumes());
    }

    /**
     * {@link #restore(FileRecord)} for a file as the library shows it; empty also when its source
     * id no longer names the release (NZB hash) the view was read from.
     */
    public Optional<SegmentMap> restore(LibraryFileView file) throws StoreException {
        return restore(
                file.sourceId(),
                Optional.of(file.sourceSha256()),
                file.index(),
                file.size(),
                file.mapText(),
                file.volumes());
    }

    private Optional<SegmentMap> restore(
            long sourceId, Optional<String> sha256, int index, long size, String mapText, List<Integer> volumes)
            throws StoreException {
        if (mapText.isEmpty())
            throw new IllegalArgumentException("file " + index + " of source " + sourceId + " has no stored map");
        Optional<SealedSegmentMapText.Parsed> sealed = SealedSegmentMapText.parse(mapText);
        if (sealed.isPresent()) {
            Optional<SegmentMap> run =
                    restore(sourceId, sha256, index, size, sealed.get().runText(), volumes);
            if (run.isEmpty()) return run;
            String password = catalog.password(sourceId)
                    .orElseThrow(() -> new IllegalArgumentException("file " + index + " of source " + sourceId
                            + " is encrypted and its source has no password"));
            Sealing sealing = sealed.get().sealing();
            return Optional.of(new SealedSegmentMap(
                    run.get(),
                    sealing,
                    AesKeys.key(sealing, password),
                    AesKeys.firstChain(sealing, password),
                    size,
                    catalog.condemned().watch(sourceId, index)));
        }
        if (volumes.isEmpty()) {
            return nzbFile(sourceId, sha256, index).map(f -> usenet.restore(f, mapText));
        }
        List<NzbFile> files = new ArrayList<>(volumes.size());
        for (int v : volumes) {
            Optional<NzbFile> f = nzbFile(sourceId, sha256, v);
            if (f.isEmpty()) return Optional.empty();
            files.add(f.get());
        }
        return Optional.of(usenet.restore(files, mapText));
    }

    private Optional<NzbFile> nzbFile(long sourceId, Optional<String> sha256, int index) throws StoreException {
        return sha256.isPresent() ? catalog.nzbFile(sourceId, sha256.get(), index) : catalog.nzbFile(sourceId, index);
    }

    /** The NZB file of a plain stored file (empty for a file inside archives, or when it is gone). */
    public Optional<NzbFile> nzbFile(FileRecord file) throws StoreException {
        return file.archived() ? Optional.empty() : catalog.nzbFile(file.sourceId(), file.index());
    }
}
