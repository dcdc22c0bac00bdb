package io.nzbmount.nntp.internal.pool;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ClosingsTest {

    private static final long MS = 1_000_000L;

    @Test
    void aClosedConnectionCountsForTheGraceAndThenNoLonger() {
        Closings closings = new Closings();
        long t = 5_000 * MS;
        closings.closed(2, t);
        closings.closed(1, t + 50 * MS);
        assertEquals(3, closings.countAt(t + 199 * MS));
        assertEquals(MS, closings.nanosToNextAt(t + 199 * MS));
        assertEquals(1, closings.countAt(t + Closings.GRACE_MILLIS * MS), "the first two stop counting at 200 ms");
        assertEquals(50 * MS, closings.nanosToNextAt(t + 200 * MS));
        assertEquals(0, closings.countAt(t + 250 * MS));
        assertEquals(0, closings.nanosToNextAt(t + 250 * MS));
    }
}
