package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The segment map of one NZB file: its exact size and the decoded byte range of every
 * segment. Immutable and thread-safe.
 *
 * <p>Almost every post is <em>uniform</em>: every part but the last holds {@code partSize}
 * bytes, so segment {@code i} starts at {@code i * partSize} and a lookup is one division. A
 * map that is not uniform keeps an explicit start and length per segment (lookup by binary
 * search); it may have holes, byte ranges no segment of the NZB holds.
 *
 * <p>{@link #text()} gives a compact value to persist; {@link #restore} rebuilds the map from it
 * and the NZB's segments without fetching anything.
 *
 * <p>As a {@link PiecewiseSegmentMap} each piece is one whole segment ({@link #skip} is 0).
 */
public final class PlainSegmentMap implements PiecewiseSegmentMap {

    private final List<NzbSegment> segments;
    private final long fileSize;
    private final int partSize;
    /** Explicit ranges, or null when uniform. */
    private final long[] begins;

    private final int[] lengths;
    /** The yEnc name of the first article fetched to make this map, or null. */
    private final String postedName;

    private PlainSegmentMap(
            List<NzbSegment> segments, long fileSize, int partSize, long[] begins, int[] lengths, String postedName) {
        this.segments = List.copyOf(segments);
        this.fileSize = fileSize;
        this.partSize = partSize;
        this.begins = begins;
        this.lengths = lengths;
        this.postedName = postedName;
    }

    /** This map, carrying the file name its poster gave in the yEnc headers; blank means none. */
    public PlainSegmentMap withPostedName(String name) {
        String kept = name == null || name.isBlank() ? null : name;
        return new PlainSegmentMap(segments, fileSize, partSize, begins, lengths, kept);
    }

    @Override
    public Optional<String> postedName() {
        return Optional.ofNullable(postedName);
    }

    /** True when {@code count} parts of {@code partSize} bytes (the last one shorter) make {@code fileSize}. */
    public static boolean fitsUniform(int count, int partSize, long fileSize) {
        return count >= 1
                && partSize > 0
                && fileSize > (long) (count - 1) * partSize
                && fileSize <= (long) count * partSize;
    }

    /** A uniform map; {@link #fitsUniform} must hold. */
    public static PlainSegmentMap uniform(List<NzbSegment> segments, long fileSize, int partSize) {
        if (!fitsUniform(segments.size(), partSize, fileSize)) {
            throw new IllegalArgumentException(
                    segments.size() + " parts of " + partSize + " bytes cannot make " + fileSize + " bytes");
        }
        return new PlainSegmentMap(segments, fileSize, partSize, null, null, null);
    }

    /**
     * A map with an explicit range per segment. Ranges must ascend in segment order, must not
     * overlap and must lie inside the file; gaps between them are holes.
     *
     * @param partSize the usual part size, used only to keep {@link #text()} compact
     */
    public static PlainSegmentMap explicit(
            List<NzbSegment> segments, long fileSize, int partSize, long[] begins, int[] lengths) {
        int n = segments.size();
        if (begins.length != n || lengths.length != n) throw new IllegalArgumentException("one range per segment");
        if (fileSize < 0 || partSize < 0) throw new IllegalArgumentException("negative size");
        long previousEnd = 0;
        for (int i = 0; i < n; i++) {
            if (lengths[i] < 0 || begins[i] < previousEnd || begins[i] + lengths[i] > fileSize) {
                throw new IllegalArgumentException("segment " + i + " range [" + begins[i] + ", "
                        + (begins[i] + lengths[i]) + ") overlaps, descends or leaves the file of " + fileSize);
            }
            previousEnd = begins[i] + lengths[i];
        }
        if (n > 0 && fitsUniform(n, partSize, fileSize) && matchesUniform(begins, lengths, fileSize, partSize)) {
            return new PlainSegmentMap(segments, fileSize, partSize, null, null, null);
        }
        return new PlainSegmentMap(segments, fileSize, partSize, begins.clone(), lengths.clone(), null);
    }

    private static boolean matchesUniform(long[] begins, int[] lengths, long fileSize, int partSize) {
        for (int i = 0; i < begins.length; i++) {
            if (begins[i] != uniformBegin(i, partSize) || lengths[i] != uniformLength(i, partSize, fileSize))
                return false;
        }
        return true;
    }

    private static long uniformBegin(int index, int partSize) {
        return (long) index * partSize;
    }

    private static int uniformLength(int index, int partSize, long fileSize) {
        return (int) Math.max(0, Math.min(partSize, fileSize - uniformBegin(index, partSize)));
    }

    /** Rebuilds a map from its persisted text and the NZB's segments, without fetching. */
    public static PlainSegmentMap restore(List<NzbSegment> segments, PlainSegmentMapText text) {
        if (segments.size() != text.segmentCount()) {
            throw new IllegalArgumentException(
                    "the map is for " + text.segmentCount() + " segments, the file has " + segments.size());
        }
        if (text.exceptions().isEmpty() && fitsUniform(segments.size(), text.partSize(), text.fileSize())) {
            return uniform(segments, text.fileSize(), text.partSize()).withPostedName(text.postedName());
        }
        int n = segments.size();
        long[] begins = new long[n];
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            begins[i] = uniformBegin(i, text.partSize());
            lengths[i] = uniformLength(i, text.partSize(), text.fileSize());
        }
        for (PlainSegmentMapText.Part p : text.exceptions()) {
            begins[p.index()] = p.begin();
            lengths[p.index()] = p.length();
        }
        return explicit(segments, text.fileSize(), text.partSize(), begins, lengths)
                .withPostedName(text.postedName());
    }

    /** The compact, persistable form of this map. */
    public PlainSegmentMapText parts() {
        List<PlainSegmentMapText.Part> exceptions = new ArrayList<>();
        if (begins != null) {
            for (int i = 0; i < begins.length; i++) {
                if (begins[i] != uniformBegin(i, partSize) || lengths[i] != uniformLength(i, partSize, fileSize)) {
                    exceptions.add(new PlainSegmentMapText.Part(i, begins[i], lengths[i]));
                }
            }
        }
        return new PlainSegmentMapText(
                fileSize, partSize, segments.size(), exceptions, postedName == null ? "" : postedName);
    }

    @Override
    public long size() {
        return fileSize;
    }

    @Override
    public String text() {
        return parts().encode();
    }

    @Override
    public int articles() {
        return segments.size();
    }

    @Override
    public int partSize() {
        return partSize;
    }

    public boolean isUniform() {
        return begins == null;
    }

    @Override
    public NzbSegment segment(int index) {
        return segments.get(index);
    }

    public List<NzbSegment> segments() {
        return segments;
    }

    /** The file offset of segment {@code index}'s first decoded byte. */
    @Override
    public long begin(int index) {
        Objects.checkIndex(index, segments.size());
        return begins == null ? uniformBegin(index, partSize) : begins[index];
    }

    /** The decoded length of segment {@code index}. */
    @Override
    public int length(int index) {
        Objects.checkIndex(index, segments.size());
        return lengths == null ? uniformLength(index, partSize, fileSize) : lengths[index];
    }

    /** A whole segment is read from its first byte. */
    @Override
    public int skip(int index) {
        return 0;
    }

    /** The longest decoded part: the buffer size a reader needs. */
    @Override
    public int maxPartLength() {
        if (lengths == null) return (int) Math.min(partSize, fileSize);
        int max = 0;
        for (int l : lengths) max = Math.max(max, l);
        return max;
    }

    /**
     * The segment holding byte {@code offset}, or -1 when the byte lies in a hole.
     *
     * @throws IndexOutOfBoundsException unless {@code 0 <= offset < size()}
     */
    public int segmentAt(long offset) {
        Objects.checkIndex(offset, fileSize);
        if (begins == null) return (int) (offset / partSize);
        return PieceIndex.holding(begins, lengths, offset);
    }

    @Override
    public int pieceAt(long offset) {
        return segmentAt(offset);
    }

    /**
     * The first segment whose range ends after {@code offset}: where a byte range starting there
     * begins to be held (later, when {@code offset} lies in a hole). {@link #articles()} when none.
     */
    public int firstEndingAfter(long offset) {
        if (offset < 0) return 0;
        if (begins == null) return (int) Math.min(segments.size(), offset / partSize);
        int lo = 0;
        int hi = begins.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (begins[mid] + lengths[mid] > offset) hi = mid;
            else lo = mid + 1;
        }
        return lo;
    }

    /**
     * Checks that a fetched part is the one this map places at segment {@code index}: of this
     * file (the yEnc name, when the map knows it) and at this position.
     *
     * @throws ArticleCorruptException when its name, size, start or length differ: serving it
     *     would put bytes of another file, or bytes at the wrong offset
     */
    @Override
    public void verify(int index, DecodedArticle article) throws ArticleCorruptException {
        if (postedName != null
                && article.name() != null
                && !article.name().isBlank()
                && !postedName.equals(article.name())) {
            throw new ArticleCorruptException(
                    segment(index).messageId(),
                    "article " + segment(index).messageId() + " belongs to the posted file \"" + article.name()
                            + "\", not to \"" + postedName + "\"",
                    null);
        }
        long begin = begin(index);
        int length = length(index);
        if (article.fileSize() != fileSize || article.begin() != begin || article.length() != length) {
            throw new ArticleCorruptException(
                    segment(index).messageId(),
                    "article " + segment(index).messageId()
                            + " holds bytes [" + article.begin() + ", " + article.end() + ") of a " + article.fileSize()
                            + "-byte file; the map expects [" + begin + ", " + (begin + length) + ") of " + fileSize,
                    null);
        }
    }

    @Override
    public String toString() {
        return "PlainSegmentMap[" + fileSize + " bytes, " + segments.size() + " segments, "
                + (begins == null ? "uniform " + partSize : "explicit") + "]";
    }
}
