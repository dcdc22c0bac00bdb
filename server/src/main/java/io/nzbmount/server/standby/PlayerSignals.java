package io.nzbmount.server.standby;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What players say about their playback ({@code POST /api/items/{id}/playback}): while a player
 * says an item plays, the item stays live for {@link PlaybackLiveness} as if it had a response
 * open, even when the player reads nothing for a while (a full cache, a pause). The live run still
 * starts with the first byte served, so standby preparation counts from real playback. A player
 * repeats "playing" at least every {@link #HOLD}; a hold not repeated in time ends by itself
 * ({@link #expire}), so a player that vanished never keeps an item live. "Stopped" ends the hold
 * at once.
 *
 * <p>Thread-safe: one concurrent map; each hold's tracker stream is opened and closed once.
 */
public final class PlayerSignals {

    /** How long one "playing" keeps the item live without another. */
    public static final Duration HOLD = Duration.ofSeconds(90);

    private record Hold(PlaybackTracker.Stream stream, long untilMillis) {}

    private final PlaybackTracker tracker;
    private final Clock clock;
    private final Map<Long, Hold> holds = new ConcurrentHashMap<>();

    public PlayerSignals(PlaybackTracker tracker, Clock clock) {
        this.tracker = tracker;
        this.clock = clock;
    }

    /** The item plays in a player: it stays live for {@link #HOLD} from now. */
    public void playing(long itemId) {
        long until = clock.millis() + HOLD.toMillis();
        holds.compute(itemId, (id, h) -> new Hold(h == null ? tracker.opened(id) : h.stream(), until));
    }

    /** The player stopped the item: its hold ends now (idempotent). */
    public void stopped(long itemId) {
        Hold h = holds.remove(itemId);
        if (h != null) h.stream().closed();
    }

    /** Whether a player holds the item now. */
    public boolean holds(long itemId) {
        Hold h = holds.get(itemId);
        return h != null && h.untilMillis() > clock.millis();
    }

    /** Ends the holds that were not repeated in time. Called periodically. */
    @SuppressWarnings("ModifyCollectionInEnhancedForLoop") // holds is a ConcurrentHashMap
    public void expire() {
        long now = clock.millis();
        for (Map.Entry<Long, Hold> e : holds.entrySet()) {
            if (e.getValue().untilMillis() <= now && holds.remove(e.getKey(), e.getValue())) {
                e.getValue().stream().closed();
            }
        }
    }
}
