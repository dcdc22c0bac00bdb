package io.nzbmount.server.store;

import java.util.List;
import java.util.Objects;

/**
 * A stored file of a source.
 *
 * @param sourceId the source
 * @param index    the file's position in the NZB, from 0; a file inside archive volumes has a
 *                 position past the NZB's files
 * @param name     the file name, safe as a path segment and unique within the source
 * @param size     the exact decoded size in bytes; -1 when it could not be learned at import
 * @param mapText  the segment map's text as the reader wrote it (opaque here; stored in the
 *                 column {@code layout}); empty when unsized
 * @param media    whether the file is shown in the library (false for par2, nfo, samples, ...)
 * @param volumes  for a file inside archive volumes: the NZB positions of the volumes its map
 *                 refers to, in that order; empty for a plain file of the NZB
 */
public record FileRecord(
        long sourceId, int index, String name, long size, String mapText, boolean media, List<Integer> volumes) {
    public FileRecord {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mapText, "mapText");
        volumes = List.copyOf(volumes);
    }

    /** A plain file of the NZB. */
    public FileRecord(long sourceId, int index, String name, long size, String mapText, boolean media) {
        this(sourceId, index, name, size, mapText, media, List.of());
    }

    /** Whether the file's bytes sit inside archive volumes. */
    public boolean archived() {
        return !volumes.isEmpty();
    }
}
