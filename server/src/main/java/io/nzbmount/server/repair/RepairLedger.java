package io.nzbmount.server.repair;

import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.MissingArticles;
import io.nzbmount.server.store.Repairs;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StoreException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What the library database and the timeline know of repairs: each source's repair state and
 * progress, the rebuilt articles, the holes they fill, and the {@code repair-*} events.
 * Thread-safe (the database serialises).
 */
final class RepairLedger {
    static final String QUEUED = "queued";
    static final String RUNNING = "running";
    static final String DONE = "done";
    static final String IMPOSSIBLE = "impossible";
    static final String FAILED = "failed";
    /** The release carries no PAR2 files: nothing to repair with (not a failed repair). */
    static final String NO_PAR2 = "no-par2";
    /** The reason of a repair whose rebuilt bytes were dropped from the full store for a newer one. */
    static final String EVICTED = "its rebuilt bytes were dropped from the full repair store for another repair"
            + " (setting repair.storeMiB); the next hole found repairs it again";

    private final Database db;
    private final EventLog events;
    private final Clock clock;

    RepairLedger(Database db, EventLog events, Clock clock) {
        this.db = db;
        this.events = events;
        this.clock = clock;
    }

    Optional<Repairs.Row> of(long sourceId) throws StoreException {
        return db.transaction(c -> Repairs.of(c, sourceId));
    }

    List<Repairs.Row> ofItem(long itemId) throws StoreException {
        return db.transaction(c -> Repairs.ofItem(c, itemId));
    }

    List<Repairs.Row> unfinished() throws StoreException {
        return db.transaction(c -> {
            List<Repairs.Row> rows = new ArrayList<>(Repairs.inState(c, QUEUED));
            rows.addAll(Repairs.inState(c, RUNNING));
            return rows;
        });
    }

    /** The item a source belongs to; empty when the source is gone. */
    OptionalLong itemOf(long sourceId) throws StoreException {
        return db.transaction(c -> SourceTable.byId(c, sourceId)
                .map(s -> OptionalLong.of(s.itemId()))
                .orElse(OptionalLong.empty()));
    }

    /** Whether anything says the source lacks articles: the import's sample, or a known hole. */
    boolean hasDamage(long sourceId) throws StoreException {
        return db.transaction(c -> !MissingArticles.of(c, sourceId).isEmpty()
                || !HoleTable.ofSource(c, sourceId).isEmpty());
    }

    /** The source's known holes that no repair has filled, by file and start. */
    List<Hole> holes(long sourceId) throws StoreException {
        return db.transaction(c -> HoleTable.ofSource(c, sourceId));
    }

    /** Whether the source has known holes no repair has filled. */
    boolean hasHoles(long sourceId) throws StoreException {
        return db.transaction(c -> !HoleTable.ofSource(c, sourceId).isEmpty());
    }

    void put(long sourceId, String state, String reason, Progress p) throws StoreException {
        Repairs.Row row = new Repairs.Row(
                sourceId, state, reason, p.missing(), p.total(), p.read(), p.bytesRead(), clock.instant());
        db.transaction(c -> {
            Repairs.put(c, row);
            return null;
        });
    }

    /** How far a repair is. */
    record Progress(int missing, int total, int read, long bytesRead) {
        static final Progress NONE = new Progress(0, 0, 0, 0);
    }

    /**
     * Records a finished repair: the articles served from the rebuilt slices ({@code articles}),
     * those of them that were holes of the source ({@code holes}, kept as its holes, rebuilt), the
     * known holes they fill (of every file of the source whose bytes all lie in {@code inputs}, the
     * NZB positions of the set's posted input files) and the state; returns the indexes of the
     * files whose holes are filled.
     */
    List<Integer> done(
            long sourceId, List<Repairs.Article> articles, List<Repairs.Article> holes, Set<Integer> inputs, Progress p)
            throws StoreException {
        Repairs.Row row =
                new Repairs.Row(sourceId, DONE, "", p.missing(), p.total(), p.read(), p.bytesRead(), clock.instant());
        return db.transaction(c -> {
            Repairs.addArticles(c, articles);
            List<Integer> filled = new ArrayList<>(inputs);
            List<FileRecord> files = Files.ofSource(c, sourceId);
            for (FileRecord f : files) {
                boolean covered = f.archived() ? inputs.containsAll(f.volumes()) : inputs.contains(f.index());
                if (covered && !filled.contains(f.index())) filled.add(f.index());
            }
            // A rebuilt article of a plain file is a hole the source had, whoever found it first:
            // the coverage shows it rebuilt.
            for (Repairs.Article a : holes) {
                if (files.stream().anyMatch(f -> !f.archived() && f.index() == a.fileIndex())) {
                    HoleTable.add(
                            c,
                            sourceId,
                            new Hole(a.fileIndex(), a.begin(), a.begin() + a.length()),
                            clock.instant(),
                            "missing on every provider; rebuilt from PAR2 recovery data");
                }
            }
            Repairs.holesRepaired(c, sourceId, filled, clock.instant());
            Repairs.put(c, row);
            return filled;
        });
    }

    /**
     * Records that the rebuilt bytes of {@code sourceId}'s repair left the store to make room: its
     * articles are forgotten, its holes are holes again, and the repair is failed with
     * {@link #EVICTED} (so the next hole found schedules it again).
     */
    void evicted(long sourceId) throws StoreException {
        db.transaction(c -> {
            Repairs.dropRebuilt(c, sourceId);
            Optional<Repairs.Row> was = Repairs.of(c, sourceId);
            Repairs.put(
                    c,
                    new Repairs.Row(
                            sourceId,
                            FAILED,
                            EVICTED,
                            was.map(Repairs.Row::slicesMissing).orElse(0),
                            was.map(Repairs.Row::slicesTotal).orElse(0),
                            0,
                            0,
                            clock.instant()));
            return null;
        });
    }

    List<Repairs.Article> articles() throws StoreException {
        return db.transaction(Repairs::articles);
    }

    void event(long itemId, EventKind kind, Map<String, Object> detail) {
        try {
            events.record(OptionalLong.of(itemId), Optional.empty(), kind, detail);
        } catch (StoreException e) {
            org.slf4j.LoggerFactory.getLogger(RepairLedger.class)
                    .warn("event {} of item {} not stored: {}", kind, itemId, e.toString());
        }
    }
}
