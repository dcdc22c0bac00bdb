package io.nzbmount.server.observe;

import java.util.Objects;

/**
 * What is known about a stream when its GET starts.
 *
 * @param itemId   the library item
 * @param itemName the item's name
 * @param file     the file's name within the item
 * @param client   the client's address (host:port)
 * @param sourceId the source it starts reading from
 * @param offset   the first byte it serves
 * @param length   the bytes the response promises (Content-Length)
 */
public record StreamStart(
        long itemId, String itemName, String file, String client, String sourceId, long offset, long length) {
    public StreamStart {
        Objects.requireNonNull(itemName, "itemName");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(sourceId, "sourceId");
        if (offset < 0 || length < 0) throw new IllegalArgumentException("offset and length must be >= 0");
    }
}
