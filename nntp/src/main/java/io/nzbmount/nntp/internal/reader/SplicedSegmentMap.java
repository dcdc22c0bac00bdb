package io.nzbmount.nntp.internal.reader;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.internal.fetch.DecodedArticle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A file made of byte ranges (slices) of other NZB files (volumes), such as a film stored without
 * compression across archive volumes. Immutable and thread-safe; made without fetching anything.
 *
 * <p>As a {@link PiecewiseSegmentMap} its pieces are the articles of the volumes that hold the
 * slices' bytes, in slice order: whole articles inside a slice, and the first and last ones of a
 * slice in part when it starts or ends inside them. So reading a range costs the same articles as
 * reading those ranges of the volumes, and one reader's window runs on across slices and volumes.
 * Two slices that continue each other in the same volume share their boundary article as one piece;
 * slices that touch one article of a volume without being contiguous fetch it once each.
 *
 * <p>Each fetched article is checked against its place in its own volume, so an article that is
 * not the one expected never puts bytes at a wrong offset. Bytes that lie in a hole of a volume
 * (a part its NZB lacks) are a hole of this file too.
 */
public final class SplicedSegmentMap implements PiecewiseSegmentMap {

    private final List<PlainSegmentMap> volumes;
    private final List<Slice> slices;
    private final long size;
    private final int partSize;
    private final int maxPartLength;
    // One entry per piece, in file order.
    private final int[] volumeOf;
    private final int[] segmentOf;
    private final int[] skips;
    private final long[] begins;
    private final int[] lengths;

    private SplicedSegmentMap(List<PlainSegmentMap> volumes, List<Slice> slices, long size, Pieces pieces) {
        this.volumes = volumes;
        this.slices = slices;
        this.size = size;
        this.partSize = volumes.get(slices.getFirst().volume()).partSize();
        this.volumeOf = pieces.trimmedVolumes();
        this.segmentOf = pieces.trimmedSegments();
        this.skips = pieces.trimmedSkips();
        this.begins = pieces.trimmedBegins();
        this.lengths = pieces.trimmedLengths();
        int max = 0;
        boolean[] used = new boolean[volumes.size()];
        for (Slice s : slices) {
            if (!used[s.volume()]) max = Math.max(max, volumes.get(s.volume()).maxPartLength());
            used[s.volume()] = true;
        }
        this.maxPartLength = max;
    }

    /**
     * The file made of {@code slices} of {@code volumes}.
     *
     * @param volumes maps made by {@link SegmentMapBuilder} or {@link PlainSegmentMap#restore}
     * @throws IllegalArgumentException when there are no slices, a volume is not such a map, or a
     *     slice names no volume or does not lie inside its volume
     */
    public static SplicedSegmentMap splice(List<? extends SegmentMap> volumes, List<Slice> slices) {
        Objects.requireNonNull(volumes, "volumes");
        List<Slice> given = List.copyOf(slices);
        if (given.isEmpty()) throw new IllegalArgumentException("a spliced file needs at least one slice");
        List<PlainSegmentMap> maps = new ArrayList<>(volumes.size());
        for (int i = 0; i < volumes.size(); i++) {
            if (!(volumes.get(i) instanceof PlainSegmentMap m)) {
                throw new IllegalArgumentException(
                        "volume " + i + " is not a map made by Usenet.map or restore: " + volumes.get(i));
            }
            maps.add(m);
        }
        long size = 0;
        for (int k = 0; k < given.size(); k++) {
            Slice s = given.get(k);
            if (s.volume() >= maps.size()) {
                throw new IllegalArgumentException("slice " + k + " names volume " + s.volume() + " of " + maps.size());
            }
            long volumeSize = maps.get(s.volume()).size();
            if (s.offset() >= volumeSize || s.length() > volumeSize - s.offset()) {
                throw new IllegalArgumentException("slice " + k + " [" + s.offset() + ", " + s.end()
                        + ") does not lie inside volume " + s.volume() + " of " + volumeSize + " bytes");
            }
            size = Math.addExact(size, s.length());
        }
        return new SplicedSegmentMap(List.copyOf(maps), given, size, pieces(maps, given));
    }

    /**
     * Rebuilds a spliced map from {@link #text()} and the volumes' NZB files, without fetching.
     *
     * @throws IllegalArgumentException when the text is not a spliced map's or the volumes are
     *     not the ones it was made from
     */
    public static SplicedSegmentMap restore(List<NzbFile> volumes, String text) {
        SplicedSegmentMapText parsed = SplicedSegmentMapText.decode(text);
        if (volumes.size() != parsed.volumes().size()) {
            throw new IllegalArgumentException(
                    "the map is for " + parsed.volumes().size() + " volumes, " + volumes.size() + " were given");
        }
        List<PlainSegmentMap> maps = new ArrayList<>(volumes.size());
        for (int i = 0; i < volumes.size(); i++) {
            try {
                maps.add(PlainSegmentMap.restore(
                        volumes.get(i).segments(), parsed.volumes().get(i)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "volume " + i + " (" + volumes.get(i).name() + ") does not fit the map: " + e.getMessage(), e);
            }
        }
        if (checksum(maps) != parsed.checksum()) {
            throw new IllegalArgumentException("the volumes' articles are not the ones the map was made from"
                    + " (other volumes, or another order)");
        }
        return splice(maps, parsed.slices());
    }

    private static long checksum(List<PlainSegmentMap> maps) {
        List<String> ids = new ArrayList<>(maps.size());
        for (PlainSegmentMap m : maps) ids.add(m.articles() > 0 ? m.segment(0).messageId() : "");
        return SplicedSegmentMapText.checksum(ids);
    }

    /** The pieces of the slices; contiguous slices of one volume are walked as one range. */
    private static Pieces pieces(List<PlainSegmentMap> maps, List<Slice> slices) {
        Pieces pieces = new Pieces();
        long fileOffset = 0;
        int k = 0;
        while (k < slices.size()) {
            Slice first = slices.get(k);
            long end = first.end();
            int next = k + 1;
            while (next < slices.size()
                    && slices.get(next).volume() == first.volume()
                    && slices.get(next).offset() == end) {
                end = slices.get(next++).end();
            }
            PlainSegmentMap v = maps.get(first.volume());
            for (int i = v.firstEndingAfter(first.offset()); i < v.articles() && v.begin(i) < end; i++) {
                long from = Math.max(v.begin(i), first.offset());
                long to = Math.min(v.begin(i) + v.length(i), end);
                if (to > from) {
                    pieces.add(first.volume(), i, (int) (from - v.begin(i)), fileOffset + (from - first.offset()), (int)
                            (to - from));
                }
            }
            fileOffset += end - first.offset();
            k = next;
        }
        return pieces;
    }

    @Override
    public long size() {
        return size;
    }

    /** The number of pieces: the articles a whole read fetches. */
    @Override
    public int articles() {
        return begins.length;
    }

    /** The part size of the volume holding the first slice; piece boundaries need not fall at its multiples. */
    @Override
    public int partSize() {
        return partSize;
    }

    @Override
    public String text() {
        List<PlainSegmentMapText> parts = new ArrayList<>(volumes.size());
        for (PlainSegmentMap v : volumes) parts.add(v.parts());
        return new SplicedSegmentMapText(parts, slices, checksum(volumes)).encode();
    }

    public List<Slice> slices() {
        return slices;
    }

    @Override
    public int pieceAt(long offset) {
        Objects.checkIndex(offset, size);
        return PieceIndex.holding(begins, lengths, offset);
    }

    @Override
    public long begin(int index) {
        return begins[index];
    }

    @Override
    public int length(int index) {
        return lengths[index];
    }

    @Override
    public int skip(int index) {
        return skips[index];
    }

    @Override
    public NzbSegment segment(int index) {
        return volumes.get(volumeOf[index]).segment(segmentOf[index]);
    }

    /** The volume holding piece {@code index}. */
    public int volume(int index) {
        return volumeOf[index];
    }

    @Override
    public void verify(int index, DecodedArticle article) throws ArticleCorruptException {
        volumes.get(volumeOf[index]).verify(segmentOf[index], article);
    }

    @Override
    public int maxPartLength() {
        return maxPartLength;
    }

    @Override
    public String toString() {
        return "SplicedSegmentMap[" + size + " bytes, " + slices.size() + " slices of " + volumes.size() + " volumes, "
                + begins.length + " pieces]";
    }

    /** A growing list of pieces, as parallel arrays. */
    private static final class Pieces {
        private int count;
        private int[] volumes = new int[16];
        private int[] segments = new int[16];
        private int[] skips = new int[16];
        private long[] begins = new long[16];
        private int[] lengths = new int[16];

        void add(int volume, int segment, int skip, long begin, int length) {
            if (count == begins.length) {
                int grown = count * 2;
                volumes = Arrays.copyOf(volumes, grown);
                segments = Arrays.copyOf(segments, grown);
                skips = Arrays.copyOf(skips, grown);
                begins = Arrays.copyOf(begins, grown);
                lengths = Arrays.copyOf(lengths, grown);
            }
            volumes[count] = volume;
            segments[count] = segment;
            skips[count] = skip;
            begins[count] = begin;
            lengths[count] = length;
            count++;
        }

        int[] trimmedVolumes() {
            return Arrays.copyOf(volumes, count);
        }

        int[] trimmedSegments() {
            return Arrays.copyOf(segments, count);
        }

        int[] trimmedSkips() {
            return Arrays.copyOf(skips, count);
        }

        long[] trimmedBegins() {
            return Arrays.copyOf(begins, count);
        }

        int[] trimmedLengths() {
            return Arrays.copyOf(lengths, count);
        }
    }
}
