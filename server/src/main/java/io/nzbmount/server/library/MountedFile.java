package io.nzbmount.server.library;

import java.time.Instant;
import java.util.Objects;

/**
 * A library path resolved to what serves it: enough for the WebDAV side to open a reader.
 *
 * @param itemId       the item owning the path
 * @param itemName     its folder name
 * @param itemCreated  when the item was imported (creation and last-modified time of the file)
 * @param sourceSha256 the SHA-256 of the NZB of the source serving the file now (changes only when
 *                     the primary changes)
 * @param file         the item's file with where it is read now: source id, index, size, map's text
 */
public record MountedFile(
        long itemId, String itemName, Instant itemCreated, String sourceSha256, LibraryFileView file) {
    public MountedFile {
        Objects.requireNonNull(itemName, "itemName");
        Objects.requireNonNull(itemCreated, "itemCreated");
        Objects.requireNonNull(sourceSha256, "sourceSha256");
        Objects.requireNonNull(file, "file");
    }
}
