package io.nzbmount.server.standby;

import io.nzbmount.server.policy.Hole;
import io.nzbmount.server.policy.SourceHoles;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.KnownHoles;
import io.nzbmount.server.store.Repairs;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The persisted known holes of sources ({@link KnownHoles}) as {@link Hole}s: written when a
 * permanent failure of a stream's read proves a source lacks a range, read back when an item's
 * {@link SourceHoles} is first built after a start and before every sweep, which places no sample
 * there. Thread-safe (the database serialises).
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
            KnownHoles.add(c, sourceId, hole.fileIndex(), hole.start(), hole.end(), clock.instant(), reason);
            return null;
        });
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
        return db.transaction(c -> KnownHoles.ofSource(c, sourceId)).stream()
                .map(HoleTable::hole)
                .toList();
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

    private static Hole hole(KnownHoles.Row r) {
        return new Hole(r.fileIndex(), r.start(), r.end());
    }
}
