package io.nzbmount.server.cutover;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.dav.ContentReader;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.holes.SourceHoles;
import io.nzbmount.server.library.MountedFile;
import io.nzbmount.server.library.SegmentMaps;
import io.nzbmount.server.observe.LiveStream;
import io.nzbmount.server.policy.FailurePolicy;
import io.nzbmount.server.policy.FailureRules;
import io.nzbmount.server.repair.NewHoles;
import io.nzbmount.server.standby.PlaybackTracker;
import io.nzbmount.server.standby.StandbyProver;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.sweep.SweepRunner;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Live cutover for every stream of the server: wraps each opened reader in a
 * {@link CutoverSession} and keeps what the streams of one item share (holes, misses, a simulated
 * failure, the problem). What the sessions write (timeline events, holes, switches, problems)
 * goes through its {@link CutoverRecords}. Thread-safe.
 */
public final class Cutovers {
    private static final Logger LOG = LoggerFactory.getLogger(Cutovers.class);

    private final CutoverStore store;
    private final NextSourcePicker picker;
    private final CutoverRecords records;
    private final SessionReads reads = new Reads();
    /**
     * Replaced whole when the cutover settings (the {@code fallback} section) change; each new
     * stream takes the rules in force then.
     */
    private volatile FailureRules rules;

    private final HoleTable holeTable;
    private final ProblemTable problems;
    private final Clock clock;
    private final LongSupplier nanoTime;
    private final Usenet usenet;
    /**
     * By item id; each state knows the creation time of its item, so a stream of another item with
     * the same id never takes it over, and {@link #forget} drops it when its item is deleted.
     */
    private final Map<Long, ItemCutoverState> items = new ConcurrentHashMap<>();

    private volatile Repairs repairs = Repairs.NONE;

    /**
     * @param segmentMaps the maps of the stored files the candidates serve, built over {@code usenet}
     * @param clock    the wall clock of the failure policies, the stored verdicts and holes
     * @param nanoTime a monotonic clock in nanoseconds for the sweeps' budget and how long a cutover took
     * @param sweeps   runs the full fingerprint sweep of a standby not proved yet, while a player
     *                 waits: in the server, {@link StandbyProver#sweep} of the prover its background
     *                 proofs run on, whose lock per primary keeps the two from hashing one sample twice
     */
    public Cutovers(
            Database db,
            SegmentMaps segmentMaps,
            Usenet usenet,
            EventLog events,
            FailureRules rules,
            Clock clock,
            LongSupplier nanoTime,
            SweepRunner sweeps) {
        this.store = new CutoverStore(db, clock, rules.exclusion());
        this.holeTable = new HoleTable(db, clock);
        this.problems = new ProblemTable(db);
        this.clock = clock;
        this.nanoTime = nanoTime;
        this.usenet = usenet;
        this.picker = new NextSourcePicker(store, segmentMaps, usenet, sweeps, rules.sweepBudget(), nanoTime);
        this.records = new CutoverRecords(store, holeTable, problems, events, clock, () -> repairs.holes());
        this.rules = rules;
    }

    /**
     * Turns automatic cutover on or off for streams opened from now on (saved settings that apply
     * without a restart); a stream already open keeps the rules it started with.
     */
    public void setCutoverEnabled(boolean on) {
        rules = rules.withEnabled(on);
    }

    /**
     * Serves {@code mounted} from {@code offset} to {@code end} (a response reads on up to there)
     * with {@code reader} (on the file's source) first.
     * The returned reader owns {@code reader}, {@code playback} and {@code live} and closes them.
     */
    public ContentReader open(
            MountedFile mounted,
            long offset,
            long end,
            SegmentMap map,
            NzbReader reader,
            PlaybackTracker.Stream playback,
            LiveStream live)
            throws IOException {
        long sourceId = mounted.file().sourceId();
        boolean byUser;
        try {
            byUser = store.chosenByUser(mounted.itemId(), sourceId);
        } catch (StoreException e) {
            throw new IOException("the library database cannot be read: " + e.getMessage(), e);
        }
        ItemCutoverState shared = state(mounted.itemId(), Optional.of(mounted.itemCreated()));
        refreshHoles(mounted.itemId(), shared);
        ActiveSource start = new ActiveSource(sourceId, mounted.file().index(), map, reader);
        UsersChoice usersChoice =
                byUser ? new UsersChoice(sourceId, mounted.file().index(), map) : null;
        if (shared.holes().lacks(start.sourceId(), start.fileIndex(), offset)) {
            ActiveSource routed = routeAroundHole(mounted, offset, start, shared, live);
            if (routed != start) {
                start = routed;
                byUser = false;
            }
        }
        // A range that reads on (a player's bytes=N-) gets the whole read-ahead window at once.
        start.reader().willRead(offset, end);
        FailurePolicy policy = new FailurePolicy(rules, shared.holes(), start.sourceId(), byUser);
        return new CutoverSession(
                new CutoverSession.Response(
                        mounted.itemId(), mounted.file().name(), mounted.file().size(), offset, end),
                start,
                usersChoice,
                policy,
                shared,
                playback,
                live,
                records.of(mounted.itemId(), live.id(), shared),
                picker,
                reads,
                clock,
                nanoTime);
    }

    /**
     * A new request that starts in a known hole of its source starts on a source known to have
     * those bytes instead, chosen and proved as for a cutover (with nothing sent yet, a verified
     * source needs no fetch to be chosen), so the hole is not fetched first. Returns {@code start}
     * when no other source can serve the offset: the read then fails there and ends the response.
     */
    private ActiveSource routeAroundHole(
            MountedFile mounted, long offset, ActiveSource start, ItemCutoverState shared, LiveStream live)
            throws IOException {
        long itemId = mounted.itemId();
        // A new stream has left no source yet: none is barred but by the holes.
        NextSourcePicker.Request request = new NextSourcePicker.Request(
                itemId,
                mounted.file().name(),
                mounted.file().size(),
                start.sourceId(),
                offset,
                SentBytes.none(offset),
                Set.of());
        Optional<ActiveSource> next;
        try {
            next = picker.pick(
                    request, shared, new Probes(), (kind, detail) -> records.event(itemId, live.id(), kind, detail));
        } catch (StoreException e) {
            throw new IOException("the library database cannot be read: " + e.getMessage(), e);
        }
        if (next.isEmpty()) return start;
        start.reader().close();
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("from", start.sourceId());
        detail.put("to", next.get().sourceId());
        detail.put("offset", offset);
        detail.put("file", mounted.file().name());
        detail.put("reason", "source " + start.sourceId() + " is known to lack the bytes at offset " + offset);
        records.event(itemId, live.id(), EventKind.ROUTED, detail);
        return next.get();
    }

    /** Makes the next read of the item's active source fail as if its article were missing (demo mode). */
    public void simulateFailure(long itemId) {
        state(itemId).simulateFailure();
    }

    /**
     * Why the item cannot be played now: its last stream was ended by the failure policy (no
     * source could serve the bytes, no provider could be reached, automatic cutover is off, ...). Stored with the item, so it survives a restart; it
     * ends when a later read of the item delivers bytes, when the user acts ({@link #userActed}),
     * when the item gets another primary or when a source is added to it. Empty when the store
     * cannot be read.
     */
    public Optional<Problem> problem(long itemId) {
        try {
            return problems.current(itemId);
        } catch (StoreException e) {
            LOG.warn("the problem of item {} could not be read: {}", itemId, e.toString());
            return Optional.empty();
        }
    }

    /**
     * The user has acted on the item (chosen a primary, asked for a new search): its problem is
     * over, whatever comes of it. Endpoints that act for the user call this.
     */
    public void userActed(long itemId) {
        ItemCutoverState s = items.get(itemId);
        if (s != null) s.readSucceeded();
        records.problemCleared(itemId);
    }

    /** The source the item's newest open stream reads from; empty when none is open. */
    public OptionalLong activeSource(long itemId) {
        ItemCutoverState s = items.get(itemId);
        return s == null ? OptionalLong.empty() : s.activeSource();
    }

    /**
     * The item's shared state, built on first use with the holes its sources are known to have
     * (persisted, so they survive a restart). A store that cannot be read starts with none: the
     * holes are then found again by the reads that hit them.
     */
    ItemCutoverState state(long itemId) {
        return state(itemId, Optional.empty());
    }

    /**
     * {@link #state(long)}, built afresh when the one held describes another item created at
     * another time. The store is read outside the map's lock (a map's bin lock must never wait on
     * I/O): two threads may both build one, and the first one in the map wins.
     */
    private ItemCutoverState state(long itemId, Optional<Instant> created) {
        ItemCutoverState held = items.get(itemId);
        if (held != null && (created.isEmpty() || held.describes(created.get()))) return held;
        Instant made;
        ItemCutoverState fresh;
        try {
            made = created.isPresent() ? created.get() : store.created(itemId).orElse(Instant.EPOCH);
            fresh = new ItemCutoverState(
                    made, holeTable.ofItem(itemId), problems.current(itemId).isPresent());
        } catch (StoreException e) {
            LOG.warn("the known holes of item {} could not be read: {}", itemId, e.toString());
            made = created.orElse(Instant.EPOCH);
            fresh = new ItemCutoverState(made, new SourceHoles(), false);
        }
        Instant key = made;
        ItemCutoverState built = fresh;
        return items.compute(itemId, (id, now) -> now != null && now.describes(key) ? now : built);
    }

    /**
     * Adds the holes stored since the item's state was built (found by a background proof, the
     * import or another stream) to it. A store that cannot be read adds none: the reads that hit
     * them find them again.
     */
    private void refreshHoles(long itemId, ItemCutoverState shared) {
        try {
            shared.holes().addAll(holeTable.ofItem(itemId));
        } catch (StoreException e) {
            LOG.warn("the known holes of item {} could not be read: {}", itemId, e.toString());
        }
    }

    /**
     * Drops what is kept in memory about an item (its holes, misses, streams' sources): called
     * when the item is deleted, so nothing of it can be taken for another item's.
     */
    public void forget(long itemId) {
        items.remove(itemId);
    }

    /**
     * Connects the PAR2 repairs: a hole a stream finds schedules its source's repair, and while that
     * repair runs a stream that reaches the hole with no other source waits for it.
     */
    public void setRepairs(Repairs repairs) {
        this.repairs = repairs;
    }

    /** What the streams need of the repairs. */
    public interface Repairs {
        Repairs NONE = new Repairs() {
            @Override
            public NewHoles holes() {
                return NewHoles.NONE;
            }

            @Override
            public boolean rebuilt(String messageId) {
                return false;
            }

            @Override
            public boolean repairing(long sourceId) {
                return false;
            }
        };

        /** Told each hole a stream finds. */
        NewHoles holes();

        /** Whether a repair of the source is queued or running. */
        boolean repairing(long sourceId);

        /** Whether a repair rebuilt the article with this message id (it is served from the repair store). */
        boolean rebuilt(String messageId);
    }

    /** A repair rebuilt the holes of these files of the source: streams may read them there again. */
    public void holesFilled(long itemId, long sourceId, java.util.List<Integer> fileIndexes) {
        ItemCutoverState state = items.get(itemId);
        if (state != null) fileIndexes.forEach(f -> state.holes().filled(sourceId, f));
    }

    /** The server's {@link SessionReads}: readers on its Usenet, and the repairs in force. */
    private final class Reads implements SessionReads {
        @Override
        public NzbReader open(SegmentMap map) {
            return usenet.open(map, Priority.FOREGROUND);
        }

        @Override
        public boolean rebuilt(String messageId) {
            return messageId != null && !messageId.isEmpty() && repairs.rebuilt(messageId);
        }

        @Override
        public boolean repairMayRebuild(long itemId, Set<Long> readFrom, long currentId, String fileName, long fileSize)
                throws StoreException {
            Repairs now = repairs;
            if (readFrom.stream().anyMatch(now::repairing)) return true;
            for (CutoverStore.NextSource candidate : store.nextSources(itemId, currentId, fileName, fileSize)) {
                if (candidate.file().isPresent()
                        && now.repairing(candidate.source().id())) return true;
            }
            return false;
        }
    }
}
