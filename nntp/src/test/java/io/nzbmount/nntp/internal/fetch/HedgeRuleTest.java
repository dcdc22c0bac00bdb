package io.nzbmount.nntp.internal.fetch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When a fetch is late against its provider's own running estimate, with literal times. */
class HedgeRuleTest {

    private static final long MS = 1_000_000L;
    private static final HedgeRule RULE = HedgeRule.DEFAULT;
    /** A far provider: 300 ms to the first byte, 20 MB/s after it. */
    private static final LatencyEstimate.Snapshot FAR = new LatencyEstimate.Snapshot(10, 300 * MS, 20e6);

    @Test
    void aConnectionSilentForLongerThanFourTimesTheUsualFirstByteMakesItsRepliesLate() {
        assertFalse(RULE.lateWaiting(1200 * MS, FAR), "exactly four times is not late yet");
        assertTrue(RULE.lateWaiting(1201 * MS, FAR));
    }

    @Test
    void aFastProviderIsNeverLateForASilenceShorterThanHalfASecond() {
        LatencyEstimate.Snapshot loopback = new LatencyEstimate.Snapshot(10, 1 * MS, 500e6);
        assertFalse(RULE.lateWaiting(499 * MS, loopback));
        assertTrue(RULE.lateWaiting(501 * MS, loopback));
    }

    @Test
    void aReplyQueuedBehindAConnectionThatKeepsReceivingIsNeverLate() {
        assertFalse(RULE.lateWaiting(0, FAR), "the connection just got bytes: the queue is no lateness");
    }

    @Test
    void aFetchWaitingForAPlaceIsLateAfterTheFloor() {
        assertFalse(RULE.lateForAPlace(0, 1000 * MS, FAR));
        assertTrue(RULE.lateForAPlace(0, 1001 * MS, FAR));
    }

    @Test
    void aBodyTricklingFarBelowTheUsualRateIsLate() {
        // 600 ms after its first byte, 1 MB/s against the usual 20 MB/s.
        assertTrue(RULE.trickles(100 * MS, 700 * MS, 600_000, FAR));
        // The same body at 10 MB/s is slow but not far below.
        assertFalse(RULE.trickles(100 * MS, 700 * MS, 6_000_000, FAR));
        // Judged only once it has flowed for half a second.
        assertFalse(RULE.trickles(100 * MS, 500 * MS, 10_000, FAR));
    }

    @Test
    void withoutAnEstimateNothingIsLate() {
        LatencyEstimate.Snapshot none = new LatencyEstimate.Snapshot(2, 1 * MS, 500e6);
        assertFalse(RULE.lateWaiting(60_000 * MS, none));
        assertFalse(RULE.lateForAPlace(0, 60_000 * MS, none));
        HedgeRule off =
                new HedgeRule(false, 4, Duration.ofSeconds(1), Duration.ofMillis(500), Duration.ofMillis(500), 0.25, 3);
        assertFalse(off.lateWaiting(60_000 * MS, FAR));
        assertFalse(off.trickles(0, 60_000 * MS, 1, FAR));
    }

    @Test
    void theEstimateFollowsTheArticlesServed() {
        LatencyEstimate e = new LatencyEstimate();
        e.observe(100 * MS, 1_000_000, 50 * MS);
        LatencyEstimate.Snapshot one = e.snapshot();
        assertTrue(one.samples() == 1 && one.firstByteNanos() == 100 * MS && Math.abs(one.bytesPerSecond() - 20e6) < 1);
        e.observe(200 * MS, 1_000_000, 50 * MS);
        assertTrue(Math.abs(e.snapshot().firstByteNanos() - 120 * MS) < 1, "a fifth of the way to the new sample");
    }
}
