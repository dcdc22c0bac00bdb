package io.nzbmount.server.holes;

import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.KnownHoles;
import io.nzbmount.server.store.Repairs;
import io.nzbmount.server.store.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The persisted known holes of sources ({@link KnownHoles}) as {@link Hole}s: written when a
 * permanent failure of a stream's read proves a source lacks a range, read back when an item's
 * {@link SourceHoles} is first built after a start and before every sweep, which places no sample
 * there. The one way to the stored holes: the methods that take a {@link Connection} run in the
 * caller's transaction, so a hole is stored with what else that transaction writes. Thread-safe
 * (the database serialises).
 */
public final class HoleTable {
    private final Database db;
    private final Clock clock;

    public HoleTable(Database db, Clock clock) {
        this.db = db;
        this.clock = clock;
    }

    /** Remembers that {@code sourceId} lacks {@code hole}; {@code reason} says how that was found. */
    public void add(long sourceId, Hole hole, String reason) throws StoreException {
        db.transaction(c -> {
            add(c, sourceId, hole, clock.instant(), reason);
            return null;
        });
    }

    /**
     * Remembers, in the caller's transaction, that {@code sourceId} lacks {@code hole}, found at
     * {@code found}; {@code reason} says how. A hole already known at the same start is widened,
     * never duplicated; nothing is stored for a source that does not exist.
     */
    public static void add(Connection c, long sourceId, Hole hole, Instant found, String reason) throws SQLException {
        KnownHoles.add(c, sourceId, hole.fileIndex(), hole.start(), hole.end(), found, reason);
    }

    /** The known holes of every source of {@code itemId}, keyed by source id. */
    public SourceHoles ofItem(long itemId) throws StoreException {
        SourceHoles holes = new SourceHoles();
        for (KnownHoles.Row r : db.transaction(c -> KnownHoles.ofItem(c, itemId))) {
            holes.add(r.sourceId(), hole(r));
        }
        return holes;
    }

    /** The known holes of one source, ordered by file and start. */
    public static List<Hole> ofSource(Database db, long sourceId) throws StoreException {
        return db.transaction(c -> ofSource(c, sourceId));
    }

    /** The known holes of one source that no repair has rebuilt, by file and start, in the caller's transaction. */
    public static List<Hole> ofSource(Connection c, long sourceId) throws SQLException {
        return KnownHoles.ofSource(c, sourceId).stream().map(HoleTable::hole).toList();
    }

    /**
     * The known holes of every source of {@code itemId} that no repair has rebuilt, as stored (not
     * joined), keyed by source id in id order, each source's by file and start.
     */
    public static Map<Long, List<Hole>> bySourceOfItem(Connection c, long itemId) throws SQLException {
        return bySource(KnownHoles.ofItem(c, itemId));
    }

    /**
     * The known holes of every source of {@code itemId} that a repair rebuilt (served from the
     * repair store now), as {@link #bySourceOfItem}.
     */
    public static Map<Long, List<Hole>> repairedBySourceOfItem(Connection c, long itemId) throws SQLException {
        return bySource(KnownHoles.repairedOfItem(c, itemId));
    }

    /**
     * The bytes of one source that a repair rebuilt, by file and start: its holes it rebuilt, and
     * the other articles of its plain files served from the rebuilt slices. Reading them asks no
     * provider.
     */
    public static List<Hole> rebuiltOfSource(Database db, long sourceId) throws StoreException {
        return db.transaction(c -> {
            List<Hole> rebuilt = new ArrayList<>(KnownHoles.repairedOfSource(c, sourceId).stream()
                    .map(HoleTable::hole)
                    .toList());
            Set<Integer> plain = new HashSet<>();
            for (FileRecord f : Files.ofSource(c, sourceId)) if (!f.archived()) plain.add(f.index());
            for (Repairs.Article a : Repairs.articlesOf(c, sourceId)) {
                if (plain.contains(a.fileIndex()))
                    rebuilt.add(new Hole(a.fileIndex(), a.begin(), a.begin() + a.length()));
            }
            rebuilt.sort(Comparator.comparingInt(Hole::fileIndex).thenComparingLong(Hole::start));
            return rebuilt;
        });
    }

    private static Map<Long, List<Hole>> bySource(List<KnownHoles.Row> rows) {
        Map<Long, List<Hole>> bySource = new LinkedHashMap<>();
        for (KnownHoles.Row r : rows)
            bySource.computeIfAbsent(r.sourceId(), k -> new ArrayList<>()).add(hole(r));
        return bySource;
    }

    private static Hole hole(KnownHoles.Row r) {
        return new Hole(r.fileIndex(), r.start(), r.end());
    }
}
