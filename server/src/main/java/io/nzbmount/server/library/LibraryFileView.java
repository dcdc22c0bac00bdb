package io.nzbmount.server.library;

import java.util.List;
import java.util.Objects;

/**
 * A media file of an item as the library shows it. Its name and path are the item's, fixed when
 * the item was created; the rest says where its bytes are read now: the item's primary source's
 * counterpart of the file ({@link Counterparts}).
 *
 * @param sourceId     the source it is read from now
 * @param sourceSha256 the SHA-256 of that source's NZB: what the file's map is made from, which no
 *                     other source can share (the NZB hash is unique)
 * @param index        the position of the file in that source's NZB
 * @param name         the last path segment, the item's own
 * @param size         exact decoded size in bytes
 * @param mapText      the segment map's text of the source's file, as {@link FileSizer} gave it
 * @param davPath      {@code /dav/library/<item>/<file>}, percent-encoded
 * @param volumes      for a file inside archive volumes, the NZB positions of the volumes its map
 *                     refers to; empty for a plain file
 */
public record LibraryFileView(
        long sourceId,
        String sourceSha256,
        int index,
        String name,
        long size,
        String mapText,
        String davPath,
        List<Integer> volumes) {
    public LibraryFileView {
        Objects.requireNonNull(sourceSha256, "sourceSha256");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mapText, "mapText");
        Objects.requireNonNull(davPath, "davPath");
        volumes = List.copyOf(volumes);
    }
}
