package io.nzbmount.server.repair;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.holes.ImportHoles;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which input slices of a recovery set cannot be read, and which articles hold their bytes: every
 * article of the input files is asked about (STAT, background priority); a missing article's
 * bytes are mapped onto the slices they touch. Slices need not line up with articles, so one
 * article may touch two slices and one slice two articles. An input file the release did not
 * post is missing whole. Not thread-safe: one job fills it.
 */
final class Damage {
    /**
     * An article missing on every provider.
     *
     * @param input index into the release's inputs
     * @param part  its 1-based part number
     * @param begin the file offset of its first byte
     * @param length its decoded length
     */
    record Article(String messageId, int input, int part, long begin, int length) {}

    private final long sliceSize;
    private final TreeSet<Integer> slices = new TreeSet<>();
    private final List<Article> articles = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

    Damage(long sliceSize) {
        this.sliceSize = sliceSize;
    }

    /** Asks the providers about every article of the posted inputs and records what is missing. */
    static Damage scan(Par2Release release, List<NzbFile> files, Usenet usenet)
            throws ReadFailure, ReadCancelledException {
        Damage d = new Damage(release.set().sliceSize());
        List<NzbSegment> all = new ArrayList<>();
        for (Par2Release.Input in : release.inputs())
            if (in.posted()) all.addAll(files.get(in.nzbIndex()).segments());
        Set<String> missing = all.isEmpty() ? Set.of() : usenet.missing(all);
        for (int i = 0; i < release.inputs().size(); i++) {
            Par2Release.Input in = release.inputs().get(i);
            if (!in.posted()) {
                d.wholeFile(in);
                continue;
            }
            List<NzbSegment> segments = files.get(in.nzbIndex()).segments();
            SegmentMap map = in.map();
            for (ArticleSpan gap : map.holes()) d.range(in, gap.start(), gap.end());
            if (!ImportHoles.onRegularGrid(map, segments.size())) {
                // Article k cannot be placed without its headers: reading finds these gaps instead.
                continue;
            }
            for (int k = 0; k < segments.size(); k++) {
                NzbSegment s = segments.get(k);
                if (!missing.contains(s.messageId())) continue;
                long begin = (long) k * map.partSize();
                long end = Math.min(map.size(), begin + map.partSize());
                d.article(new Article(s.messageId(), i, s.number(), begin, (int) (end - begin)), in);
            }
        }
        return d;
    }

    /**
     * The articles of the posted inputs that lie whole inside {@code rebuilt} slices though the
     * damage does not list them: a damaged article (there to STAT, so the scan passed it) in a
     * slice rebuilt for its neighbour's hole, found by a stream only while the repair ran. The
     * rebuilt slice holds its bytes, checked against par2's checksums, so it is served from there
     * like the holes. Inputs whose articles the scan could not place are left out, as there.
     */
    List<Article> alsoRebuilt(List<Par2Release.Input> inputs, List<NzbFile> files, Set<Integer> rebuilt) {
        List<Article> also = new ArrayList<>();
        if (rebuilt.isEmpty()) return also;
        for (int i = 0; i < inputs.size(); i++) {
            Par2Release.Input in = inputs.get(i);
            if (!in.posted()) continue;
            List<NzbSegment> segments = files.get(in.nzbIndex()).segments();
            SegmentMap map = in.map();
            if (!ImportHoles.onRegularGrid(map, segments.size())) continue;
            for (int k = 0; k < segments.size(); k++) {
                NzbSegment s = segments.get(k);
                if (seen.contains(s.messageId())) continue;
                long begin = (long) k * map.partSize();
                long end = Math.min(map.size(), begin + map.partSize());
                if (wholeIn(rebuilt, in, begin, end)) {
                    also.add(new Article(s.messageId(), i, s.number(), begin, (int) (end - begin)));
                }
            }
        }
        return also;
    }

    private boolean wholeIn(Set<Integer> rebuilt, Par2Release.Input in, long start, long end) {
        int first = in.firstSlice() + (int) (start / sliceSize);
        int last = in.firstSlice() + (int) ((end - 1) / sliceSize);
        for (int s = first; s <= last; s++) if (!rebuilt.contains(s)) return false;
        return true;
    }

    /** Records a missing article (once) and the slices its bytes touch. */
    void article(Article a, Par2Release.Input in) {
        if (!seen.add(a.messageId())) return;
        articles.add(a);
        range(in, a.begin(), a.begin() + a.length());
    }

    /** Records that {@code [start, end)} of an input file cannot be read. */
    void range(Par2Release.Input in, long start, long end) {
        if (end <= start) return;
        int first = in.firstSlice() + (int) (start / sliceSize);
        int last = in.firstSlice() + (int) ((end - 1) / sliceSize);
        for (int s = first; s <= last; s++) slices.add(s);
    }

    private void wholeFile(Par2Release.Input in) {
        for (int s = 0; s < in.described().slices().size(); s++) slices.add(in.firstSlice() + s);
    }

    /** The missing input slices, ascending. */
    TreeSet<Integer> slices() {
        return new TreeSet<>(slices);
    }

    /** The missing articles that were placed, in the order found. */
    List<Article> articles() {
        return List.copyOf(articles);
    }

    boolean none() {
        return slices.isEmpty();
    }
}
