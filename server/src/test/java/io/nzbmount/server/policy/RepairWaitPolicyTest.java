package io.nzbmount.server.policy;

import static io.nzbmount.server.policy.Decision.Action.CLOSE;
import static io.nzbmount.server.policy.Decision.Action.RETRY;
import static io.nzbmount.server.policy.Decision.Action.SWITCH;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.SourceHoles;
import org.junit.jupiter.api.Test;

/**
 * A stream that reaches a hole no other source holds while the source's PAR2 repair runs waits for
 * the repair as for providers that cannot be asked (every providerWait, at most providerPatience),
 * then ends cleanly; the waits spend nothing of the round's budget. Literal times in milliseconds.
 */
class RepairWaitPolicyTest {
    private static final long A = 1;
    private final FailureRules rules = FailureRules.defaults();
    private final FailurePolicy policy = new FailurePolicy(rules, new SourceHoles(), A, false);

    private Decision holeAt(long now) {
        return policy.onFailure(A, new Hole(0, 700_000, 1_400_000), new ArticleMissingException("m@x", "gone"), now);
    }

    @Test
    void aHoleWhileTheRepairRunsWaitsForItWithinTheProvidersPatienceThenEnds() {
        long patience = rules.providerPatience().toMillis();
        long now = 0;
        for (int i = 0; now < patience; i++, now += rules.providerWait().toMillis()) {
            assertEquals(SWITCH, holeAt(now).action(), "failure " + i);
            Decision d = policy.onNoCandidate(now, true);
            assertEquals(RETRY, d.action(), "wait " + i + " at " + now);
            assertEquals(rules.providerWait().toMillis(), d.waitMillis());
        }
        assertEquals(SWITCH, holeAt(now).action());
        Decision end = policy.onNoCandidate(now, true);
        assertEquals(CLOSE, end.action());
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, end.reason());
    }

    @Test
    void withoutARunningRepairAHoleNoSourceHoldsEndsAtOnce() {
        assertEquals(SWITCH, holeAt(0).action());
        assertEquals(CLOSE, policy.onNoCandidate(0, false).action());
    }

    @Test
    void bytesReadAfterTheRepairStartANewWait() {
        long patience = rules.providerPatience().toMillis();
        holeAt(0);
        assertEquals(RETRY, policy.onNoCandidate(0, true).action());
        policy.onRead(patience - 1);
        holeAt(patience);
        assertEquals(RETRY, policy.onNoCandidate(patience, true).action(), "the wait counts from the new hole");
    }
}
