package io.nzbmount.server.sweep;

import io.nzbmount.server.proof.Verdict;
import java.util.List;

/**
 * Progress and verdict of one fingerprint sweep: how many of {@code total} samples matched,
 * differed or could not be read. Immutable.
 *
 * <p>Verified only when every planned sample matched; a single difference is a mismatch at once
 * (the sweep may stop there); anything else, unreadable or unfinished samples included, is
 * inconclusive.
 *
 * @param total planned samples
 * @param matched samples equal on both sides
 * @param differed samples that differ
 * @param unreadable samples that could not be read or hashed on a side
 */
public record SweepTally(int total, int matched, int differed, int unreadable) {

    public SweepTally {
        if (total < 0 || matched < 0 || differed < 0 || unreadable < 0 || matched + differed + unreadable > total) {
            throw new IllegalArgumentException(
                    "bad tally " + matched + "+" + differed + "+" + unreadable + " of " + total);
        }
    }

    /** A sweep of {@code total} samples, none done. */
    public static SweepTally of(int total) {
        return new SweepTally(total, 0, 0, 0);
    }

    /** The tally of a sweep of {@code total} samples with these outcomes (in any order). */
    public static SweepTally of(int total, List<SampleOutcome> outcomes) {
        SweepTally tally = of(total);
        for (SampleOutcome outcome : outcomes) {
            tally = tally.with(outcome);
        }
        return tally;
    }

    /** This tally with one more sample done. */
    public SweepTally with(SampleOutcome outcome) {
        return switch (outcome) {
            case MATCH -> new SweepTally(total, matched + 1, differed, unreadable);
            case DIFFER -> new SweepTally(total, matched, differed + 1, unreadable);
            case UNREADABLE -> new SweepTally(total, matched, differed, unreadable + 1);
        };
    }

    /**
     * This tally with one planned sample left out: one the primary has no readable bytes for, in a
     * plan that compares every byte the primary can read ({@link SampleBook#tilesFile}).
     */
    public SweepTally withoutOne() {
        return new SweepTally(total - 1, matched, differed, unreadable);
    }

    /** Samples done, whatever their outcome. */
    public int done() {
        return matched + differed + unreadable;
    }

    /** True once the verdict can no longer change: a difference was found, or every sample is done. */
    public boolean settled() {
        return differed > 0 || done() == total;
    }

    /** The verdict so far. An empty plan proves nothing: inconclusive. */
    public Verdict verdict() {
        if (differed > 0) {
            return Verdict.MISMATCH;
        }
        return total > 0 && matched == total ? Verdict.VERIFIED : Verdict.INCONCLUSIVE;
    }
}
