package io.nzbmount.server.cutover;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.dav.ContentReader;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.observe.LiveStream;
import io.nzbmount.server.policy.CloseCause;
import io.nzbmount.server.policy.Decision;
import io.nzbmount.server.policy.FailureKind;
import io.nzbmount.server.policy.FailurePolicy;
import io.nzbmount.server.standby.PlaybackTracker;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.time.Clock;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

/**
 * One GET's view of a file that survives a broken source: it reads the active source from the
 * requested offset and keeps the last bytes it handed out. When a read fails at offset
 * {@code o}, the {@link FailurePolicy} decides: read again after a wait, cut over (a
 * {@link NextSourcePicker} proves another source at {@code o}; the reader is swapped and the very
 * next bytes come from it, in the same response, with no rewind), or end. Ending throws, so the
 * HTTP layer closes the response short of its length: no byte is ever invented or skipped.
 *
 * <p>The old source's reader is not thrown away at a cutover when it holds articles past the
 * failed one: a {@link Handover} serves them, so a cutover fetches no article twice.
 *
 * <p>A client that goes away ({@link ReadCancelledException}) is never a failure of the source.
 *
 * <p>What the session leaves behind (timeline events, holes found, a new primary, the item's
 * problem) goes to its {@link SessionEffects}; it asks a {@link SourcePicker} for the next source
 * and {@link SessionReads} for fresh readers and the state of repairs. It keeps its own state:
 * the bytes sent, the position, the policy's counts, the sources it has read from.
 *
 * <p>Threading as {@link ContentReader}: one thread reads; {@link #close} may come from another
 * thread at any time and makes a blocked read, a proof or a wait end at once.
 */
final class CutoverSession implements ContentReader {
    /**
     * What one response serves: bytes {@code [offset, end)} of file {@code fileName}
     * ({@code fileSize} bytes) of item {@code itemId}; it reads on up to {@code end}.
     */
    record Response(long itemId, String fileName, long fileSize, long offset, long end) {
        Response {
            if (offset < 0 || end < offset)
                throw new IllegalArgumentException("no range [" + offset + ", " + end + ")");
        }
    }

    private final SessionEffects effects;
    private final SourcePicker picker;
    private final SessionReads reads;
    private final long itemId;
    private final String fileName;
    private final long fileSize;
    /** Where the response ends: a source it goes on from fetches nothing past it. */
    private final long rangeEnd;

    private final FailurePolicy policy;
    private final ItemCutoverState shared;
    private final SentBytesRing sent;
    private final PlaybackTracker.Stream playback;
    private final LiveStream live;
    private final Clock clock;
    private final LongSupplier nanoTime;
    private final CountDownLatch closed = new CountDownLatch(1);
    /** The release the user chose, when the stream started on it; null otherwise. */
    private final UsersChoice usersChoice;
    /**
     * The user's release's reader while another source serves a hole of it: the stream goes back
     * to it past the hole. Null when the stream is not away from the user's choice for a hole.
     */
    private volatile NzbReader usersReader;
    /** Below this offset a known hole of the active source is read all the same: no other source could serve it. */
    private long readAnywayUntil;

    private volatile ActiveSource active;
    /** Serves the old source's held bytes just after a cutover; null when there are none (left). */
    private volatile Handover handover;

    private final Probes probes = new Probes();
    /** Rebuilt articles read again once after a failure the reader kept from before their repair. */
    private final Set<String> readAgain = new HashSet<>();

    private long position;
    /** Every source this response has read from (its serving thread's alone). */
    private final Set<Long> readFrom = new HashSet<>();
    /** The cutover just made, reported once the new source has delivered (or failed) its first read. */
    private final AtomicReference<Pending> pending = new AtomicReference<>();

    private record Pending(Map<String, Object> detail, long failedAtNanos, long provedAtNanos) {}

    /**
     * The session owns {@code start}'s reader, {@code playback} and {@code live}, and closes them.
     *
     * @param usersChoice the release the user chose, when {@code start} is it; null otherwise
     * @param policy      the stream's own failure policy, over {@code shared}'s holes
     * @param shared      what the streams of the item share
     * @param clock       the wall clock the failure policy's times are read from
     * @param nanoTime    a monotonic clock in nanoseconds for how long a cutover took
     */
    CutoverSession(
            Response response,
            ActiveSource start,
            UsersChoice usersChoice,
            FailurePolicy policy,
            ItemCutoverState shared,
            PlaybackTracker.Stream playback,
            LiveStream live,
            SessionEffects effects,
            SourcePicker picker,
            SessionReads reads,
            Clock clock,
            LongSupplier nanoTime) {
        this.usersChoice = usersChoice;
        this.effects = effects;
        this.picker = picker;
        this.reads = reads;
        this.itemId = response.itemId();
        this.fileName = response.fileName();
        this.fileSize = response.fileSize();
        this.rangeEnd = response.end();
        long offset = response.offset();
        this.position = offset;
        this.active = start;
        this.policy = policy;
        this.shared = shared;
        this.sent = new SentBytesRing(offset, SentBytesRing.DEFAULT_CAPACITY);
        this.playback = playback;
        this.live = live;
        this.clock = clock;
        this.nanoTime = nanoTime;
        shared.serving(live.id(), start.sourceId());
        readFrom.add(start.sourceId());
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        while (true) {
            if (closed.getCount() == 0) throw new ReadCancelledException("the response was closed");
            ActiveSource source = active;
            boolean simulated = false;
            try {
                if (shared.takeSimulatedFailure()) {
                    simulated = true;
                    throw new ArticleMissingException("", "a simulated failure (demo mode) at offset " + position);
                }
                Handover h = handover;
                if (h == null && backToUsersChoice(source)) continue;
                if (h == null && routedAroundKnownHole(source)) continue;
                int n = h == null
                        ? source.reader().read(position, buffer, offset, length)
                        : h.read(position, buffer, offset, length);
                if (h != null && h.done()) handover = null;
                reportCutover(true);
                if (n > 0) {
                    sent.sent(buffer, offset, n);
                    position += n;
                    policy.onRead(clock.millis());
                    playback.served(n);
                    live.sent(n);
                    if (shared.readSucceeded()) effects.problemCleared();
                }
                return n;
            } catch (ReadCancelledException e) {
                throw e;
            } catch (ReadFailure failure) {
                reportCutover(false);
                // An article a repair rebuilt after the reader had asked for it: reading again serves it.
                if (!simulated && reads.rebuilt(failure.messageId()) && readAgain.add(failure.messageId())) continue;
                recover(source, failure, simulated);
            }
        }
    }

    /**
     * A stream that left the user's chosen release for bytes it lacks goes back to it as soon as
     * it holds the next byte again: the user's choice still serves every range it can. It was
     * the reference every standby was proved against, so no proof is needed. Its reader was kept
     * with the articles it holds past the hole. Returns true when the stream switched.
     */
    private boolean backToUsersChoice(ActiveSource source) throws ReadCancelledException {
        UsersChoice home = usersChoice;
        if (home == null
                || usersReader == null
                || source.sourceId() == home.sourceId()
                || position >= fileSize
                || shared.holes().lacks(home.sourceId(), home.fileIndex(), position)
                || !policy.eligible(home.sourceId(), home.fileIndex(), position, clock.millis())) {
            return false;
        }
        NzbReader reader = usersReader;
        usersReader = null;
        try {
            reader.readAheadFrom(position, rangeEnd);
        } catch (ReadCancelledException e) {
            reader.close();
            throw e;
        }
        active = new ActiveSource(home.sourceId(), home.fileIndex(), home.map(), reader);
        source.reader().close();
        shared.serving(live.id(), home.sourceId());
        policy.onUserChoice(home.sourceId(), clock.millis());
        live.backToPrimary(String.valueOf(home.sourceId()), reader::stats);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("from", source.sourceId());
        detail.put("to", home.sourceId());
        detail.put("offset", position);
        detail.put("file", fileName);
        detail.put("reason", "back to the release you chose: it holds the bytes from offset " + position);
        effects.event(EventKind.ROUTED, detail);
        if (closed.getCount() == 0) {
            reader.close();
            throw new ReadCancelledException("the response was closed");
        }
        return true;
    }

    /**
     * A hole of the active source known before the read (from the import, a proof or another
     * stream): no fetch is spent on it when another source holds the bytes; the stream goes there
     * as at a cutover, but nothing failed, so the policy counts nothing. When no source can serve
     * them, the source is read all the same up to the hole's end: the article may be back.
     * Returns true when the stream switched.
     */
    private boolean routedAroundKnownHole(ActiveSource source) throws IOException {
        if (position < readAnywayUntil) return false;
        Optional<Hole> known = shared.holes().holeAt(source.sourceId(), source.fileIndex(), position);
        if (known.isEmpty()) return false;
        long startedAt = nanoTime.getAsLong();
        ActiveSource next = pick(source);
        if (next == null) {
            readAnywayUntil = known.get().end();
            return false;
        }
        switchTo(source, next, policy.onKnownHole(known.get()), startedAt, holeAt(source), false);
        return true;
    }

    /**
     * Returns when the next read may try again (same or new source); throws when the response must
     * end. A simulated failure leaves no hole behind, in memory or stored: the source really has
     * its bytes.
     */
    private void recover(ActiveSource source, ReadFailure failure, boolean simulated) throws IOException {
        long failedAt = nanoTime.getAsLong();
        long now = clock.millis();
        Hole hole = holeAt(source, failure.failedAt().orElse(position));
        boolean known = shared.holes().lacks(source.sourceId(), source.fileIndex(), position);
        Decision decision = simulated
                ? policy.onSimulatedFailure(source.sourceId(), hole, now)
                : policy.onFailure(source.sourceId(), hole, failure, now);
        if (decision.kind() == FailureKind.PERMANENT && !simulated && !known && source.sourceId() == policy.current()) {
            effects.holeFound(source.sourceId(), hole, String.valueOf(failure.getMessage()));
        }
        switch (decision.action()) {
            case RETRY -> retryLater(source, decision);
            case CLOSE -> end(source, decision.cause().orElseThrow(), decision.reason(), decision.reason(), failure);
            case SWITCH -> cutOver(source, decision, failure, failedAt, hole, simulated);
        }
    }

    /** Waits as {@code decision} says before the next read of {@code source}; ends at once when the response closes. */
    private void retryLater(ActiveSource source, Decision decision) throws ReadCancelledException {
        live.retrying();
        effects.event(
                EventKind.RETRY,
                Map.of(
                        "source",
                        source.sourceId(),
                        "offset",
                        position,
                        "reason",
                        decision.reason(),
                        "waitMillis",
                        decision.waitMillis()));
        try {
            if (closed.await(decision.waitMillis(), TimeUnit.MILLISECONDS)) {
                throw new ReadCancelledException("the response was closed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ReadCancelledException("the serving thread was interrupted");
        }
    }

    /**
     * Swaps the stream to a proved source at {@code position}. When the old reader holds articles
     * from the end of the failed one ({@code failed}) on, a {@link Handover} serves them and the new
     * source's reader is a fresh one that fetches only the failed range before them; otherwise the
     * old reader is closed and the new one opens its whole read-ahead at once, so the stream does
     * not ramp up from one article again.
     */
    private void cutOver(
            ActiveSource from, Decision decision, ReadFailure failure, long failedAt, Hole failed, boolean simulated)
            throws IOException {
        ActiveSource next = pick(from);
        // A repair that finished while the stream looked for another source rebuilt the article: read it again.
        if (next == null && !simulated && reads.rebuilt(failure.messageId()) && readAgain.add(failure.messageId()))
            return;
        if (next == null) {
            Decision none = policy.onNoCandidate(
                    clock.millis(), decision.kind() == FailureKind.PERMANENT && !simulated && repairMayRebuild(from));
            if (none.action() == Decision.Action.RETRY) {
                retryLater(from, none);
                return;
            }
            end(
                    from,
                    none.cause().orElseThrow(),
                    none.reason(),
                    decision.reason() + "; no other source could serve offset " + position,
                    failure);
            return;
        }
        switchTo(from, next, decision, failedAt, failed, simulated);
    }

    /**
     * Whether a running repair may rebuild the bytes at {@code position}: a repair of a source the
     * response has read from (the one left for a standby that turned out to lack them too included)
     * or of any source that may take over from {@code from}.
     */
    private boolean repairMayRebuild(ActiveSource from) throws IOException {
        try {
            return reads.repairMayRebuild(itemId, Set.copyOf(readFrom), from.sourceId(), fileName, fileSize);
        } catch (StoreException e) {
            throw new IOException("the library database cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * The proved source that continues the stream at {@code position} ({@link NextSourcePicker}),
     * with an open reader; null when none can. A handover still running is ended first.
     */
    private ActiveSource pick(ActiveSource from) throws IOException {
        Handover previous = handover;
        if (previous != null) {
            handover = null;
            previous.close();
        }
        NextSourcePicker.Request request = new NextSourcePicker.Request(
                itemId, fileName, fileSize, from.sourceId(), position, sent.snapshot(), policy.barred(clock.millis()));
        ActiveSource next;
        try {
            next = picker.pick(request, shared, probes, effects::event).orElse(null);
        } catch (StoreException e) {
            throw new IOException("the library database cannot be read: " + e.getMessage(), e);
        }
        if (closed.getCount() == 0) {
            if (next != null) next.reader().close();
            throw new ReadCancelledException("the response was closed");
        }
        return next;
    }

    /** Swaps the stream from {@code from} to {@code next} at {@code position}, as {@link #cutOver} describes. */
    private void switchTo(
            ActiveSource from, ActiveSource next, Decision decision, long failedAt, Hole failed, boolean simulated)
            throws IOException {
        // A source the user chose stays the item's primary when it lacks a range another source
        // holds: the stream leaves it for that range only.
        boolean fromUsersChoice = policy.currentChosenByUser();
        long failedEnd = failed.end();
        boolean forUsersHole = fromUsersChoice
                && usersChoice != null
                && from.sourceId() == usersChoice.sourceId()
                && decision.kind() == FailureKind.PERMANENT
                && !simulated
                && failedEnd < fileSize;
        if (forUsersHole) {
            // The user's release lacks only [position, failedEnd): the new source serves that, and
            // the stream goes back to the user's reader, kept with what it holds past the hole.
            var fresh = reads.open(next.map());
            fresh.willRead(position, failedEnd);
            next.reader().close();
            next = new ActiveSource(next.sourceId(), next.fileIndex(), next.map(), fresh);
            usersReader = from.reader();
        } else if (failedEnd < fileSize && from.reader().heldUntil(failedEnd) > failedEnd) {
            // The proof reader's window sits before the cut and would grow past it: a fresh one
            // fetches just the article at the cut.
            var fresh = reads.open(next.map());
            // The old reader holds the bytes from failedEnd on: the fresh one fetches none of them.
            fresh.willRead(position, failedEnd);
            next.reader().close();
            next = new ActiveSource(next.sourceId(), next.fileIndex(), next.map(), fresh);
            handover = new Handover(from.reader(), fresh, failedEnd, rangeEnd);
        } else {
            from.reader().close();
        }
        active = next;
        readFrom.add(next.sourceId());
        shared.serving(live.id(), next.sourceId());
        if (closed.getCount() == 0) {
            next.reader().close();
            Handover h = handover;
            if (h != null) h.close();
            NzbReader kept = usersReader;
            if (kept != null) kept.close();
        }
        long now = clock.millis();
        policy.onCutover(next.sourceId(), now);
        boolean primaryChanged = effects.switched(
                from.sourceId(), next.sourceId(), decision.kind() == FailureKind.PERMANENT && !fromUsersChoice);
        live.cutover(String.valueOf(next.sourceId()), !primaryChanged, next.reader()::stats);
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("from", from.sourceId());
        detail.put("to", next.sourceId());
        detail.put("offset", position);
        detail.put("reason", decision.reason());
        // Why the old source was left, as a type: the demo's button, a hole, or a failure that may pass.
        detail.put("kind", simulated ? "simulated" : decision.kind().name().toLowerCase(java.util.Locale.ROOT));
        detail.put("file", fileName);
        detail.put("primaryChanged", primaryChanged);
        pending.set(new Pending(detail, failedAt, nanoTime.getAsLong()));
        if (handover == null) {
            try {
                next.reader().readAheadFrom(position, forUsersHole ? failedEnd : rangeEnd);
            } catch (ReadCancelledException e) {
                // The response was closed meanwhile: the next read ends it.
            }
        }
    }

    /**
     * Records the cutover event: {@code tookMillis} runs from the failed read to the first bytes
     * from the new source (what the player waited), {@code provedMillis} to the end of the proof.
     * Once per cutover, from whichever thread gets there first (the reader or a close).
     */
    private void reportCutover(boolean delivered) {
        Pending p = pending.getAndSet(null);
        if (p == null) return;
        long now = nanoTime.getAsLong();
        p.detail().put("tookMillis", (now - p.failedAtNanos()) / 1_000_000);
        p.detail().put("provedMillis", (p.provedAtNanos() - p.failedAtNanos()) / 1_000_000);
        p.detail().put("delivered", delivered);
        effects.event(EventKind.CUTOVER, p.detail());
    }

    /**
     * Ends the response: the policy says {@code position} cannot be served now.
     *
     * @param kind   why, as a type (the item's problem and the event's {@code kind})
     * @param reason the policy's word for the close (e.g. {@link FailurePolicy#NO_STABLE_SOURCE})
     * @param cause  what led there, for the item's problem
     */
    private void end(ActiveSource source, CloseCause kind, String reason, String cause, ReadFailure failure)
            throws IOException {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("source", source.sourceId());
        detail.put("offset", position);
        detail.put("reason", reason);
        detail.put("cause", cause);
        detail.put("kind", kind.word());
        detail.put("failure", String.valueOf(failure.getMessage()));
        effects.event(EventKind.STREAM_CLOSED, detail);
        effects.ended(kind, cause);
        throw failure;
    }

    /**
     * The bytes that cannot be read without the failing article, as the source's map places them
     * ({@link SegmentMap#lackedWithout}: for a file inside archive volumes the part of the volume's
     * article that lies in the file, for an encrypted one also the block after it); the whole hole when
     * the map knows no article there; the failing byte alone past the map's end.
     */
    private Hole holeAt(ActiveSource source) {
        return holeAt(source, position);
    }

    private Hole holeAt(ActiveSource source, long at) {
        SegmentMap map = source.map();
        if (at >= map.size()) return Hole.at(source.fileIndex(), at);
        ArticleSpan span = map.lackedWithout(at);
        return new Hole(source.fileIndex(), span.start(), span.end());
    }

    @Override
    public void close() {
        closed.countDown();
        reportCutover(false);
        probes.closeAll();
        active.reader().close();
        Handover h = handover;
        if (h != null) h.close();
        NzbReader kept = usersReader;
        if (kept != null) kept.close();
        shared.ended(live.id());
        playback.closed();
        live.close();
    }
}
