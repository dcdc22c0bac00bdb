package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.proof.Verdict;
import org.junit.jupiter.api.Test;

class TransientMissesTest {

    @Test
    void aStandbyIsAbandonedAfterFiveInconclusiveProofsInARow() {
        TransientMisses misses = TransientMisses.NONE;
        for (int i = 0; i < 4; i++) {
            misses = misses.after(Verdict.INCONCLUSIVE);
            assertFalse(misses.abandoned(), "after " + (i + 1));
        }
        assertTrue(misses.after(Verdict.INCONCLUSIVE).abandoned());
        assertEquals(TransientMisses.NONE, misses.after(Verdict.VERIFIED));
        assertFalse(misses.after(Verdict.VERIFIED).after(Verdict.INCONCLUSIVE).abandoned());
    }
}
