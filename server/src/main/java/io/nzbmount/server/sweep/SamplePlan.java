package io.nzbmount.server.sweep;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.SegmentMap;
import java.util.ArrayList;
import java.util.List;

/**
 * Where to fingerprint a file to prove that two copies hold the same bytes. Pure and stateless.
 *
 * <p>The plan is a function of the file size alone, so both sides of a comparison, and the
 * stored fingerprints of a primary, always agree on it. Number of samples: {@value #MIN_SAMPLES}
 * up to 1 GiB, then {@value #SAMPLES_PER_EXTRA_GIB} more per started GiB beyond the first, at most
 * {@value #MAX_SAMPLES} (reached at 11 GiB). Each sample is {@value #SAMPLE_LENGTH} bytes. The file
 * is cut into as many equal strata as samples; the first sample starts at 0, the last ends at the
 * end of the file, and every other one sits inside its own stratum at a position jittered by a
 * hash of the size and its index, so samples never overlap, cover the whole file evenly and do not
 * fall on round offsets. A file no larger than samples &times; length is instead covered whole by
 * consecutive samples (the last one shorter).
 */
public final class SamplePlan {
    public static final int SAMPLE_LENGTH = 64 * 1024;
    public static final int MIN_SAMPLES = 20;
    public static final int MAX_SAMPLES = 100;
    public static final int SAMPLES_PER_EXTRA_GIB = 8;
    private static final long GIB = 1L << 30;
    /** Largest size whose stratum arithmetic cannot overflow: far beyond any real file. */
    private static final long MAX_SIZE = Long.MAX_VALUE / MAX_SAMPLES;

    private SamplePlan() {}

    /** How many samples a file of {@code size} bytes gets before small files are tiled. */
    public static int sampleCount(long size) {
        checkSize(size);
        if (size <= GIB) {
            return MIN_SAMPLES;
        }
        long extraGib = (size - GIB + GIB - 1) / GIB;
        return (int) Math.min(MAX_SAMPLES, MIN_SAMPLES + SAMPLES_PER_EXTRA_GIB * extraGib);
    }

    /**
     * The samples of a file of {@code size} bytes: sorted, non-overlapping, inside the file; the
     * first starts at 0 and the last ends at {@code size}. Empty for an empty file.
     */
    public static List<Sample> forSize(long size) {
        int count = sampleCount(size);
        List<Sample> samples = new ArrayList<>(count);
        if (size <= (long) count * SAMPLE_LENGTH) {
            for (long offset = 0; offset < size; offset += SAMPLE_LENGTH) {
                samples.add(new Sample(offset, (int) Math.min(SAMPLE_LENGTH, size - offset)));
            }
            return List.copyOf(samples);
        }
        samples.add(new Sample(0, SAMPLE_LENGTH));
        for (int i = 1; i < count - 1; i++) {
            long start = i * size / count;
            long stop = (i + 1) * size / count;
            // Every stratum holds at least one sample length because size > count * SAMPLE_LENGTH.
            long slack = stop - start - SAMPLE_LENGTH;
            samples.add(new Sample(start + Math.floorMod(mix(size, i), slack + 1), SAMPLE_LENGTH));
        }
        samples.add(new Sample(size - SAMPLE_LENGTH, SAMPLE_LENGTH));
        return List.copyOf(samples);
    }

    /**
     * Moves and trims samples so that none straddles an article boundary of any of the given part
     * sizes (yEnc parts are all {@code partSize} bytes but the last, so boundaries lie at multiples
     * of it). Reading one sample then costs at most one article fetch on each side. This is
     * {@link #alignToArticles} for regular posts, whose article spans are exactly that grid.
     *
     * @param samples a plan from {@link #forSize} for {@code size}
     * @param size the file size
     * @param partSizes decoded article part size of each side, each in 1..{@link Integer#MAX_VALUE}
     */
    public static List<Sample> alignToParts(List<Sample> samples, long size, long... partSizes) {
        checkSize(size);
        if (partSizes.length == 0) {
            throw new IllegalArgumentException("no part size");
        }
        for (long partSize : partSizes) {
            if (partSize <= 0 || partSize > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("bad part size " + partSize);
            }
        }
        return align(samples, size, inside -> {
            long start = 0;
            long end = size;
            for (long partSize : partSizes) {
                long part = inside / partSize;
                start = Math.max(start, part * partSize);
                end = Math.min(end, (part + 1) * partSize);
            }
            return new Cell(start, end);
        });
    }

    /**
     * Moves and trims samples so that each lies inside one article span ({@link SegmentMap#span}) of
     * every map: reading one sample then costs at most one article fetch on each side, whatever
     * the maps (irregular posts, files spliced from archive volumes whose articles start
     * anywhere in the file). For regular posts this gives exactly what {@link #alignToParts} gives
     * with their part sizes.
     *
     * <p>Each sample goes to the cell that is the intersection of the maps' spans holding its
     * middle byte (the first sample: its first byte; the last sample: the last byte of the file),
     * and is moved the least distance that puts it inside; a cell shorter than the sample trims it
     * to the cell. Samples that then overlap inside one cell are merged. The result keeps the
     * guarantees of {@link #forSize}: sorted, non-overlapping, first at 0, last ending at
     * {@code size}; samples may be shorter, and their number may change. A map shorter than
     * {@code size} bounds no cell past its end.
     *
     * @param samples a plan from {@link #forSize} for {@code size}
     * @param size the file size
     * @param maps the maps of the sides, at least one
     */
    public static List<Sample> alignToArticles(List<Sample> samples, long size, SegmentMap... maps) {
        checkSize(size);
        if (maps.length == 0) {
            throw new IllegalArgumentException("no map");
        }
        return align(samples, size, cells(size, maps));
    }

    /** The cells of {@link #alignToArticles}: the intersection of the maps' spans holding a byte. */
    static Cells cells(long size, SegmentMap... maps) {
        return inside -> {
            long start = 0;
            long end = size;
            for (SegmentMap map : maps) {
                if (inside >= map.size()) continue;
                ArticleSpan span = map.span(inside);
                start = Math.max(start, span.start());
                end = Math.min(end, span.end());
            }
            return new Cell(start, end);
        };
    }

    /** The bytes {@code [start, end)} that one sample may cover at a time. */
    record Cell(long start, long end) {}

    /** The cell holding a byte; cells of different bytes are equal or disjoint. */
    interface Cells {
        Cell holding(long inside);
    }

    private static List<Sample> align(List<Sample> samples, long size, Cells cells) {
        List<Sample> placed = new ArrayList<>(samples.size() + 1);
        for (int i = 0; i < samples.size(); i++) {
            Sample sample = samples.get(i);
            if (sample.end() > size) {
                throw new IllegalArgumentException("sample " + sample + " beyond size " + size);
            }
            if (i == 0) {
                placed.add(placeInCell(sample, cells.holding(sample.offset())));
            }
            if (i == samples.size() - 1) {
                // Also for a single sample: the first and the last range must both stay covered.
                placed.add(placeInCell(sample, cells.holding(size - 1)));
            } else if (i > 0) {
                placed.add(placeInCell(sample, cells.holding(sample.offset() + sample.length() / 2)));
            }
        }
        placed.sort((a, b) -> Long.compare(a.offset(), b.offset()));
        List<Sample> merged = new ArrayList<>(placed.size());
        for (Sample sample : placed) {
            Sample last = merged.isEmpty() ? null : merged.getLast();
            if (last != null && sample.offset() < last.end()) {
                long end = Math.max(last.end(), sample.end());
                merged.set(merged.size() - 1, new Sample(last.offset(), (int) (end - last.offset())));
            } else {
                merged.add(sample);
            }
        }
        return List.copyOf(merged);
    }

    private static Sample placeInCell(Sample sample, Cell cell) {
        int length = (int) Math.min(sample.length(), cell.end() - cell.start());
        long offset = Math.min(Math.max(sample.offset(), cell.start()), cell.end() - length);
        return new Sample(offset, length);
    }

    private static void checkSize(long size) {
        if (size < 0 || size > MAX_SIZE) {
            throw new IllegalArgumentException("bad file size " + size);
        }
    }

    /** A well-spread 64-bit hash of (size, index) (the SplitMix64 finaliser). */
    private static long mix(long size, int index) {
        long z = size * 0x9E3779B97F4A7C15L + index;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
