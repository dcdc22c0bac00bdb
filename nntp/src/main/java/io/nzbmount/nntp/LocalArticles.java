package io.nzbmount.nntp;

import java.util.Optional;

/**
 * Decoded articles held on this machine, asked before any provider: an article rebuilt from
 * recovery data is served from here like one fetched, checked against the file's map the same
 * way. Implementations are thread-safe and answer quickly (a lookup, then a local read).
 */
public interface LocalArticles {

    /** Holds nothing. */
    LocalArticles NONE = messageId -> Optional.empty();

    /**
     * The decoded article with this message id, when held here.
     *
     * @param messageId without angle brackets
     */
    Optional<Article> article(String messageId);

    /** Whether the article is held here (cheaper than {@link #article} when it is not). */
    default boolean holds(String messageId) {
        return article(messageId).isPresent();
    }

    /**
     * One decoded article, as its yEnc headers would describe it.
     *
     * @param part     the 1-based part number
     * @param total    the file's part count
     * @param fileSize the whole file's decoded size
     * @param begin    the 0-based file offset of the first byte
     * @param data     exactly the article's decoded bytes; the caller may keep but must not change it
     */
    record Article(int part, int total, long fileSize, long begin, byte[] data) {
        public Article {
            if (part < 1 || begin < 0 || begin + data.length > fileSize) {
                throw new IllegalArgumentException("not an article of a " + fileSize + "-byte file: part " + part
                        + " at " + begin + " with " + data.length + " bytes");
            }
        }
    }
}
