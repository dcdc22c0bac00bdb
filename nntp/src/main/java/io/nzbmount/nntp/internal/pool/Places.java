package io.nzbmount.nntp.internal.pool;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The connections of one pool as places to lend: idle connections, newest first with the time each
 * became idle, and busy ones with how many places each has lent and whether it is retiring (takes
 * nothing new and closes once its last place is free). Pure bookkeeping on the times it is given;
 * not thread-safe: the pool's lock guards it.
 */
final class Places {

    private record Idle(PipelinedConnection connection, long since) {}

    private static final class Busy {
        int places = 1;
        boolean retiring;
    }

    private final ArrayDeque<Idle> idle = new ArrayDeque<>();
    private final IdentityHashMap<PipelinedConnection, Busy> busy = new IdentityHashMap<>();

    int idle() {
        return idle.size();
    }

    int busy() {
        return busy.size();
    }

    /** Places lent on all connections, commands being drained included. */
    int places() {
        int n = 0;
        for (Busy b : busy.values()) n += b.places;
        return n;
    }

    /**
     * The newest idle connection that is open and has been idle at most {@code idleNanos}, now busy with
     * one place lent; null when there is none. The others it passes over go to {@code stale}.
     */
    PipelinedConnection takeIdle(long now, long idleNanos, List<PipelinedConnection> stale) {
        Idle i;
        while ((i = idle.pollFirst()) != null) {
            if (now - i.since() <= idleNanos && i.connection().isOpen()) {
                busy.put(i.connection(), new Busy());
                return i.connection();
            }
            stale.add(i.connection());
        }
        return null;
    }

    /** A connection just opened for a borrower: busy with one place lent. */
    void addBusy(PipelinedConnection connection) {
        busy.put(connection, new Busy());
    }

    /** A connection opened ahead of its borrowers: idle from {@code now}. */
    void addIdle(PipelinedConnection connection, long now) {
        idle.addFirst(new Idle(connection, now));
    }

    /**
     * One more place on the busy connection with the fewest lent, below {@code depth}: open, not
     * retiring, not {@code avoid}, and not quiet for {@code quietNanos} (a provider that may have
     * gone silent is not given more). Ties go to the connection found first.
     *
     * @return that connection, or null when no connection may take one more
     */
    PipelinedConnection pipeline(int depth, PipelinedConnection avoid, long now, long quietNanos) {
        PipelinedConnection best = null;
        int fewest = depth;
        for (Map.Entry<PipelinedConnection, Busy> e : busy.entrySet()) {
            PipelinedConnection connection = e.getKey();
            Busy b = e.getValue();
            if (b.places >= fewest
                    || b.retiring
                    || connection == avoid
                    || !connection.isOpen()
                    || connection.quietAt(now, quietNanos)) continue;
            best = connection;
            fewest = b.places;
        }
        if (best != null) busy.get(best).places++;
        return best;
    }

    /**
     * {@code more} places more on the busy {@code connection}, for a borrower that sends several
     * commands at once; each comes back with its own {@link #free}.
     */
    void lend(PipelinedConnection connection, int more) {
        Busy b = busy.get(connection);
        if (b == null) throw new IllegalStateException("lending places on a connection that is not busy");
        b.places += more;
    }

    /** {@code connection} takes nothing new and closes once its last place is free. */
    void retire(PipelinedConnection connection) {
        Busy b = busy.get(connection);
        if (b == null) throw new IllegalStateException("retiring a connection that is not busy");
        b.retiring = true;
    }

    /**
     * One place on {@code connection} is free; with none left it becomes idle from {@code now}.
     *
     * @param keep false when the pool is closing: a connection left with no place goes
     * @return the connection when it must close now (retiring, broken, or not kept), else null
     */
    PipelinedConnection free(PipelinedConnection connection, long now, boolean keep) {
        Busy b = busy.get(connection);
        if (b == null) throw new IllegalStateException("connection was not borrowed from this pool");
        if (--b.places > 0) return null;
        busy.remove(connection);
        if (b.retiring || !keep || !connection.isOpen()) return connection;
        idle.addFirst(new Idle(connection, now));
        return null;
    }

    /** Removes and returns the idle connections idle longer than {@code idleNanos}. */
    List<PipelinedConnection> evict(long now, long idleNanos) {
        List<PipelinedConnection> stale = new ArrayList<>();
        // Places become idle at the head, so the oldest sit at the tail.
        while (!idle.isEmpty() && now - idle.peekLast().since() > idleNanos)
            stale.add(idle.pollLast().connection());
        return stale;
    }

    /** Removes and returns every idle connection. */
    List<PipelinedConnection> takeAllIdle() {
        List<PipelinedConnection> all = new ArrayList<>();
        for (Idle i : idle) all.add(i.connection());
        idle.clear();
        return all;
    }
}
