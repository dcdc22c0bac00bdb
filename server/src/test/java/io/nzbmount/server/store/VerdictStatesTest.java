package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.proof.Verdict;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A verdict leaves a standby's proof in the state of the same name, and its source verified, dead
 * for good (a mismatch or a dead standby), or pending to be tried again (inconclusive).
 */
class VerdictStatesTest {

    @Test
    void aVerdictIsTheStandbysProofState() {
        assertEquals(
                List.of(StandbyState.VERIFIED, StandbyState.MISMATCH, StandbyState.INCONCLUSIVE, StandbyState.DEAD),
                Arrays.stream(Verdict.values()).map(VerdictStates::standby).toList());
    }

    @Test
    void onlyAVerifiedStandbyMayServeAndOnlyAnInconclusiveOneIsTriedAgain() {
        assertEquals(
                List.of(SourceState.VERIFIED, SourceState.DEAD, SourceState.PENDING, SourceState.DEAD),
                Arrays.stream(Verdict.values()).map(VerdictStates::source).toList());
    }

    @Test
    void everyVerdictIsARecordedResultWordOfItsOwnName() {
        assertEquals(
                List.of("verified", "mismatch", "inconclusive", "dead"),
                Arrays.stream(Verdict.values()).map(Verdict::word).toList());
    }
}
