package io.nzbmount.server.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where a sample goes when the primary cannot read it: pure arithmetic over cells and obstacles. */
class SampleMovesTest {
    private static final int PART = 1000;
    private static final long SIZE = 20 * PART - 300;
    /** Cells of a regular post of {@link #PART}-byte parts. */
    private static final SamplePlan.Cells CELLS = inside -> {
        long start = inside / PART * PART;
        return new SamplePlan.Cell(start, Math.min(SIZE, start + PART));
    };

    private static SampleMoves.Range range(long start, long end) {
        return new SampleMoves.Range(start, end);
    }

    @Test
    void aMiddleSampleInAHoleMovesToTheNearestReadableCellOutsideOtherSamples() {
        Sample failed = new Sample(5_100, 400);
        List<SampleMoves.Range> obstacles = List.of(range(4_000, 7_000), range(7_000, 7_400), range(2_500, 2_900));
        Optional<Sample> moved = SampleMoves.move(failed, SampleMoves.Place.MIDDLE, SIZE, CELLS, obstacles);
        // Forward: 7_400 is 2_300 away; backward: a sample ending at 4_000 starts 1_500 away.
        assertEquals(Optional.of(new Sample(3_600, 400)), moved);
    }

    @Test
    void theFirstSampleOnlyMovesForwardToTheFirstReadableBytes() {
        Sample failed = new Sample(0, 400);
        Optional<Sample> moved =
                SampleMoves.move(failed, SampleMoves.Place.FIRST, SIZE, CELLS, List.of(range(0, 2_000)));
        assertEquals(Optional.of(new Sample(2_000, 400)), moved);
    }

    @Test
    void theLastSampleOnlyMovesBackwardToTheLastReadableBytesTrimmedToAShortLastCell() {
        Sample failed = new Sample(SIZE - 400, 400);
        Optional<Sample> moved =
                SampleMoves.move(failed, SampleMoves.Place.LAST, SIZE, CELLS, List.of(range(18_000, SIZE)));
        assertEquals(Optional.of(new Sample(18_000 - 400, 400)), moved);
    }

    @Test
    void aSampleNeverStraddlesACellEdge() {
        Sample failed = new Sample(5_000, 700);
        Sample moved = SampleMoves.move(
                        failed,
                        SampleMoves.Place.MIDDLE,
                        SIZE,
                        CELLS,
                        List.of(range(5_000, 5_700), range(5_700, 6_000)))
                .orElseThrow();
        assertEquals(moved.offset() / PART, (moved.end() - 1) / PART, moved.toString());
        assertTrue(moved.end() <= 5_000 || moved.offset() >= 6_000, moved.toString());
    }

    @Test
    void aFileWithNoReadableRoomLeftHasNoMove() {
        Optional<Sample> moved = SampleMoves.move(
                new Sample(5_000, 400), SampleMoves.Place.MIDDLE, SIZE, CELLS, List.of(range(0, SIZE)));
        assertEquals(Optional.empty(), moved);
    }
}
