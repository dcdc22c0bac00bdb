package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The decoded layout of one NZB file: its exact size and the decoded byte range of every
 * segment. Immutable and thread-safe.
 *
 * <p>Almost every post is <em>uniform</em>: every part but the last holds {@code partSize}
 * bytes, so segment {@code i} starts at {@code i * partSize} and a lookup is one division. A
 * layout that is not uniform keeps an explicit start and length per segment (lookup by binary
 * search); it may have holes, byte ranges no segment of the NZB holds.
 *
 * <p>{@link #layout()} gives a compact value to persist; {@link #restore} rebuilds the map from it
 * and the NZB's segments without fetching anything.
 *
 * <p>As an {@link ArticleLayout} each piece is one whole segment ({@link #skip} is 0).
 */
public final class SegmentMap implements ArticleLayout {

    private final List<NzbSegment> segments;
    private final long fileSize;
    private final int partSize;
    /** Explicit layout, or null when uniform. */
    private final long[] begins;

    private final int[] lengths;
    /** The yEnc name of the first article fetched to make this map, or null. */
    private final String postedName;

    private SegmentMap(
            List<NzbSegment> segments, long fileSize, int partSize, long[] begins, int[] lengths, String postedName) {
        this.segments = List.copyOf(segments);
        this.fileSize = fileSize;
        this.partSize = partSize;
        this.begins = begins;
        this.lengths = lengths;
        this.postedName = postedName;
    }

    /** This map, carrying the file name its poster gave in the yEnc headers; blank means none. */
    public SegmentMap withPostedName(String name) {
        String kept = name == null || name.isBlank() ? null : name;
        return new SegmentMap(segments, fileSize, partSize, begins, lengths, kept);
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
    public static SegmentMap uniform(List<NzbSegment> segments, long fileSize, int partSize) {
        if (!fitsUniform(segments.size(), partSize, fileSize)) {
            throw new IllegalArgumentException(
                    segments.size() + " parts of " + partSize + " bytes cannot make " + fileSize + " bytes");
        }
        return new SegmentMap(segments, fileSize, partSize, null, null, null);
    }

    /**
     * A map with an explicit range per segment. Ranges must ascend in segment order, must not
     * overlap and must lie inside the file; gaps between them are holes.
     *
     * @param partSize the usual part size, used only to keep {@link #layout()} compact
     */
    public static SegmentMap explicit(
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
            return new SegmentMap(segments, fileSize, partSize, null, null, null);
        }
        return new SegmentMap(segments, fileSize, partSize, begins.clone(), lengths.clone(), null);
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

    /** Rebuilds a map from its persisted layout and the NZB's segments, without fetching. */
    public static SegmentMap restore(List<NzbSegment> segments, Layout layout) {
        if (segments.size() != layout.segmentCount()) {
            throw new IllegalArgumentException(
                    "layout is for " + layout.segmentCount() + " segments, the file has " + segments.size());
        }
        if (layout.exceptions().isEmpty() && fitsUniform(segments.size(), layout.partSize(), layout.fileSize())) {
            return uniform(segments, layout.fileSize(), layout.partSize()).withPostedName(layout.postedName());
        }
        int n = segments.size();
        long[] begins = new long[n];
        int[] lengths = new int[n];
        for (int i = 0; i < n; i++) {
            begins[i] = uniformBegin(i, layout.partSize());
            lengths[i] = uniformLength(i, layout.partSize(), layout.fileSize());
        }
        for (Layout.Part p : layout.exceptions()) {
            begins[p.index()] = p.begin();
            lengths[p.index()] = p.length();
        }
        return explicit(segments, layout.fileSize(), layout.partSize(), begins, lengths)
                .withPostedName(layout.postedName());
    }

    /** The compact, persistable form of this map. */
    public Layout parts() {
        List<Layout.Part> exceptions = new ArrayList<>();
        if (begins != null) {
            for (int i = 0; i < begins.length; i++) {
                if (begins[i] != uniformBegin(i, partSize) || lengths[i] != uniformLength(i, partSize, fileSize)) {
                    exceptions.add(new Layout.Part(i, begins[i], lengths[i]));
                }
            }
        }
        return new Layout(fileSize, partSize, segments.size(), exceptions, postedName == null ? "" : postedName);
    }

    @Override
    public long size() {
        return fileSize;
    }

    @Override
    public String layout() {
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
        int lo = 0;
        int hi = begins.length - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (begins[mid] <= offset) lo = mid;
            else hi = mid - 1;
        }
        return offset >= begins[lo] && offset < begins[lo] + lengths[lo] ? lo : -1;
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
        return "SegmentMap[" + fileSize + " bytes, " + segments.size() + " segments, "
                + (begins == null ? "uniform " + partSize : "explicit") + "]";
    }

    /**
     * The persistable form of a map.
     *
     * @param fileSize     the decoded file size
     * @param partSize     the usual part size
     * @param segmentCount the NZB file's segment count (a check when restoring)
     * @param exceptions   the segments whose range differs from {@code index * partSize}, empty
     *                     for a uniform map
     * @param postedName   the yEnc name every article of the file must carry, empty when not known
     */
    public record Layout(long fileSize, int partSize, int segmentCount, List<Part> exceptions, String postedName) {
        private static final String VERSION = "v1";
        private static final String NAME = "y=";

        public Layout {
            exceptions = List.copyOf(exceptions);
            postedName = postedName == null ? "" : postedName;
        }

        /** A layout that checks no yEnc name. */
        public Layout(long fileSize, int partSize, int segmentCount, List<Part> exceptions) {
            this(fileSize, partSize, segmentCount, exceptions, "");
        }

        /**
         * A one-line text form, {@code v1;size;partSize;count[;index:begin:length]...[;y=NAME]},
         * the name in unpadded URL-safe base64 (so no separator can occur in it).
         */
        public String encode() {
            StringBuilder sb = new StringBuilder(VERSION)
                    .append(';')
                    .append(fileSize)
                    .append(';')
                    .append(partSize)
                    .append(';')
                    .append(segmentCount);
            for (Part p : exceptions) {
                sb.append(';')
                        .append(p.index())
                        .append(':')
                        .append(p.begin())
                        .append(':')
                        .append(p.length());
            }
            if (!postedName.isEmpty()) {
                sb.append(';')
                        .append(NAME)
                        .append(java.util.Base64.getUrlEncoder()
                                .withoutPadding()
                                .encodeToString(postedName.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            }
            return sb.toString();
        }

        /**
         * Reads {@link #encode()}'s form.
         *
         * @throws IllegalArgumentException when the text is not a layout
         */
        public static Layout decode(String text) {
            String[] fields = text.split(";");
            if (fields.length < 4 || !fields[0].equals(VERSION)) {
                throw new IllegalArgumentException("not a segment layout: " + text);
            }
            try {
                List<Part> parts = new ArrayList<>();
                String name = "";
                for (int i = 4; i < fields.length; i++) {
                    if (i == fields.length - 1 && fields[i].startsWith(NAME)) {
                        name = new String(
                                java.util.Base64.getUrlDecoder().decode(fields[i].substring(NAME.length())),
                                java.nio.charset.StandardCharsets.UTF_8);
                        continue;
                    }
                    String[] p = fields[i].split(":");
                    if (p.length != 3) throw new IllegalArgumentException("not a segment layout: " + text);
                    parts.add(new Part(Integer.parseInt(p[0]), Long.parseLong(p[1]), Integer.parseInt(p[2])));
                }
                return new Layout(
                        Long.parseLong(fields[1]),
                        Integer.parseInt(fields[2]),
                        Integer.parseInt(fields[3]),
                        parts,
                        name);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a segment layout: " + text, e);
            }
        }

        /** A segment's decoded range. */
        public record Part(int index, long begin, int length) {}
    }
}
