package io.nzbmount.server.store;

import java.util.Objects;

/**
 * A stored file of a source.
 *
 * @param sourceId the source
 * @param index    the file's position in the NZB, from 0
 * @param name     the file name, safe as a path segment and unique within the source
 * @param size     the exact decoded size in bytes; -1 when it could not be learned at import
 * @param layout   the segment layout as the reader wrote it (opaque here); empty when unsized
 * @param media    whether the file is shown in the library (false for par2, nfo, samples, ...)
 */
public record FileRecord(long sourceId, int index, String name, long size, String layout, boolean media) {
    public FileRecord {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(layout, "layout");
    }
}
