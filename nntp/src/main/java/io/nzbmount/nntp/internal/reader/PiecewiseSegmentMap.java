package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What {@link SegmentReader} reads through: a file as a run of <em>pieces</em>, each a part of one
 * article's decoded bytes. Piece {@code i} puts decoded bytes {@code [skip(i), skip(i)+length(i))}
 * of article {@link #segment(int)} at file offsets {@code [begin(i), begin(i)+length(i))}. Pieces
 * ascend in file order and do not overlap; a gap between two of them is a hole, bytes no article
 * holds. A plain NZB file ({@link PlainSegmentMap}) is one whole article per piece; a spliced file
 * ({@link SplicedSegmentMap}) may use the first and last article of each slice in part.
 *
 * <p>{@link #articles()} is the piece count, and piece indices run from 0 to it. Implementations
 * are immutable and thread-safe.
 */
public interface PiecewiseSegmentMap extends SegmentMap {

    /**
     * The piece holding byte {@code offset}, or -1 when the byte lies in a hole.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= offset < size()}
     */
    int pieceAt(long offset);

    /**
     * The piece holding {@code offset}, or the hole around it (bounded by the neighbouring pieces).
     * One {@link #pieceAt} lookup; a second binary search only for a byte in a hole.
     */
    @Override
    default ArticleSpan span(long offset) {
        int piece = pieceAt(offset);
        if (piece >= 0) return new ArticleSpan(begin(piece), begin(piece) + length(piece), false);
        // The first piece starting after the offset: pieces ascend and do not overlap, so the one
        // before it ends no later than the hole starts.
        int lo = 0;
        int hi = articles();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (begin(mid) > offset) hi = mid;
            else lo = mid + 1;
        }
        long start = lo == 0 ? 0 : begin(lo - 1) + length(lo - 1);
        long end = lo == articles() ? size() : begin(lo);
        return new ArticleSpan(start, end, true);
    }

    /** The pieces whose article is one of {@code messageIds}: each article's part in this file. */
    @Override
    default List<ArticleSpan> spansOf(Set<String> messageIds) {
        List<ArticleSpan> spans = new ArrayList<>();
        if (messageIds.isEmpty()) return spans;
        for (int i = 0; i < articles(); i++) {
            if (messageIds.contains(segment(i).messageId())) {
                spans.add(new ArticleSpan(begin(i), begin(i) + length(i), false));
            }
        }
        return spans;
    }

    /** The file offset of piece {@code index}'s first byte. */
    long begin(int index);

    /** The byte count of piece {@code index}. */
    int length(int index);

    /** How many decoded bytes of its article come before piece {@code index}. */
    int skip(int index);

    /** The article holding piece {@code index}. */
    NzbSegment segment(int index);

    /**
     * Checks that a fetched part is the article piece {@code index} expects, in the position its
     * own file gives it.
     *
     * @throws ArticleCorruptException when its file size, start or length differ: serving it
     *     would put bytes at the wrong offset
     */
    void verify(int index, DecodedArticle article) throws ArticleCorruptException;

    /** The longest decoded article of any piece: the buffer size a reader needs. */
    int maxPartLength();
}
