package io.nzbmount.nntp.internal.pool;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The connections of one pool as places to lend: idle lanes, newest first with the time each
 * became idle, and busy ones with how many places each has lent and whether it is retiring (takes
 * nothing new and closes once its last place is free). Pure bookkeeping on the times it is given;
 * not thread-safe: the pool's lock guards it.
 */
final class Lanes {

    private record Idle(Lane lane, long since) { }

    private static final class Busy {
        int places = 1;
        boolean retiring;
    }

    private final ArrayDeque<Idle> idle = new ArrayDeque<>();
    private final Map<Lane, Busy> busy = new IdentityHashMap<>();

    int idle() {
        return idle.size();
    }

    int busy() {
        return busy.size();
    }

    /** Places lent on all lanes, commands being drained included. */
    int places() {
        int n = 0;
        for (Busy b : busy.values()) n += b.places;
        return n;
    }

    /**
     * The newest idle lane that is open and has been idle at most {@code idleNanos}, now busy with
     * one place lent; null when there is none. The others it passes over go to {@code stale}.
     */
    Lane takeIdle(long now, long idleNanos, List<Lane> stale) {
        Idle i;
        while ((i = idle.pollFirst()) != null) {
            if (now - i.since() <= idleNanos && i.lane().isOpen()) {
                busy.put(i.lane(), new Busy());
                return i.lane();
            }
            stale.add(i.lane());
        }
        return null;
    }

    /** A lane just opened for a borrower: busy with one place lent. */
    void addBusy(Lane lane) {
        busy.put(lane, new Busy());
    }

    /** A lane opened ahead of its borrowers: idle from {@code now}. */
    void addIdle(Lane lane, long now) {
        idle.addFirst(new Idle(lane, now));
    }

    /**
     * One more place on the busy lane with the fewest lent, below {@code depth}: open, not
     * retiring, not {@code avoid}, and not quiet for {@code quietNanos} (a provider that may have
     * gone silent is not given more). Ties go to the lane found first.
     *
     * @return that lane, or null when no lane may take one more
     */
    Lane pipeline(int depth, Lane avoid, long now, long quietNanos) {
        Lane best = null;
        int fewest = depth;
        for (Map.Entry<Lane, Busy> e : busy.entrySet()) {
            Lane lane = e.getKey();
            Busy b = e.getValue();
            if (b.places >= fewest || b.retiring || lane == avoid || !lane.isOpen() || lane.quietAt(now, quietNanos)) continue;
            best = lane;
            fewest = b.places;
        }
        if (best != null) busy.get(best).places++;
        return best;
    }

    /** {@code lane} takes nothing new and closes once its last place is free. */
    void retire(Lane lane) {
        Busy b = busy.get(lane);
        if (b == null) throw new IllegalStateException("retiring a lane that is not busy");
        b.retiring = true;
    }

    /**
     * One place on {@code lane} is free; with none left it becomes idle from {@code now}.
     *
     * @param keep false when the pool is closing: a lane left with no place goes
     * @return the lane when it must close now (retiring, broken, or not kept), else null
     */
    Lane free(Lane lane, long now, boolean keep) {
        Busy b = busy.get(lane);
        if (b == null) throw new IllegalStateException("connection was not borrowed from this pool");
        if (--b.places > 0) return null;
        busy.remove(lane);
        if (b.retiring || !keep || !lane.isOpen()) return lane;
        idle.addFirst(new Idle(lane, now));
        return null;
    }

    /** Removes and returns the idle lanes idle longer than {@code idleNanos}. */
    List<Lane> evict(long now, long idleNanos) {
        List<Lane> stale = new ArrayList<>();
        // Lanes become idle at the head, so the oldest sit at the tail.
        while (!idle.isEmpty() && now - idle.peekLast().since() > idleNanos) stale.add(idle.pollLast().lane());
        return stale;
    }

    /** Removes and returns every idle lane. */
    List<Lane> takeAllIdle() {
        List<Lane> all = new ArrayList<>();
        for (Idle i : idle) all.add(i.lane());
        idle.clear();
        return all;
    }
}
