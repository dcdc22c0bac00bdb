package io.nzbmount.server.cutover;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.events.EventKind;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.SourceHoles;
import io.nzbmount.server.observe.LiveStream;
import io.nzbmount.server.observe.StreamRegistry;
import io.nzbmount.server.observe.StreamStart;
import io.nzbmount.server.policy.CloseCause;
import io.nzbmount.server.policy.FailurePolicy;
import io.nzbmount.server.policy.FailureRules;
import io.nzbmount.server.standby.PlaybackTracker;
import java.io.ByteArrayOutputStream;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * The rules one {@link CutoverSession} keeps, with hand-written fakes for everything around it: a
 * reader over an array, a picker that hands out the standby the test names, a sink that records
 * the session's effects, and literal clocks. No server, no store, no sockets.
 */
class CutoverSessionTest {
    private static final long ITEM = 7;
    private static final long PRIMARY = 1;
    private static final long STANDBY = 2;
    private static final long SECOND_STANDBY = 3;
    private static final int ARTICLE = 1_000;
    private static final byte[] FILM = film(10 * ARTICLE);
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-04T12:00:00Z"), ZoneOffset.UTC);

    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final RecordingEffects effects = new RecordingEffects();
    private final ScriptedPicker picker = new ScriptedPicker();
    private final ItemCutoverState shared = new ItemCutoverState(Instant.EPOCH, new SourceHoles(), false);

    @Test
    void aFailedReadContinuesFromTheStandbyAtTheExactOffsetWithItsBytes() throws Exception {
        ArrayReader primary = new ArrayReader(FILM).missing(4 * ARTICLE);
        ArrayReader standby = new ArrayReader(FILM);
        picker.answers.add(source(STANDBY, standby));

        byte[] body = readAll(session(0, primary), 700);

        assertArrayEquals(FILM, body);
        assertEquals(1, picker.requests.size());
        NextSourcePicker.Request asked = picker.requests.get(0);
        assertEquals(PRIMARY, asked.currentId());
        assertEquals(4 * ARTICLE, asked.offset());
        assertEquals(4 * ARTICLE, asked.sent().position());
        assertArrayEquals(Arrays.copyOfRange(FILM, 0, 4 * ARTICLE), asked.sent().heldBytes());
        assertEquals(4 * ARTICLE, (long) standby.reads.get(0), "the standby's first read is at the cut");
        assertTrue(primary.closed, "the primary's reader is closed at the cutover");
    }

    @Test
    void aReadFailureWithNoStandbyEndsTheResponseWithTheFailureNeverAShortBody() throws Exception {
        ArrayReader primary = new ArrayReader(FILM).missing(4 * ARTICLE);
        CutoverSession session = session(0, primary);
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        byte[] buffer = new byte[700];

        ReadFailure failure = assertThrows(ReadFailure.class, () -> {
            while (true) {
                int n = session.read(buffer, 0, buffer.length);
                assertTrue(n > 0, "a read returned " + n + " before the end of the file: a short body");
                sent.write(buffer, 0, n);
            }
        });

        assertTrue(failure instanceof ArticleMissingException, failure.toString());
        assertArrayEquals(Arrays.copyOfRange(FILM, 0, 4 * ARTICLE), sent.toByteArray());
        assertEquals(List.of(EventKind.STREAM_CLOSED), effects.kinds());
        assertEquals(4L * ARTICLE, effects.events.get(0).detail().get("offset"));
        assertEquals(List.of(CloseCause.NO_SOURCE), effects.ended);
        session.close();
    }

    @Test
    void aKnownHoleIsRoutedAroundWithoutReadingIt() throws Exception {
        shared.holes().add(PRIMARY, new Hole(0, 4 * ARTICLE, 5 * ARTICLE));
        ArrayReader primary = new ArrayReader(FILM);
        ArrayReader standby = new ArrayReader(FILM);
        picker.answers.add(source(STANDBY, standby));

        byte[] body = readAll(session(0, primary), 700);

        assertArrayEquals(FILM, body);
        assertTrue(primary.reads.stream().allMatch(at -> at < 4 * ARTICLE), "the primary read " + primary.reads);
        assertEquals(4 * ARTICLE, (long) standby.reads.get(0));
        assertEquals(List.of(), effects.holes, "a hole known before is not found again");
        assertEquals(List.of(new Switch(PRIMARY, STANDBY, true)), effects.switches);
    }

    @Test
    void aSwitchRecordsTheSwitchAndOneCutoverEventOnceTheStandbyDelivered() throws Exception {
        ArrayReader primary = new ArrayReader(FILM).missing(4 * ARTICLE);
        ArrayReader standby = new ArrayReader(FILM);
        // The proof of the standby takes 250 ms of the literal clock.
        picker.answers.add(source(STANDBY, standby));
        picker.proofNanos = 250_000_000L;

        readAll(session(0, primary), 700);

        assertEquals(List.of(new Switch(PRIMARY, STANDBY, true)), effects.switches);
        assertEquals(List.of(new Found(PRIMARY, new Hole(0, 4 * ARTICLE, 5 * ARTICLE))), effects.holes);
        assertEquals(List.of(EventKind.CUTOVER), effects.kinds());
        Map<String, Object> cutover = effects.events.get(0).detail();
        assertEquals(PRIMARY, cutover.get("from"));
        assertEquals(STANDBY, cutover.get("to"));
        assertEquals(4L * ARTICLE, cutover.get("offset"));
        assertEquals("permanent", cutover.get("kind"));
        assertEquals(true, cutover.get("primaryChanged"));
        assertEquals(true, cutover.get("delivered"));
        assertEquals(250L, cutover.get("tookMillis"));
        assertEquals(250L, cutover.get("provedMillis"));
    }

    @Test
    void aStreamEndedByThePolicyLeavesTheItemAProblemThatTheNextDeliveredReadClears() throws Exception {
        CutoverSession ended = session(0, new ArrayReader(FILM).missing(0));
        assertThrows(ReadFailure.class, () -> ended.read(new byte[100], 0, 100));
        ended.close();
        assertEquals(List.of(CloseCause.NO_SOURCE), effects.ended);
        shared.problemSet(); // as the server's effects do when a stream ends with a problem

        CutoverSession next = session(5 * ARTICLE, new ArrayReader(FILM));
        byte[] buffer = new byte[100];
        next.read(buffer, 0, buffer.length);
        next.read(buffer, 0, buffer.length);
        next.close();

        assertEquals(1, effects.problemsCleared, "cleared once, by the first read that delivered");
    }

    @Test
    void aClosedResponseEndsItsReadsAsCancelledAndLeavesNoProblem() throws Exception {
        CutoverSession session = session(0, new ArrayReader(FILM));
        session.close();

        assertThrows(ReadCancelledException.class, () -> session.read(new byte[100], 0, 100));
        assertEquals(List.of(), effects.ended);
        assertEquals(List.of(), effects.events);
    }

    @Test
    void bytesAlreadySentAreNeverSentAgainNorSkippedAcrossTwoCutoversInsideArticles() throws Exception {
        // Each source fails in the middle of an article, after serving its first part.
        ArrayReader primary = new ArrayReader(FILM).missing(4 * ARTICLE + 500);
        ArrayReader standby = new ArrayReader(FILM).missing(7 * ARTICLE + 123);
        ArrayReader second = new ArrayReader(FILM);
        picker.answers.add(source(STANDBY, standby));
        picker.answers.add(source(SECOND_STANDBY, second));
        long start = 1_234;

        byte[] body = readAll(session(start, primary), 333);

        assertArrayEquals(Arrays.copyOfRange(FILM, (int) start, FILM.length), body);
        assertEquals(4 * ARTICLE + 500, (long) standby.reads.get(0));
        assertEquals(7 * ARTICLE + 123, (long) second.reads.get(0));
        assertEquals(
                List.of(new Switch(PRIMARY, STANDBY, true), new Switch(STANDBY, SECOND_STANDBY, true)),
                effects.switches);
        NextSourcePicker.Request last = picker.requests.get(1);
        assertEquals(STANDBY, last.currentId());
        assertArrayEquals(
                Arrays.copyOfRange(FILM, (int) start, 7 * ARTICLE + 123),
                last.sent().heldBytes(),
                "the bytes a standby is proved against are the bytes sent, up to the cut");
    }

    @Test
    void theRequestIsTheStreamAtTheAskAndDoesNotMoveWithIt() throws Exception {
        ArrayReader primary = new ArrayReader(FILM).missing(2 * ARTICLE);
        picker.answers.add(source(STANDBY, new ArrayReader(FILM)));

        readAll(session(0, primary), 700);

        NextSourcePicker.Request asked = picker.requests.get(0);
        assertEquals(2 * ARTICLE, asked.sent().position(), "the response read on to the end since");
        assertFalse(asked.barred().contains(STANDBY));
        assertThrows(UnsupportedOperationException.class, () -> asked.barred().add(SECOND_STANDBY));
    }

    // ---- the session and its fakes

    private CutoverSession session(long offset, ArrayReader reader) {
        LiveStream live = new StreamRegistry(CLOCK)
                .open(
                        new StreamStart(
                                ITEM, "Film", FILE, "192.0.2.1:5000", String.valueOf(PRIMARY), offset, FILM.length),
                        null);
        return new CutoverSession(
                new CutoverSession.Response(ITEM, FILE, FILM.length, offset, FILM.length),
                new ActiveSource(PRIMARY, 0, new ArticleMap(FILM.length), reader),
                null,
                new FailurePolicy(FailureRules.defaults(), shared.holes(), PRIMARY, false),
                shared,
                PlaybackTracker.NONE.opened(ITEM),
                live,
                effects,
                picker,
                new NoRepairs(),
                CLOCK,
                nanos::get);
    }

    private static byte[] readAll(CutoverSession session, int bufferSize) throws Exception {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] buffer = new byte[bufferSize];
        try (session) {
            for (int n; (n = session.read(buffer, 0, buffer.length)) != -1; ) {
                assertTrue(n > 0, "an empty read");
                body.write(buffer, 0, n);
            }
        }
        return body.toByteArray();
    }

    private static ActiveSource source(long id, ArrayReader reader) {
        return new ActiveSource(id, 0, new ArticleMap(FILM.length), reader);
    }

    private static byte[] film(int size) {
        byte[] bytes = new byte[size];
        new SplittableRandom(2020).nextBytes(bytes);
        return bytes;
    }

    /** A file of {@link #ARTICLE}-byte articles. */
    private record ArticleMap(long size) implements SegmentMap {
        @Override
        public int articles() {
            return (int) ((size + ARTICLE - 1) / ARTICLE);
        }

        @Override
        public int partSize() {
            return ARTICLE;
        }

        @Override
        public ArticleSpan span(long offset) {
            if (offset < 0 || offset >= size) throw new IndexOutOfBoundsException(offset);
            long start = offset / ARTICLE * ARTICLE;
            return new ArticleSpan(start, Math.min(start + ARTICLE, size), false);
        }

        @Override
        public String text() {
            return "articles of " + ARTICLE;
        }
    }

    /**
     * Serves an array as an NZB reader would, one article at most per read; a read at or past
     * the offset given to {@link #missing} fails as a missing article until the article's end.
     * Records the offset of every read.
     */
    private static final class ArrayReader implements NzbReader {
        private final byte[] bytes;
        private final List<Long> reads = new ArrayList<>();
        private long missingFrom = -1;
        private volatile boolean closed;

        ArrayReader(byte[] bytes) {
            this.bytes = bytes;
        }

        ArrayReader missing(long from) {
            missingFrom = from;
            return this;
        }

        @Override
        public int read(long offset, byte[] buf, int off, int len) throws ReadFailure, ReadCancelledException {
            if (closed) throw new ReadCancelledException("closed");
            reads.add(offset);
            if (offset >= bytes.length) return -1;
            long articleEnd = Math.min((offset / ARTICLE + 1) * ARTICLE, bytes.length);
            if (missingFrom >= 0 && offset >= missingFrom && offset < (missingFrom / ARTICLE + 1) * ARTICLE) {
                throw new ArticleMissingException("<part" + offset / ARTICLE + "@film>", "430 no such article");
            }
            long until = missingFrom > offset ? Math.min(articleEnd, missingFrom) : articleEnd;
            int n = (int) Math.min(len, until - offset);
            System.arraycopy(bytes, (int) offset, buf, off, n);
            return n;
        }

        @Override
        public void retire() {}

        @Override
        public long heldUntil(long offset) {
            return offset;
        }

        @Override
        public void readAheadFrom(long offset, long end) throws ReadCancelledException {
            if (closed) throw new ReadCancelledException("closed");
        }

        @Override
        public long size() {
            return bytes.length;
        }

        @Override
        public Stats stats() {
            return new Stats(0, 0, 0, 1, 0, 0);
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** Hands out the next source the test queued (none when the queue is empty); the proof takes {@code proofNanos}. */
    private final class ScriptedPicker implements SourcePicker {
        final Deque<ActiveSource> answers = new ArrayDeque<>();
        final List<NextSourcePicker.Request> requests = new ArrayList<>();
        long proofNanos;

        @Override
        public Optional<ActiveSource> pick(
                NextSourcePicker.Request request,
                ItemCutoverState item,
                Probes probes,
                BiConsumer<EventKind, Map<String, Object>> timeline) {
            requests.add(request);
            nanos.addAndGet(proofNanos);
            return Optional.ofNullable(answers.poll());
        }
    }

    /** No repair runs and none rebuilt anything; the session needs no fresh reader in these tests. */
    private static final class NoRepairs implements SessionReads {
        @Override
        public NzbReader open(SegmentMap map) {
            throw new AssertionError("no fresh reader is needed without a handover");
        }

        @Override
        public boolean rebuilt(String messageId) {
            return false;
        }

        @Override
        public boolean repairMayRebuild(
                long itemId, Set<Long> readFrom, long currentId, String fileName, long fileSize) {
            return false;
        }
    }

    private record Event(EventKind kind, Map<String, Object> detail) {}

    private record Switch(long from, long to, boolean permanent) {}

    private record Found(long sourceId, Hole hole) {}

    /** Records what the session leaves behind; every switch makes the standby the primary. */
    private static final class RecordingEffects implements SessionEffects {
        final List<Event> events = new ArrayList<>();
        final List<Found> holes = new ArrayList<>();
        final List<Switch> switches = new ArrayList<>();
        final List<CloseCause> ended = new ArrayList<>();
        int problemsCleared;

        @Override
        public synchronized void event(EventKind kind, Map<String, Object> detail) {
            events.add(new Event(kind, detail));
        }

        @Override
        public void holeFound(long sourceId, Hole hole, String reason) {
            holes.add(new Found(sourceId, hole));
        }

        @Override
        public boolean switched(long from, long to, boolean permanent) {
            switches.add(new Switch(from, to, permanent));
            return true;
        }

        @Override
        public void ended(CloseCause cause, String reason) {
            ended.add(cause);
        }

        @Override
        public void problemCleared() {
            problemsCleared++;
        }

        synchronized List<EventKind> kinds() {
            return events.stream().map(Event::kind).toList();
        }
    }
}
