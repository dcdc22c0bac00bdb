package io.nzbmount.server.standby;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.holes.ImportHoles;
import io.nzbmount.server.library.Counterparts;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.policy.FailureKind;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.MissingArticles;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.sweep.FilePair;
import io.nzbmount.server.sweep.ServedBytes;
import io.nzbmount.server.sweep.Sweep;
import io.nzbmount.server.sweep.SweepGuard;
import io.nzbmount.server.sweep.SweepProgress;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Proves that a standby source holds the same bytes as its item's primary, without downloading
 * it: (1) the content-length gate: every file of the item must have a counterpart of exactly the
 * same size in the standby, matched by content, never by name ({@link Counterparts}); (2) the fingerprint sweep
 * ({@link Sweep}). Thread-safe; one call blocks its (virtual) thread on the providers,
 * at background priority.
 *
 * <p>Verdicts: a size difference, a missing file or a differing sample is a {@code MISMATCH}; a
 * standby is {@code DEAD} only on evidence from this proof against a primary read in it: its
 * first article gone while the primary's is read now (for a file not sized at import), or its
 * articles gone wherever it was asked while the primary's were read ({@link Sweep}).
 * A sample that either side lacks moves to bytes both can read: the known holes of both (stored,
 * and the articles each import found missing, {@link ImportHoles}) are avoided up front, a read
 * that finds another moves the sample again; only when no readable room is left is the proof
 * inconclusive. A sample the standby cannot read for a transient reason makes the proof
 * {@code INCONCLUSIVE}, never a match. A timeout is never a death.
 *
 * <p>The server runs one: its background proofs ({@link #prove}) and its cutovers' sweeps
 * ({@link #sweep}) take turns on a primary's samples only through this prover's lock per primary,
 * so a second prover over the same database would fetch and hash those samples again.
 */
public final class StandbyProver {

    private final Database db;
    private final HoleTable holeTable;
    private final SegmentMaps segmentMaps;
    private final Usenet usenet;
    /** One lock per primary: two standbys of one item must not both compute the primary's hashes. */
    private final Map<Long, ReentrantLock> primaryLocks = new ConcurrentHashMap<>();

    private final Duration pause;

    /**
     * @param segmentMaps the maps of the stored files compared, built over {@code usenet}
     * @param pause    the wait between two samples of one background proof: background work is
     *                 paced so that a live stream on the same providers and CPU keeps its speed
     *                 ({@link StandbyService#SAMPLE_PAUSE} in service, zero in tests); a
     *                 {@link #sweep} is never paced
     */
    public StandbyProver(Database db, SegmentMaps segmentMaps, Usenet usenet, Duration pause) {
        this.db = db;
        this.holeTable = new HoleTable(db, Clock.systemUTC());
        this.segmentMaps = segmentMaps;
        this.usenet = usenet;
        this.pause = pause;
    }

    /**
     * Compares {@code standbyId} with {@code primaryId}.
     *
     * @throws ReadCancelledException when the providers are being closed or the thread interrupted
     */
    public Proof prove(long primaryId, long standbyId, SweepProgress progress)
            throws StoreException, ReadCancelledException {
        return prove(primaryId, standbyId, progress, Priority.BACKGROUND, pause, SweepGuard.NONE, null);
    }

    /**
     * The same proof at foreground priority, unpaced, stopped by {@code guard}, for a player that
     * waits: samples the reference cannot read may move into {@code served}, the bytes the waiting
     * response has sent (null when none).
     *
     * @throws ReadCancelledException when a reader was closed under the sweep, or the thread interrupted
     */
    public Proof sweep(long referenceId, long standbyId, ServedBytes served, SweepGuard guard)
            throws StoreException, ReadCancelledException {
        return prove(referenceId, standbyId, (done, total) -> {}, Priority.FOREGROUND, Duration.ZERO, guard, served);
    }

    private Proof prove(
            long primaryId,
            long standbyId,
            SweepProgress progress,
            Priority priority,
            Duration pace,
            SweepGuard guard,
            ServedBytes served)
            throws StoreException, ReadCancelledException {
        List<FileRecord> itemFiles = db.transaction(c -> {
            Optional<SourceRecord> primary = SourceTable.byId(c, primaryId);
            return primary.isEmpty()
                    ? List.<FileRecord>of()
                    : Files.ofItem(c, primary.get().itemId());
        });
        List<FileRecord> primaryFiles = db.transaction(c -> Files.ofSource(c, primaryId));
        List<FileRecord> standbyFiles = db.transaction(c -> Files.ofSource(c, standbyId));
        if (itemFiles.isEmpty()) {
            return new Proof(Verdict.INCONCLUSIVE, "the primary has no sized media file to compare", 0, 0);
        }
        List<FilePair> pairs = new ArrayList<>();
        List<Hole> known = new ArrayList<>(HoleTable.ofSource(db, primaryId));
        List<Hole> standbyKnown = new ArrayList<>(HoleTable.ofSource(db, standbyId));
        List<Hole> primaryAtImport = new ArrayList<>();
        List<Hole> standbyAtImport = new ArrayList<>();
        Set<String> missingAtImport = db.transaction(c -> MissingArticles.of(c, primaryId));
        Set<String> standbyMissingAtImport = db.transaction(c -> MissingArticles.of(c, standbyId));
        for (FileRecord own : itemFiles) {
            Optional<FileRecord> counterpart = Counterparts.of(itemFiles, own.name(), primaryFiles);
            if (counterpart.isEmpty()) {
                return new Proof(
                        Verdict.INCONCLUSIVE,
                        "the primary has no file of the size of the item's \"" + own.name() + "\" (" + own.size()
                                + " bytes) to compare",
                        0,
                        0);
            }
            FileRecord p = counterpart.get();
            Optional<FileRecord> match = Counterparts.of(itemFiles, own.name(), standbyFiles);
            if (match.isEmpty()) {
                return new Proof(
                        Verdict.MISMATCH,
                        "content-length gate: it has no file of the size of \"" + own.name() + "\" (" + own.size()
                                + " bytes)",
                        0,
                        0);
            }
            SegmentMap primaryMap;
            try {
                primaryMap = map(primaryId, p, priority);
            } catch (ReadFailure e) {
                return new Proof(
                        Verdict.INCONCLUSIVE,
                        "the primary's \"" + p.name() + "\" could not be mapped now: " + e.getMessage(),
                        0,
                        0);
            }
            SegmentMap standbyMap;
            try {
                standbyMap = map(standbyId, match.get(), priority);
            } catch (ReadFailure e) {
                if (FailureKind.missingForGood(e) && readableNow(primaryMap, priority)) {
                    return new Proof(
                            Verdict.DEAD,
                            "the first article of \"" + match.get().name()
                                    + "\" is missing on every provider, while the primary's was just read",
                            0,
                            0);
                }
                return new Proof(
                        Verdict.INCONCLUSIVE,
                        "the size of \"" + match.get().name() + "\" could not be learned now: " + e.getMessage(),
                        0,
                        0);
            }
            if (primaryMap.size() != own.size()) {
                return new Proof(
                        Verdict.INCONCLUSIVE,
                        "the primary's \"" + p.name() + "\" has " + primaryMap.size() + " bytes, not the " + own.size()
                                + " of the item's \"" + own.name() + "\"",
                        0,
                        0);
            }
            if (standbyMap.size() != own.size()) {
                return new Proof(
                        Verdict.MISMATCH,
                        "content-length gate: \"" + match.get().name() + "\" has " + standbyMap.size()
                                + " bytes, the item's \"" + own.name() + "\" " + own.size(),
                        0,
                        0);
            }
            pairs.add(new FilePair(
                    p.index(),
                    match.get().index(),
                    own.name(),
                    primaryMap,
                    standbyMap,
                    FilePair.plan(own.size(), primaryMap, standbyMap)));
            Optional<NzbFile> nzbFile = segmentMaps.nzbFile(p);
            if (nzbFile.isPresent()) {
                primaryAtImport.addAll(
                        ImportHoles.of(p.index(), primaryMap, nzbFile.get().segments(), missingAtImport));
            }
            Optional<NzbFile> standbyNzbFile = segmentMaps.nzbFile(match.get());
            if (standbyNzbFile.isPresent()) {
                standbyAtImport.addAll(ImportHoles.of(
                        match.get().index(), standbyMap, standbyNzbFile.get().segments(), standbyMissingAtImport));
            }
        }
        known.addAll(primaryAtImport);
        standbyKnown.addAll(standbyAtImport);
        return new Sweep(
                        db,
                        usenet,
                        new Sweep.Pair(primaryId, standbyId),
                        pairs,
                        progress,
                        primaryLocks.computeIfAbsent(primaryId, id -> new ReentrantLock()),
                        pace,
                        priority,
                        guard,
                        known,
                        standbyKnown,
                        served,
                        holeTable)
                .storingWhenVerified(primaryAtImport, standbyAtImport)
                .rebuiltOfPrimary(HoleTable.rebuiltOfSource(db, primaryId))
                .run();
    }

    /**
     * Whether the providers serve the primary's first article now: a standby is condemned only
     * against a primary that was readable in the same proof.
     */
    private boolean readableNow(SegmentMap primary, Priority priority) throws ReadCancelledException {
        if (primary.size() <= 0) return false;
        try (NzbReader reader = usenet.open(primary, priority, 1)) {
            return reader.read(0, new byte[1], 0, 1) > 0;
        } catch (ReadFailure e) {
            return false;
        }
    }

    /**
     * The file's map: rebuilt from its stored text (no fetch), or, for a file not sized at import
     * (not taken for media), learned from its first article.
     */
    private SegmentMap map(long sourceId, FileRecord file, Priority priority)
            throws StoreException, ReadFailure, ReadCancelledException {
        StoreException gone = new StoreException("file " + file.index() + " of source " + sourceId + " is gone", null);
        if (file.size() >= 0 && !file.mapText().isEmpty())
            return segmentMaps.restore(file).orElseThrow(() -> gone);
        return usenet.map(segmentMaps.nzbFile(file).orElseThrow(() -> gone), priority);
    }
}
