package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.MutableClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A player's "playing" keeps its item live between reads; "stopped" and a missed refresh end that. */
class PlayerSignalsTest {
    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    final PlaybackLiveness liveness = new PlaybackLiveness(clock);
    final PlayerSignals signals = new PlayerSignals(liveness, clock);

    /** A response of the item that served bytes and closed, as a player's read does. */
    void oneRead(long item) {
        PlaybackTracker.Stream s = liveness.opened(item);
        s.served(1000);
        s.closed();
    }

    @Test
    void aPlayingItemStaysLiveWhileThePlayerReadsNothing() {
        signals.playing(7);
        oneRead(7);
        clock.advance(PlaybackLiveness.GRACE.plusSeconds(30));
        assertTrue(liveness.state(7).live());
        assertTrue(signals.holds(7));
    }

    @Test
    void theRunStillStartsWithTheFirstByteServed() {
        signals.playing(7);
        clock.advance(Duration.ofSeconds(20));
        assertFalse(liveness.state(7).live());
        oneRead(7);
        assertTrue(liveness.state(7).live());
        assertTrue(liveness.state(7).runStart().orElseThrow().equals(clock.instant()));
    }

    @Test
    void stoppedEndsTheHoldSoOnlyTheGraceRemains() {
        signals.playing(7);
        oneRead(7);
        signals.stopped(7);
        signals.stopped(7);
        clock.advance(PlaybackLiveness.GRACE.plusSeconds(1));
        assertFalse(liveness.state(7).live());
        assertFalse(signals.holds(7));
    }

    @Test
    void aHoldNotRepeatedInTimeEndsByItself() {
        signals.playing(7);
        oneRead(7);
        clock.advance(PlayerSignals.HOLD.minusSeconds(1));
        signals.expire();
        assertTrue(liveness.state(7).live());
        signals.playing(7);
        clock.advance(PlayerSignals.HOLD.minusSeconds(1));
        signals.expire();
        assertTrue(liveness.state(7).live(), "a repeated playing renews the hold");
        clock.advance(Duration.ofSeconds(2));
        signals.expire();
        assertFalse(signals.holds(7));
        clock.advance(PlaybackLiveness.GRACE.plusSeconds(1));
        assertFalse(liveness.state(7).live());
    }
}
