package io.nzbmount.server.library;

import io.nzbmount.nntp.ArticleSpan;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link FileSizer} learned about a file.
 *
 * @param size       the exact decoded size in bytes, {@code >= 0}
 * @param mapText    the file's segment map as compact text (offsets of its parts) that
 *                   the reader can rebuild its segment map from without fetching anything; stored
 *                   as is and handed back unchanged, never read by the library
 * @param postedName the name in the articles' yEnc headers, when the reader saw one (a release
 *                   with obfuscated subjects may still carry the real name there)
 * @param holes      the byte ranges no article of the NZB holds (its list lacks the parts there),
 *                   in file order; empty when every byte has an article
 */
public record SizedFile(long size, String mapText, Optional<String> postedName, List<ArticleSpan> holes) {
    public SizedFile {
        Objects.requireNonNull(mapText, "mapText");
        Objects.requireNonNull(postedName, "postedName");
        holes = List.copyOf(holes);
        if (size < 0) throw new IllegalArgumentException("size must be >= 0: " + size);
    }

    /** A file every byte of which has an article. */
    public SizedFile(long size, String mapText, Optional<String> postedName) {
        this(size, mapText, postedName, List.of());
    }

    /** Without a posted name. */
    public SizedFile(long size, String mapText) {
        this(size, mapText, Optional.empty());
    }
}
