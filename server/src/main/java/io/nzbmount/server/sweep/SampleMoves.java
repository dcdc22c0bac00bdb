package io.nzbmount.server.sweep;

import java.util.List;
import java.util.Optional;

/**
 * Where a sample goes when the primary cannot read its planned position (a known hole, a read
 * that failed): the nearest bytes of the same length that lie in one cell of the plan (one
 * article span of each side), touch no unreadable range and overlap no other sample. Pure and
 * stateless: the same plan, the same unreadable ranges and the same taken samples always give the
 * same answer, so every sweep of a primary with the same holes samples the same bytes.
 *
 * <p>The first sample only moves forward and the last only backward, so they stay the first and
 * the last <em>readable</em> ranges of the file; any other sample goes to whichever readable
 * position is nearer (forward on a tie). A cell shorter than the sample (the end of the file, a
 * short article) trims it, as {@link SamplePlan#alignToArticles} does.
 */
final class SampleMoves {
    /** The most cells one search steps over before giving up: a primary that lacks that much proves nothing there. */
    static final int MAX_STEPS = 4096;

    /** Bytes {@code [start, end)} a moved sample must not touch. */
    record Range(long start, long end) {
        static Range of(Sample s) {
            return new Range(s.offset(), s.end());
        }

        boolean overlaps(long from, long to) {
            return from < end && start < to;
        }
    }

    /** Which planned sample is moved: the first and last keep their ends of the file. */
    enum Place {
        FIRST,
        MIDDLE,
        LAST
    }

    private SampleMoves() {}

    /**
     * @param failed    the sample the primary cannot read
     * @param size      the file size
     * @param cells     the plan's cells ({@link SamplePlan#cells})
     * @param obstacles unreadable ranges and every other sample of the file, in any order
     * @return the replacement, or empty when the file has no readable room left for it
     */
    static Optional<Sample> move(Sample failed, Place place, long size, SamplePlan.Cells cells, List<Range> obstacles) {
        Optional<Sample> forward = place == Place.LAST
                ? Optional.empty()
                : forward(failed.offset(), failed.length(), size, cells, obstacles);
        Optional<Sample> backward =
                place == Place.FIRST ? Optional.empty() : backward(failed.end(), failed.length(), cells, obstacles);
        if (forward.isEmpty()) return backward;
        if (backward.isEmpty()) return forward;
        long ahead = forward.get().offset() - failed.offset();
        long behind = failed.offset() - backward.get().offset();
        return ahead <= behind ? forward : backward;
    }

    /** The first free sample starting at or after {@code from}. */
    private static Optional<Sample> forward(
            long from, int length, long size, SamplePlan.Cells cells, List<Range> obstacles) {
        long p = from;
        for (int step = 0; step < MAX_STEPS && p < size; step++) {
            SamplePlan.Cell cell = cells.holding(p);
            int want = (int) Math.min(length, cell.end() - cell.start());
            if (cell.end() - p < want) {
                p = cell.end();
                continue;
            }
            long blockedUntil = blockedUntil(p, p + want, obstacles);
            if (blockedUntil < 0) return Optional.of(new Sample(p, want));
            p = blockedUntil;
        }
        return Optional.empty();
    }

    /** The last free sample ending at or before {@code to}. */
    private static Optional<Sample> backward(long to, int length, SamplePlan.Cells cells, List<Range> obstacles) {
        long q = to;
        for (int step = 0; step < MAX_STEPS && q > 0; step++) {
            SamplePlan.Cell cell = cells.holding(q - 1);
            int want = (int) Math.min(length, cell.end() - cell.start());
            if (q - cell.start() < want) {
                q = cell.start();
                continue;
            }
            long blockedFrom = blockedFrom(q - want, q, obstacles);
            if (blockedFrom < 0) return Optional.of(new Sample(q - want, want));
            q = blockedFrom;
        }
        return Optional.empty();
    }

    /** The end of the furthest obstacle overlapping {@code [from, to)}, or -1 when none does. */
    private static long blockedUntil(long from, long to, List<Range> obstacles) {
        long until = -1;
        for (Range r : obstacles) {
            if (r.overlaps(from, to)) until = Math.max(until, r.end());
        }
        return until;
    }

    /** The start of the earliest obstacle overlapping {@code [from, to)}, or -1 when none does. */
    private static long blockedFrom(long from, long to, List<Range> obstacles) {
        long first = Long.MAX_VALUE;
        for (Range r : obstacles) {
            if (r.overlaps(from, to)) first = Math.min(first, r.start());
        }
        return first == Long.MAX_VALUE ? -1 : first;
    }
}
