package io.nzbmount.nntp.internal.reader;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One byte budget for the read-ahead of every open reader, the ones not read from lately
 * included. The {@link WindowSizer} shares the budget among the readers that read; a response
 * its client stopped reading keeps its window until it is released as idle, and enough of them
 * (a player that gives up on a slow response and opens the next, again and again) would fill the
 * heap. So whenever the windows together hold more than the budget, the readers not read from
 * for {@link #QUIET_NANOS}, the longest quiet first, keep only the piece they are reading and the
 * next one ({@link SegmentReader#trimIfQuiet}) until the total is back within it. Stateless.
 */
public final class ReadAheadBudget {

    /** How long without a read makes a reader quiet: as long as it takes to stop counting in the share. */
    public static final long QUIET_NANOS = TimeUnit.MILLISECONDS.toNanos(WindowSizer.ACTIVE_MILLIS);

    private ReadAheadBudget() {}

    /**
     * Trims quiet readers, the longest quiet first, while all of {@code readers} together hold
     * more than {@code budgetBytes}.
     *
     * @return the bytes given up
     */
    public static long enforce(Collection<SegmentReader> readers, long budgetBytes, long nowNanos, long quietNanos) {
        long held = 0;
        List<Map.Entry<SegmentReader, Long>> byUse = new ArrayList<>();
        for (SegmentReader r : readers) {
            held += r.heldBytes();
            byUse.add(Map.entry(r, r.lastUse()));
        }
        if (held <= budgetBytes) return 0;
        byUse.sort(Map.Entry.comparingByValue());
        long freed = 0;
        for (Map.Entry<SegmentReader, Long> e : byUse) {
            if (held - freed <= budgetBytes || nowNanos - e.getValue() < quietNanos) break;
            freed += e.getKey().trimIfQuiet(nowNanos, quietNanos);
        }
        return freed;
    }
}
