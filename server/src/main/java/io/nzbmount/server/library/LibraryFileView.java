package io.nzbmount.server.library;

import java.util.List;
import java.util.Objects;

/**
 * A media file of an item as the library shows it: read from the item's primary source.
 *
 * @param sourceId the source it is read from now
 * @param index    its position in that source's NZB
 * @param name     the last path segment
 * @param size     exact decoded size in bytes
 * @param layout   the reader's segment layout string, as {@link FileSizer} gave it
 * @param davPath  {@code /dav/library/<item>/<file>}, percent-encoded
 * @param volumes  for a file inside archive volumes, the NZB positions of the volumes its layout
 *                 refers to; empty for a plain file
 */
public record LibraryFileView(long sourceId, int index, String name, long size, String layout, String davPath,
                              List<Integer> volumes) {
    public LibraryFileView {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(davPath, "davPath");
        volumes = List.copyOf(volumes);
    }

    /** A plain file of the NZB. */
    public LibraryFileView(long sourceId, int index, String name, long size, String layout, String davPath) {
        this(sourceId, index, name, size, layout, davPath, List.of());
    }
}
