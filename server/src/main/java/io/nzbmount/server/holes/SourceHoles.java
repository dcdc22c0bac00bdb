package io.nzbmount.server.holes;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The known holes of each source of one item: byte ranges a source was proven to lack (an
 * article missing or corrupt on every provider). A permanent failure is a verdict on a position,
 * not on the whole release: the source still serves every other range.
 *
 * <p>Holes that touch or overlap are joined. Thread-safe (every method locks the instance; calls
 * are rare: on failures and when choosing a source, not per read). Holds no I/O; persisting it
 * is the owner's job ({@link #snapshot()} and {@link #add} rebuild it).
 */
public final class SourceHoles {

    private static final Comparator<Hole> ORDER =
            Comparator.comparingInt(Hole::fileIndex).thenComparingLong(Hole::start);

    private final Map<Long, List<Hole>> bySource = new HashMap<>();

    /** Records that {@code sourceId} lacks the bytes of {@code hole}. */
    public synchronized void add(long sourceId, Hole hole) {
        List<Hole> holes = bySource.computeIfAbsent(sourceId, k -> new ArrayList<>());
        Hole merged = hole;
        for (var it = holes.iterator(); it.hasNext(); ) {
            Hole h = it.next();
            if (h.joins(merged)) {
                merged = new Hole(h.fileIndex(), Math.min(h.start(), merged.start()), Math.max(h.end(), merged.end()));
                it.remove();
            }
        }
        holes.add(merged);
        holes.sort(ORDER);
    }

    /**
     * Forgets the holes of {@code sourceId} in file {@code fileIndex}: a repair rebuilt their bytes,
     * which the source serves again.
     */
    public synchronized void filled(long sourceId, int fileIndex) {
        List<Hole> holes = bySource.get(sourceId);
        if (holes != null) holes.removeIf(h -> h.fileIndex() == fileIndex);
    }

    /** Adds every hole of {@code other}; holes already known change nothing. */
    public void addAll(SourceHoles other) {
        other.snapshot().forEach((source, holes) -> holes.forEach(h -> add(source, h)));
    }

    /** True when {@code sourceId} is known to lack the byte at {@code offset} of file {@code fileIndex}. */
    public synchronized boolean lacks(long sourceId, int fileIndex, long offset) {
        for (Hole h : bySource.getOrDefault(sourceId, List.of())) {
            if (h.covers(fileIndex, offset)) return true;
        }
        return false;
    }

    /** The known hole of {@code sourceId} that holds the byte at {@code offset} of file {@code fileIndex}. */
    public synchronized Optional<Hole> holeAt(long sourceId, int fileIndex, long offset) {
        for (Hole h : bySource.getOrDefault(sourceId, List.of())) {
            if (h.covers(fileIndex, offset)) return Optional.of(h);
        }
        return Optional.empty();
    }

    /**
     * Where the next known hole of {@code sourceId} in file {@code fileIndex} starts at or after
     * {@code offset}, or {@link Long#MAX_VALUE} when none is known: the source is good up to there.
     */
    public synchronized long goodUntil(long sourceId, int fileIndex, long offset) {
        for (Hole h : bySource.getOrDefault(sourceId, List.of())) {
            if (h.fileIndex() == fileIndex && h.end() > offset) return Math.max(h.start(), offset);
        }
        return Long.MAX_VALUE;
    }

    /** The holes of one source, ordered by file and start. */
    public synchronized List<Hole> holes(long sourceId) {
        return List.copyOf(bySource.getOrDefault(sourceId, List.of()));
    }

    /** Every source's holes, for persisting; a copy. */
    public synchronized Map<Long, List<Hole>> snapshot() {
        Map<Long, List<Hole>> copy = new LinkedHashMap<>();
        bySource.forEach((source, holes) -> copy.put(source, List.copyOf(holes)));
        return copy;
    }
}
