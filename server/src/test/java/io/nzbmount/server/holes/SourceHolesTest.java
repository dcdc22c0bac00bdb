package io.nzbmount.server.holes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SourceHolesTest {
    /** Source ids, as the store gives them. */
    private static final long A = 1, B = 2, C = 3;

    @Test
    void touchingAndOverlappingHolesBecomeOne() {
        SourceHoles h = new SourceHoles();
        h.add(A, new Hole(0, 100, 200));
        h.add(A, new Hole(0, 300, 400));
        h.add(A, new Hole(0, 200, 300));
        h.add(A, new Hole(1, 150, 160));
        h.add(A, new Hole(0, 350, 500));
        assertEquals(List.of(new Hole(0, 100, 500), new Hole(1, 150, 160)), h.holes(A));
    }

    @Test
    void holesAreKeptPerSourceAndPerFile() {
        SourceHoles h = new SourceHoles();
        h.add(A, new Hole(0, 100, 200));
        assertTrue(h.lacks(A, 0, 100));
        assertTrue(h.lacks(A, 0, 199));
        assertFalse(h.lacks(A, 0, 200), "the end is exclusive");
        assertFalse(h.lacks(A, 0, 99));
        assertFalse(h.lacks(A, 1, 150), "another file of the same source");
        assertFalse(h.lacks(B, 0, 150), "another source");
        assertEquals(Map.of(A, List.of(new Hole(0, 100, 200))), h.snapshot());
    }

    @Test
    void goodUntilIsTheStartOfTheNextHole() {
        SourceHoles h = new SourceHoles();
        h.add(A, new Hole(0, 100, 200));
        h.add(A, new Hole(0, 500, 600));
        assertEquals(100, h.goodUntil(A, 0, 0));
        assertEquals(500, h.goodUntil(A, 0, 200));
        assertEquals(Long.MAX_VALUE, h.goodUntil(A, 0, 600));
        assertEquals(Long.MAX_VALUE, h.goodUntil(A, 1, 0));
    }

    @Test
    void routerSkipsSourcesThatMayNotBeUsedOrLackTheByte() {
        SourceHoles h = new SourceHoles();
        h.add(A, new Hole(0, 100, 200));
        assertEquals(
                B,
                RangeRouter.route(List.of(A, B, C), h, 0, 150, s -> true)
                        .orElseThrow()
                        .sourceId());
        assertEquals(
                C,
                RangeRouter.route(List.of(A, B, C), h, 0, 150, s -> s != B)
                        .orElseThrow()
                        .sourceId());
        assertTrue(RangeRouter.route(List.of(A), h, 0, 150, s -> true).isEmpty(), "nothing can serve that byte");
    }

    @Test
    void aHoleIsAByteRange() {
        assertThrows(IllegalArgumentException.class, () -> new Hole(0, 10, 10));
        assertThrows(IllegalArgumentException.class, () -> new Hole(-1, 0, 10));
        assertEquals(new Hole(2, 7, 8), Hole.at(2, 7));
    }
}
