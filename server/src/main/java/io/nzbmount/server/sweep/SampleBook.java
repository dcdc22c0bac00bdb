package io.nzbmount.server.sweep;

import io.nzbmount.server.holes.Hole;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The samples of one file pair during one sweep: the plan, with every sample that either side
 * cannot read moved by {@link SampleMoves} to bytes both can read, so the sweep still compares as
 * many samples as were planned. Known holes of both sides are avoided before anything is fetched;
 * a read that fails makes that side's article span unreadable for the rest of the sweep.
 * Bytes a response has already sent ({@link ServedBytes}) are the first place a middle sample
 * moves to. One sweep, one thread.
 */
final class SampleBook {
    /** How often one sample may move after failed reads of the primary (each costs a fetch). */
    static final int MAX_MOVES = 4;

    private final long size;
    private final List<Sample> samples;
    private final SamplePlan.Cells cells;
    private final List<SampleMoves.Range> unreadable = new ArrayList<>();
    private final ServedBytes served;
    private boolean servedTaken;
    private int movesOfCurrent;
    private int current = -1;

    /** A book that knows holes of the primary only. */
    SampleBook(FilePair pair, List<Hole> knownHoles, ServedBytes served) {
        this(pair, knownHoles, List.of(), served);
    }

    /**
     * @param knownHoles   the primary's known holes (of any file; those of this pair's file count)
     * @param standbyHoles the standby's known holes (by the standby's file indexes)
     * @param served       bytes sent by the response a cutover serves, of this pair's file; null when none
     */
    SampleBook(FilePair pair, List<Hole> knownHoles, List<Hole> standbyHoles, ServedBytes served) {
        this.size = pair.primary().size();
        this.samples = new ArrayList<>(pair.samples());
        this.cells = SamplePlan.cells(size, pair.primary(), pair.standby());
        for (Hole h : knownHoles) {
            if (h.fileIndex() == pair.primaryIndex()) unreadable.add(new SampleMoves.Range(h.start(), h.end()));
        }
        for (Hole h : standbyHoles) {
            if (h.fileIndex() == pair.standbyIndex()) unreadable.add(new SampleMoves.Range(h.start(), h.end()));
        }
        this.served = served != null && served.fileSize() == size ? served : null;
    }

    /**
     * Whether the other samples, where they stand, compare every byte of the file the primary can
     * read (all but the ranges known or found unreadable in this sweep). Then sample {@code i},
     * which has no readable room left, may be left out: no other choice of samples could prove
     * more. This happens in a small file, whose plan takes nearly every byte.
     */
    boolean othersCoverEveryReadableByte(int i) {
        return firstUncovered(i) < 0;
    }

    /**
     * Sample {@code i}, which has no room of its length left, shrunk into the first readable bytes
     * no other sample compares (at most its length, inside one cell); empty when there are none.
     */
    Optional<Sample> intoGap(int i) {
        long from = firstUncovered(i);
        if (from < 0) return Optional.empty();
        SamplePlan.Cell cell = cells.holding(from);
        long to = Math.min(cell.end(), from + samples.get(i).length());
        for (SampleMoves.Range r : others(i)) {
            if (r.start() > from && r.start() < to) to = r.start();
        }
        Sample s = new Sample(from, (int) (to - from));
        samples.set(i, s);
        return Optional.of(s);
    }

    /** The first byte neither another sample nor an unreadable range covers, or -1 when none. */
    private long firstUncovered(int i) {
        List<SampleMoves.Range> ranges = others(i);
        ranges.sort(Comparator.comparingLong(SampleMoves.Range::start));
        long covered = 0;
        for (SampleMoves.Range r : ranges) {
            if (r.start() > covered) return covered;
            covered = Math.max(covered, r.end());
        }
        return covered >= size ? -1 : covered;
    }

    private List<SampleMoves.Range> others(int i) {
        List<SampleMoves.Range> ranges = new ArrayList<>(unreadable);
        for (int k = 0; k < samples.size(); k++) {
            if (k != i) ranges.add(SampleMoves.Range.of(samples.get(k)));
        }
        return ranges;
    }

    int count() {
        return samples.size();
    }

    /** Sample {@code i} as it stands, wherever it is. */
    Sample planned(int i) {
        return samples.get(i);
    }

    /**
     * Sample {@code i} as it stands, moved first when it touches a range known to be unreadable on
     * the primary; empty when there is no readable room left for it.
     */
    Optional<Sample> at(int i) {
        if (i != current) {
            current = i;
            movesOfCurrent = 0;
        }
        Sample s = samples.get(i);
        for (SampleMoves.Range r : unreadable) {
            if (r.overlaps(s.offset(), s.end())) return move(i);
        }
        return Optional.of(s);
    }

    /** Bytes a side turned out to lack for good, which no sample may be moved or shrunk into from now on. */
    void lacking(long start, long end) {
        unreadable.add(new SampleMoves.Range(start, end));
    }

    /**
     * A side could not read sample {@code i}: the bytes {@code [start, end)} around it are
     * unreadable for the rest of the sweep, and the sample moves; empty when it may move no more.
     */
    Optional<Sample> failed(int i, long start, long end) {
        unreadable.add(new SampleMoves.Range(start, end));
        if (++movesOfCurrent > MAX_MOVES) return Optional.empty();
        return move(i);
    }

    /** Whether the primary's bytes of {@code sample} are the served ones (then they are not fetched). */
    boolean servedCovers(Sample sample) {
        return served != null && served.covers(sample);
    }

    /** The digest input of a sample the response has served. */
    byte[] servedBytes(Sample sample) {
        int from = (int) (sample.offset() - served.from());
        return Arrays.copyOfRange(served.bytes(), from, from + sample.length());
    }

    private Optional<Sample> move(int i) {
        Sample failed = samples.get(i);
        SampleMoves.Place place = i == 0
                ? SampleMoves.Place.FIRST
                : i == samples.size() - 1 ? SampleMoves.Place.LAST : SampleMoves.Place.MIDDLE;
        List<SampleMoves.Range> obstacles = new ArrayList<>(unreadable);
        for (int k = 0; k < samples.size(); k++) {
            if (k != i) obstacles.add(SampleMoves.Range.of(samples.get(k)));
        }
        Optional<Sample> moved =
                place == SampleMoves.Place.MIDDLE ? inServed(failed.length(), obstacles) : Optional.empty();
        if (moved.isEmpty()) moved = SampleMoves.move(failed, place, size, cells, obstacles);
        moved.ifPresent(s -> samples.set(i, s));
        return moved;
    }

    /** The last bytes the response served, once per sweep, when nothing else samples them. */
    private Optional<Sample> inServed(int length, List<SampleMoves.Range> obstacles) {
        if (served == null || servedTaken) return Optional.empty();
        int want = Math.min(length, served.bytes().length);
        Sample s = new Sample(served.end() - want, want);
        for (SampleMoves.Range r : obstacles) {
            if (r.overlaps(s.offset(), s.end())) return Optional.empty();
        }
        servedTaken = true;
        return Optional.of(s);
    }
}
