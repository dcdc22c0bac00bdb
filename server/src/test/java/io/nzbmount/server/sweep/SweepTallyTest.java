package io.nzbmount.server.sweep;

import static io.nzbmount.server.sweep.SampleOutcome.DIFFER;
import static io.nzbmount.server.sweep.SampleOutcome.MATCH;
import static io.nzbmount.server.sweep.SampleOutcome.UNREADABLE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.proof.Verdict;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict of a fingerprint sweep and of its samples. */
class SweepTallyTest {

    @Test
    void verifiedOnlyWhenEverySampleMatches() {
        assertEquals(
                Verdict.VERIFIED, SweepTally.of(3, List.of(MATCH, MATCH, MATCH)).verdict());
        assertEquals(
                Verdict.INCONCLUSIVE,
                SweepTally.of(3, List.of(MATCH, UNREADABLE, MATCH)).verdict());
    }

    @Test
    void anyDifferenceIsAMismatchEvenAmongUnreadables() {
        assertEquals(
                Verdict.MISMATCH,
                SweepTally.of(4, List.of(UNREADABLE, MATCH, DIFFER, UNREADABLE)).verdict());
        SweepTally early = SweepTally.of(100, List.of(DIFFER));
        assertEquals(Verdict.MISMATCH, early.verdict());
        assertTrue(early.settled(), "a difference settles the sweep before it is done");
    }

    @Test
    void anUnfinishedOrEmptySweepIsNeverVerified() {
        SweepTally half = SweepTally.of(4, List.of(MATCH, MATCH));
        assertEquals(Verdict.INCONCLUSIVE, half.verdict());
        assertFalse(half.settled());
        assertEquals(2, half.done());
        assertEquals(Verdict.INCONCLUSIVE, SweepTally.of(0).verdict());
        assertEquals(
                Verdict.INCONCLUSIVE,
                SweepTally.of(20, Collections.nCopies(20, UNREADABLE)).verdict());
    }

    @Test
    void aSampleLeftOutIsNeitherAMatchNorEnoughWhenNoneMatched() {
        SweepTally rest = SweepTally.of(3, List.of(MATCH, MATCH)).withoutOne();
        assertEquals(Verdict.VERIFIED, rest.verdict(), "the two left match: every readable byte compared");
        assertEquals(Verdict.INCONCLUSIVE, SweepTally.of(1).withoutOne().verdict(), "nothing compared proves nothing");
        assertEquals(
                Verdict.INCONCLUSIVE,
                SweepTally.of(3, List.of(MATCH, UNREADABLE)).withoutOne().verdict());
    }

    @Test
    void moreOutcomesThanPlannedAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> SweepTally.of(1, List.of(MATCH, MATCH)));
    }

    @Test
    void missingOrEmptyDigestIsUnreadableNeverAMatch() {
        byte[] digest = {1, 2, 3};
        assertEquals(UNREADABLE, SampleOutcome.compare(null, digest));
        assertEquals(UNREADABLE, SampleOutcome.compare(digest, null));
        assertEquals(UNREADABLE, SampleOutcome.compare(new byte[0], new byte[0]));
        assertEquals(UNREADABLE, SampleOutcome.compare(null, null));
        assertEquals(MATCH, SampleOutcome.compare(digest, new byte[] {1, 2, 3}));
        assertEquals(DIFFER, SampleOutcome.compare(digest, new byte[] {1, 2, 4}));
    }
}
