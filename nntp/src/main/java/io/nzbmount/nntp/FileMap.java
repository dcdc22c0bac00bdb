package io.nzbmount.nntp;

import java.util.Optional;

/**
 * Where the decoded bytes of one NZB file sit: which article holds which byte range. Made by
 * {@link Usenet#map}, handed back to {@link Usenet#open}. Immutable and thread-safe; holds no
 * connections and no article data, so it may be kept for as long as the file is known.
 */
public interface FileMap {

    /** The exact decoded size of the file in bytes (what a Content-Length must say). */
    long size();

    /** How many articles the file is made of. */
    int articles();

    /**
     * The usual decoded part size: every article but the last holds this many bytes, so article
     * boundaries lie at its multiples (exactly so for a regular post; an irregular one may differ).
     */
    int partSize();

    /**
     * A compact text form of where every article's bytes sit, to be stored with the NZB and
     * handed to {@link Usenet#restore} later instead of mapping the file again.
     */
    String layout();

    /**
     * The file name its poster gave in the article headers (yEnc {@code name=}), when the map was
     * made by {@link Usenet#map}; empty for a restored or spliced map. A release with obfuscated
     * subjects may still carry the real name here.
     */
    default Optional<String> postedName() {
        return Optional.empty();
    }
}
