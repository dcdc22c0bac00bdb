package io.nzbmount.server.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Slice;
import io.nzbmount.nntp.Usenet;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The fingerprint sampling plan and its alignment to article boundaries. */
class SamplePlanTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final int LEN = SamplePlan.SAMPLE_LENGTH;
    /** Maps are restored from their stored texts: no provider is ever asked. */
    private static final Usenet USENET = Usenet.connect(List.of(), Usenet.Settings.defaults());

    @AfterAll
    static void closeUsenet() {
        USENET.close();
    }

    /** The map of a regular post of {@code size} bytes in parts of {@code partSize}, as restore makes it. */
    private static SegmentMap regular(String name, long size, long partSize) {
        int count = (int) ((size + partSize - 1) / partSize);
        List<NzbSegment> segments = new ArrayList<>(count);
        for (int i = 1; i <= count; i++) segments.add(new NzbSegment(i, partSize, name + "-" + i + "@test"));
        NzbFile file = new NzbFile(name, "\"" + name + "\" yEnc", "poster", 0, List.of("alt.test"), segments);
        return USENET.restore(file, "v1;" + size + ";" + partSize + ";" + count);
    }

    private static List<Sample> golden(long... offsetsAndLengths) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < offsetsAndLengths.length; i += 2) {
            samples.add(new Sample(offsetsAndLengths[i], (int) offsetsAndLengths[i + 1]));
        }
        return samples;
    }

    /** Sorted, non-overlapping, inside the file, first at 0, last ending at the size. */
    private static void assertWellFormed(List<Sample> samples, long size) {
        assertEquals(0, samples.getFirst().offset(), "first sample at 0, size " + size);
        assertEquals(size, samples.getLast().end(), "last sample ends at the size " + size);
        for (int i = 1; i < samples.size(); i++) {
            assertTrue(
                    samples.get(i - 1).end() <= samples.get(i).offset(),
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
                assertTrue(
                        sample.offset() >= i * size / count && sample.end() <= (i + 1) * size / count,
                        "sample " + i + " in its stratum, size " + size);
            }
        }
    }

    @Test
    void positionsDependOnlyOnTheSizeAndAreNotRound() {
        long size = 3 * GIB + 4321;
        assertEquals(SamplePlan.forSize(size), SamplePlan.forSize(size));
        assertNotEquals(
                SamplePlan.forSize(size).get(5), SamplePlan.forSize(size + 1).get(5));
        long round = SamplePlan.forSize(size).stream()
                .filter(s -> s.offset() % 4096 == 0)
                .count();
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
        long[] sizes = {
            1,
            999,
            LEN + 100,
            20L * LEN,
            716800,
            716801,
            30 * MIB + 7,
            700 * MIB + 12345,
            3 * GIB + 999,
            15 * GIB + 716799,
            random.nextLong(GIB, 20 * GIB),
            random.nextLong(1, 50 * MIB)
        };
        long[][] grids = {{716800}, {768000}, {65537}, {999}, {1_000_003}, {1}, {716800, 768000}, {716800, 500_009}};
        for (long size : sizes) {
            List<Sample> plan = SamplePlan.forSize(size);
            for (long[] grid : grids) {
                List<Sample> aligned = SamplePlan.alignToParts(plan, size, grid);
                assertWellFormed(aligned, size);
                for (Sample sample : aligned) {
                    for (long part : grid) {
                        assertEquals(
                                sample.offset() / part,
                                (sample.end() - 1) / part,
                                sample + " straddles a boundary of part size " + part + ", file size " + size);
                    }
                }
                assertTrue(aligned.size() <= plan.size() + 1);
            }
        }
    }

    @Test
    void regularPostsGetTheSameSamplesFromTheirArticleSpansAsFromTheirPartSizes() {
        // Plans worked out by the part-size alignment before spans existed (the stored primary
        // hashes of regular posts are keyed by these offsets and must stay valid).
        assertEquals(
                golden(
                        0, 65536, 128000, 65536, 200000, 56000, 318464, 65536, 416357, 65536, 532889, 65536, 640000,
                        60000, 702464, 65536, 805864, 65536, 923457, 65536, 1024000, 65536, 1100000, 52000, 1214464,
                        65536, 1321523, 65536, 1412531, 65536, 1536000, 64000, 1600000, 64000, 1716227, 65536, 1814373,
                        65536, 1934464, 65536),
                SamplePlan.alignToArticles(
                        SamplePlan.forSize(2_000_000),
                        2_000_000,
                        regular("a", 2_000_000, 100_000),
                        regular("b", 2_000_000, 128_000)));
        long film = 700 * MIB + 12345;
        assertEquals(
                golden(
                        0, 65536, 56496358, 65536, 107106900, 65536, 129840653, 65536, 156086906, 65536, 211261253,
                        65536, 254841501, 65536, 268083200, 65536, 300367211, 65536, 350449664, 65536, 400958116, 65536,
                        425539816, 65536, 472466065, 65536, 503723926, 65536, 532742024, 65536, 551789368, 65536,
                        598279917, 65536, 650414002, 65536, 691712000, 65536, 734003200, 12345),
                SamplePlan.alignToArticles(
                        SamplePlan.forSize(film), film, regular("a", film, 716800), regular("b", film, 768000)));

        SplittableRandom random = new SplittableRandom(7);
        long[] sizes = {
            1,
            999,
            LEN + 100,
            20L * LEN,
            716800,
            716801,
            30 * MIB + 7,
            3 * GIB + 999,
            random.nextLong(1, 50 * MIB),
            random.nextLong(GIB, 20 * GIB)
        };
        long[][] pairs = {{716800, 716800}, {716800, 768000}, {65537, 9_999}, {1_000_003, 500_009}, {1_000, 716800}};
        for (long size : sizes) {
            List<Sample> plan = SamplePlan.forSize(size);
            for (long[] parts : pairs) {
                if (size / Math.min(parts[0], parts[1]) > 1_000_000) continue; // keeps the test's maps small
                assertEquals(
                        SamplePlan.alignToParts(plan, size, parts),
                        SamplePlan.alignToArticles(
                                plan, size, regular("a", size, parts[0]), regular("b", size, parts[1])),
                        "size " + size + ", parts " + parts[0] + " and " + parts[1]);
            }
        }
    }

    @Test
    void samplesOfFilesInsideArchiveVolumesLieInsideOneArticleSpanOfEachSide() {
        // A film in three volumes with headers of 97 and 61 bytes before its bytes, against a
        // repost in two volumes with another part size: article edges fall anywhere in the film.
        SegmentMap[] a = {
            regular("a1", 3_000_097, 716_800), regular("a2", 3_000_061, 716_800), regular("a3", 1_200_061, 716_800)
        };
        SegmentMap[] b = {regular("b1", 4_000_211, 500_000), regular("b2", 3_200_000, 500_000)};
        long size = 7_200_000;
        SegmentMap primary = USENET.splice(
                List.of(a),
                List.of(new Slice(0, 97, 3_000_000), new Slice(1, 61, 3_000_000), new Slice(2, 61, 1_200_000)));
        SegmentMap standby =
                USENET.splice(List.of(b), List.of(new Slice(0, 211, 4_000_000), new Slice(1, 0, 3_200_000)));
        assertEquals(size, primary.size());
        assertEquals(size, standby.size());
        List<Sample> plan = SamplePlan.forSize(size);

        List<Sample> byParts = SamplePlan.alignToParts(plan, size, primary.partSize(), standby.partSize());
        assertTrue(
                byParts.stream().anyMatch(s -> straddles(s, primary) || straddles(s, standby)),
                "the part-size grid misses these edges, so this file can tell the two apart");

        List<Sample> aligned = SamplePlan.alignToArticles(plan, size, primary, standby);
        assertWellFormed(aligned, size);
        for (Sample sample : aligned) {
            assertTrue(
                    !straddles(sample, primary) && !straddles(sample, standby), sample + " lies in one span per side");
        }
        assertTrue(aligned.size() >= plan.size() - 2, "few samples are lost to merging: " + aligned.size());
    }

    private static boolean straddles(Sample sample, SegmentMap map) {
        ArticleSpan span = map.span(sample.offset());
        return sample.end() > span.end();
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
        assertEquals(
                List.of(new Sample(0, 1000), new Sample(1000, 500)),
                SamplePlan.alignToParts(SamplePlan.forSize(1500), 1500, 1000));
    }

    @Test
    void badPartSizesAreRefused() {
        List<Sample> plan = SamplePlan.forSize(MIB);
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.alignToParts(plan, MIB));
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.alignToParts(plan, MIB, 0));
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.alignToParts(plan, MIB / 2, 716800));
        assertThrows(IllegalArgumentException.class, () -> SamplePlan.alignToArticles(plan, MIB));
    }
}
