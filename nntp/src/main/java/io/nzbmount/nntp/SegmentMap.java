package io.nzbmount.nntp;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A file's segment map: where the decoded bytes of one NZB file sit, which article (segment)
 * holds which byte range. Made by {@link Usenet#map}, handed back to {@link Usenet#open}.
 * Immutable and thread-safe; holds no connections and no article data, so it may be kept for as
 * long as the file is known.
 */
public interface SegmentMap {

    /** The exact decoded size of the file in bytes (what a Content-Length must say). */
    long size();

    /** How many articles the file is made of. */
    int articles();

    /**
     * The usual decoded part size: every article but the last holds this many bytes, so article
     * boundaries lie at its multiples (exactly so for a regular post; an irregular post or a
     * spliced file differs: ask {@link #span(long)} for exact boundaries).
     */
    int partSize();

    /**
     * The exact bytes read together with byte {@code offset}: the range of the file that the article
     * holding it serves. Reading any bytes inside that range costs that one article fetch; a range
     * that crosses its ends costs another. For a spliced file ({@link Usenet#splice}) the range is
     * the part of the article that lies in the slice, so the edges of slices are edges of ranges
     * too (an article that serves two slices that are not contiguous is fetched once for each).
     *
     * <p>When {@code offset} lies in a hole (bytes no article of the NZB holds), the range is the
     * whole hole, from the end of the article before it (or 0) to the start of the one after it
     * (or {@link #size()}), marked {@link ArticleSpan#hole()}. Every byte of the file lies in
     * exactly one range, so the ranges of all offsets tile the file.
     *
     * <p>Costs no fetch: one division for a regular post, a binary search over the articles
     * otherwise.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= offset < size()}
     */
    ArticleSpan span(long offset);

    /**
     * The bytes of the file that cannot be read without the article holding {@code offset}: its
     * {@link #span(long)}, and for a file whose bytes are decrypted block by block also the rest of
     * the blocks it touches and the block after them (whose decryption chains from its last
     * ciphertext block). What a reader that found that article gone must treat as the hole.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= offset < size()}
     */
    default ArticleSpan lackedWithout(long offset) {
        return span(offset);
    }

    /**
     * The ranges of the file that the articles named by {@code messageIds} serve, in file order,
     * each as {@link #span(long)} gives it: for a spliced file the parts of those articles that lie
     * in its slices (an article that serves two slices gives two ranges). Empty when none of them
     * serves this file, and for a map that does not know its articles. Costs no fetch: one look at
     * each article of the map.
     */
    default List<ArticleSpan> spansOf(Set<String> messageIds) {
        return List.of();
    }

    /**
     * The map as compact text, to be stored with the NZB and handed to {@link Usenet#restore}
     * later instead of mapping the file again.
     */
    String text();

    /**
     * The file name its poster gave in the article headers (yEnc {@code name=}), when the map was
     * made by {@link Usenet#map}; empty for a restored or spliced map. A release with obfuscated
     * subjects may still carry the real name here.
     */
    default Optional<String> postedName() {
        return Optional.empty();
    }

    /**
     * The holes of the file: the ranges no article of the NZB holds (its list lacks the parts
     * there), in file order, each as {@link #span(long)} gives it. Empty when every byte has an
     * article. Costs no fetch: one {@link #span(long)} per article.
     */
    default List<ArticleSpan> holes() {
        List<ArticleSpan> holes = new ArrayList<>();
        for (long at = 0; at < size(); ) {
            ArticleSpan span = span(at);
            if (span.hole()) holes.add(span);
            at = span.end();
        }
        return holes;
    }
}
