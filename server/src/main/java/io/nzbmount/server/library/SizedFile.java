package io.nzbmount.server.library;

import java.util.Objects;

/**
 * What {@link FileSizer} learned about a file.
 *
 * @param size   the exact decoded size in bytes, {@code >= 0}
 * @param layout a compact text form of the file's segment layout (offsets of its parts) that the
 *               reader can rebuild its segment map from without fetching anything; stored as is
 *               and handed back unchanged, never read by the library
 */
public record SizedFile(long size, String layout) {
    public SizedFile {
        Objects.requireNonNull(layout, "layout");
        if (size < 0) throw new IllegalArgumentException("size must be >= 0: " + size);
    }
}
