package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The words a source's state and a standby's proof state are stored as: rows written before stay
 * readable, whatever the constants are called. The API's words are {@code api.WireWords}'
 * ({@code WireWordsTest}).
 */
class StateWordsTest {

    @Test
    void sourceStatesKeepTheirWords() {
        assertEquals(
                List.of("ready", "pending", "validated", "failed", "dead"),
                Arrays.stream(SourceState.values()).map(SourceState::word).toList());
        for (SourceState s : SourceState.values()) assertEquals(s, SourceState.ofWord(s.word()));
        assertEquals(SourceState.VERIFIED, SourceState.ofWord("validated"));
    }

    @Test
    void standbyStatesKeepTheirWords() {
        assertEquals(
                List.of("pending", "validating", "verified", "mismatch", "inconclusive", "dead"),
                Arrays.stream(StandbyState.values()).map(StandbyState::word).toList());
        for (StandbyState s : StandbyState.values()) assertEquals(s, StandbyState.ofWord(s.word()));
        assertEquals(StandbyState.PROVING, StandbyState.ofWord("validating"));
    }

    @Test
    void anUnknownWordIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SourceState.ofWord("verified"));
        assertThrows(IllegalArgumentException.class, () -> StandbyState.ofWord("proving"));
    }
}
