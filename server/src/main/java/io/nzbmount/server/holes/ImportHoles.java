package io.nzbmount.server.holes;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The byte ranges of a plain file whose articles the import found missing (its STAT sample), so a
 * sweep avoids them up front. A segment map does not name its articles, so an article's range is
 * taken from the regular grid of the post: article {@code k} holds part {@code k}. Only a map
 * that is that grid (every article but the last holds the part size) gets holes; for any other
 * map, and for files inside archive volumes, nothing is known up front and the sweep finds the
 * gaps by reading. Pure and stateless; a wrong guess could only move a sample, never pass one.
 */
public final class ImportHoles {
    private ImportHoles() {}

    /**
     * @param fileIndex the file's index (of the holes)
     * @param map       the file's map
     * @param segments  the file's articles in NZB order
     * @param missing   message ids missing at import, of any file of the source
     */
    public static List<Hole> of(int fileIndex, SegmentMap map, List<NzbSegment> segments, Set<String> missing) {
        List<Hole> holes = new ArrayList<>();
        if (missing.isEmpty() || !onRegularGrid(map, segments.size())) return holes;
        long part = map.partSize();
        for (int k = 0; k < segments.size(); k++) {
            if (!missing.contains(segments.get(k).messageId())) continue;
            ArticleSpan span = map.span(k * part);
            if (span.start() == k * part) holes.add(new Hole(fileIndex, span.start(), span.end()));
        }
        return holes;
    }

    /**
     * Whether {@code map} lies on a regular post's part grid of {@code articles} articles: every
     * article but the last holds {@code partSize} bytes, so article {@code k} starts at
     * {@code k * partSize}.
     */
    public static boolean onRegularGrid(SegmentMap map, int articles) {
        long part = map.partSize();
        return articles > 0
                && map.articles() == articles
                && part > 0
                && map.size() > (articles - 1) * part
                && map.size() <= articles * part;
    }
}
