package io.nzbmount.server.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.StandbyState;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The words the API sends for stored states are the ones its clients (the web UI, the Kodi
 * add-on, scripts) know, whatever the constants are called: a verified source is
 * {@code validated}, a proof under way {@code validating}.
 */
class WireWordsTest {

    @Test
    void sourceStatesGoOutInTheirClientsWords() {
        assertEquals(
                List.of("ready", "pending", "validated", "failed", "dead"),
                Arrays.stream(SourceState.values()).map(WireWords::of).toList());
    }

    @Test
    void standbyStatesGoOutInTheirClientsWords() {
        assertEquals(
                List.of("pending", "validating", "verified", "mismatch", "inconclusive", "dead"),
                Arrays.stream(StandbyState.values()).map(WireWords::of).toList());
    }
}
