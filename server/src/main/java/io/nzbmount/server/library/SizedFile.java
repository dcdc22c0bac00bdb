package io.nzbmount.server.library;

import java.util.Objects;
import java.util.Optional;

/**
 * What {@link FileSizer} learned about a file.
 *
 * @param size       the exact decoded size in bytes, {@code >= 0}
 * @param layout     a compact text form of the file's segment layout (offsets of its parts) that
 *                   the reader can rebuild its segment map from without fetching anything; stored
 *                   as is and handed back unchanged, never read by the library
 * @param postedName the name in the articles' yEnc headers, when the reader saw one (a release
 *                   with obfuscated subjects may still carry the real name there)
 */
public record SizedFile(long size, String layout, Optional<String> postedName) {
    public SizedFile {
        Objects.requireNonNull(layout, "layout");
        Objects.requireNonNull(postedName, "postedName");
        if (size < 0) throw new IllegalArgumentException("size must be >= 0: " + size);
    }

    /** Without a posted name. */
    public SizedFile(long size, String layout) {
        this(size, layout, Optional.empty());
    }
}
