package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** The fingerprint sampling plan and its alignment to article boundaries. */
class SamplePlanTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final int LEN = SamplePlan.SAMPLE_LENGTH;

    /** Sorted, non-overlapping, inside the file, first at 0, last ending at the size. */
    private static void assertWellFormed(List<Sample> samples, long size) {
        assertEquals(0, samples.getFirst().offset(), "first sample at 0, size " + size);
        assertEquals(size, samples.getLast().end(), "last sample ends at the size " + size);
        for (int i = 1; i < samples.size(); i++) {
            assertTrue(samples.get(i - 1).end() <= samples.get(i).offset(),
                    "sorted, not overlapping: " + samples.get(i - 1) + " " + samples.get(i) + ", size " + size);
        }
    }

    @Test
    void sampleCountGrowsWithSizeFromTwentyToAHundred() {
        assertEquals(20, SamplePlan.sampleCount(0));
        assertEquals(20, SamplePlan.sampleCount(700 * MIB));
        assertEquals(20, SamplePlan.sampleCount(GIB - 1));
        assertEquals(20, SamplePlan.sampleCount(GIB));
        assertEquals(28, SamplePlan.sampleCount(GIB + 1));
        assertEquals(28, SamplePlan.sampleCount(2 * GIB));
        assertEquals(36, SamplePlan.sampleCount(2 * GIB + 1));
        assertEquals(92, SamplePlan.sampleCount(10 * GIB));
        assertEquals(100, SamplePlan.sampleCount(10 * GIB + 1));
        assertEquals(100, SamplePlan.sampleCount(80 * GIB));
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.sampleCount(-1));
    }

    @Test
    void largeFilesGetFullLengthSamplesOnePerStratum() {
        for (long size : new long[] {20L * LEN + 1, 700 * MIB + 12345, GIB, 4 * GIB + 77, 23 * GIB + 5}) {
            List<Sample> samples = SamplePlan.forSize(size);
            int count = SamplePlan.sampleCount(size);
            assertEquals(count, samples.size(), "size " + size);
            assertWellFormed(samples, size);
            for (int i = 0; i < count; i++) {
                Sample sample = samples.get(i);
                assertEquals(LEN, sample.length());
                assertTrue(sample.offset() >= i * size / count && sample.end() <= (i + 1) * size / count,
                        "sample " + i + " in its stratum, size " + size);
            }
        }
    }

    @Test
    void positionsDependOnlyOnTheSizeAndAreNotRound() {
        long size = 3 * GIB + 4321;
        assertEquals(SamplePlan.forSize(size), SamplePlan.forSize(size));
        assertNotEquals(SamplePlan.forSize(size).get(5), SamplePlan.forSize(size + 1).get(5));
        long round = SamplePlan.forSize(size).stream().filter(s -> s.offset() % 4096 == 0).count();
        assertTrue(round <= 2, "only a few offsets on 4 KiB multiples, was " + round);
    }

    @Test
    void smallFilesAreCoveredWholeByFewerSamples() {
        assertEquals(List.of(), SamplePlan.forSize(0));
        assertEquals(List.of(new Sample(0, 1)), SamplePlan.forSize(1));
        assertEquals(List.of(new Sample(0, LEN), new Sample(LEN, 100)), SamplePlan.forSize(LEN + 100));
        for (long size : new long[] {LEN, 5L * LEN - 3, 20L * LEN}) {
            List<Sample> samples = SamplePlan.forSize(size);
            assertWellFormed(samples, size);
            assertEquals(size, samples.stream().mapToLong(Sample::length).sum(), "whole file covered, size " + size);
            assertEquals((size + LEN - 1) / LEN, samples.size());
        }
    }

    @Test
    void alignedSamplesNeverStraddleAnArticleBoundary() {
        SplittableRandom random = new SplittableRandom(42);
        long[] sizes = {1, 999, LEN + 100, 20L * LEN, 716800, 716801, 30 * MIB + 7, 700 * MIB + 12345,
                3 * GIB + 999, 15 * GIB + 716799, random.nextLong(GIB, 20 * GIB), random.nextLong(1, 50 * MIB)};
        long[][] grids = {{716800}, {768000}, {65537}, {999}, {1_000_003}, {1}, {716800, 768000}, {716800, 500_009}};
        for (long size : sizes) {
            List<Sample> plan = SamplePlan.forSize(size);
            for (long[] grid : grids) {
                List<Sample> aligned = SamplePlan.alignToParts(plan, size, grid);
                assertWellFormed(aligned, size);
                for (Sample sample : aligned) {
                    for (long part : grid) {
                        assertEquals(sample.offset() / part, (sample.end() - 1) / part,
                                sample + " straddles a boundary of part size " + part + ", file size " + size);
                    }
                }
                assertTrue(aligned.size() <= plan.size() + 1);
            }
        }
    }

    @Test
    void alignmentMovesSamplesTheLeastDistanceAndKeepsTheirLength() {
        long size = 5 * GIB + 1234;
        List<Sample> plan = SamplePlan.forSize(size);
        List<Sample> aligned = SamplePlan.alignToParts(plan, size, 716800);
        assertEquals(plan.size(), aligned.size(), "large parts and a large file: nothing merged");
        int moved = 0;
        for (int i = 0; i < plan.size(); i++) {
            long shift = Math.abs(aligned.get(i).offset() - plan.get(i).offset());
            assertTrue(shift <= LEN / 2, "moved " + shift);
            assertEquals(LEN, aligned.get(i).length());
            moved += shift > 0 ? 1 : 0;
        }
        assertTrue(moved > 0 && moved < plan.size(), "only straddling samples move, moved " + moved);
    }

    @Test
    void aShortLastArticleShortensTheLastSample() {
        long size = 10L * 716800 + 100;
        List<Sample> aligned = SamplePlan.alignToParts(SamplePlan.forSize(size), size, 716800);
        assertEquals(new Sample(10L * 716800, 100), aligned.getLast());
    }

    @Test
    void aSingleSampleAcrossABoundaryBecomesFirstAndLastArticle() {
        assertEquals(List.of(new Sample(0, 1000), new Sample(1000, 500)),
                SamplePlan.alignToParts(SamplePlan.forSize(1500), 1500, 1000));
    }

    @Test
    void badPartSizesAreRefused() {
        List<Sample> plan = SamplePlan.forSize(MIB);
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.alignToParts(plan, MIB));
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.alignToParts(plan, MIB, 0));
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.alignToParts(plan, MIB / 2, 716800));
    }
}
