package io.nzbmount.server.standby;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Which items are live: they have an open response that has served bytes, or had one less than
 * {@link #GRACE} ago (players close and reopen connections when they seek, and a pause in between
 * is not a stop). A live run starts with the first byte served after the item was not live.
 *
 * <p>Thread-safe. The read path ({@link Stream#served}) does one clock read and two volatile
 * writes; no locks. Opening and closing a response touch a concurrent map.
 */
public final class PlaybackLiveness implements PlaybackTracker {

    /** How long an item stays live after its last response closed. */
    public static final Duration GRACE = Duration.ofSeconds(15);

    private final Clock clock;
    private final Map<Long, Playback> items = new ConcurrentHashMap<>();

    public PlaybackLiveness(Clock clock) {
        this.clock = clock;
    }

    /** Where an item's playback stands at one moment. */
    public record State(boolean live, Optional<Instant> runStart) {}

    @Override
    public Stream opened(long itemId) {
        long now = clock.millis();
        Playback p = items.computeIfAbsent(itemId, id -> new Playback());
        synchronized (p) {
            if (!p.live(now)) p.runStart = 0;
            p.open.incrementAndGet();
            p.lastActive = now;
        }
        return new Handle(p);
    }

    /** The item's playback now: live or not, and when its current (or last) live run began. */
    public State state(long itemId) {
        Playback p = items.get(itemId);
        if (p == null) return new State(false, Optional.empty());
        long now = clock.millis();
        long start = p.runStart;
        boolean live = start != 0 && p.live(now);
        return new State(live, start == 0 ? Optional.empty() : Optional.of(Instant.ofEpochMilli(start)));
    }

    /** Items that have been opened since they were last forgotten. */
    public Iterable<Long> items() {
        return items.keySet();
    }

    /** Forgets an item that is not live (its watch is over). */
    public void forgetIfIdle(long itemId) {
        items.computeIfPresent(itemId, (id, p) -> p.live(clock.millis()) ? p : null);
    }

    /**
     * Drops the item's playback, live or not: called when the item is deleted, so an item made
     * later can never inherit its live run.
     */
    public void forget(long itemId) {
        items.remove(itemId);
    }

    private static final class Playback {
        final AtomicInteger open = new AtomicInteger();
        volatile long runStart;
        volatile long lastActive;

        boolean live(long now) {
            return open.get() > 0 || now - lastActive < GRACE.toMillis();
        }
    }

    private final class Handle implements Stream {
        private final Playback p;
        private final AtomicBoolean closed = new AtomicBoolean();

        Handle(Playback p) {
            this.p = p;
        }

        @Override
        public void served(int bytes) {
            if (bytes <= 0) return;
            long now = clock.millis();
            // A benign race: two first reads may both set the start, a millisecond apart.
            if (p.runStart == 0) p.runStart = now;
            p.lastActive = now;
        }

        @Override
        public void closed() {
            if (!closed.compareAndSet(false, true)) return;
            p.lastActive = clock.millis();
            p.open.decrementAndGet();
        }
    }
}
