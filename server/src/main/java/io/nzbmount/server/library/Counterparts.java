package io.nzbmount.server.library;

import io.nzbmount.server.store.FileRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Which file of a source holds the bytes of one of its item's files. An item's files, and so its
 * paths, are fixed when the item is created: the media files of the release it was made from
 * ({@link io.nzbmount.server.store.Files#ofItem}). Any other release of the item is matched to them
 * by content, never by name (reposts are often obfuscated, with random names): a file of exactly
 * the same size, and among several of that size the one in the same place in NZB order (media
 * files first). The length gate and the proof (fingerprint sweep, range proof) then show that
 * the bytes really are the same. Pure and thread-safe.
 */
public final class Counterparts {

    private Counterparts() {}

    /**
     * The file of a source that stands for the item's file {@code name}.
     *
     * @param itemFiles   the item's files ({@code Files.ofItem})
     * @param name        the item file's name
     * @param sourceFiles every stored file of the source, in NZB order
     * @return the release's own file when the source is the one the item was made from; else the
     *         file of the same size in the same place among files of that size; else, when it has
     *         none of that size, its first file not sized at import (a proof sizes it, and the length
     *         gate then decides); empty when it has none of these or {@code name} is no item file
     */
    public static Optional<FileRecord> of(List<FileRecord> itemFiles, String name, List<FileRecord> sourceFiles) {
        Optional<FileRecord> wanted =
                itemFiles.stream().filter(f -> f.name().equals(name)).findFirst();
        if (wanted.isEmpty()) return Optional.empty();
        FileRecord w = wanted.get();
        for (FileRecord f : sourceFiles) {
            if (f.sourceId() == w.sourceId() && f.index() == w.index()) return Optional.of(f);
        }
        int rank = 0;
        for (FileRecord f : itemFiles) {
            if (f == w) break;
            if (f.size() == w.size()) rank++;
        }
        List<FileRecord> sameSize = new ArrayList<>();
        for (FileRecord f : sourceFiles) if (f.size() == w.size()) sameSize.add(f);
        sameSize.sort(Comparator.comparing((FileRecord f) -> !f.media()).thenComparingInt(FileRecord::index));
        if (rank < sameSize.size()) return Optional.of(sameSize.get(rank));
        return sourceFiles.stream().filter(f -> f.size() < 0).findFirst();
    }
}
