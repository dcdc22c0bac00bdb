package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.MutableClock;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What is kept about an item's playback goes with the item: a later item never inherits it. */
class PlaybackIdentityTest {

    @Test
    void aDeletedItemsLiveRunIsNotInheritedByTheNextItemWithItsId() {
        MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
        PlaybackLiveness liveness = new PlaybackLiveness(clock);
        PlaybackTracker.Stream stream = liveness.opened(7);
        stream.served(1000);
        assertTrue(liveness.state(7).live());

        liveness.forget(7);

        assertFalse(liveness.state(7).live());
        assertEquals(Optional.empty(), liveness.state(7).runStart());
        assertFalse(liveness.items().iterator().hasNext());
        stream.served(1000);
        assertEquals(Optional.empty(), liveness.state(7).runStart(), "the deleted item's stream counts for no other");
    }
}
