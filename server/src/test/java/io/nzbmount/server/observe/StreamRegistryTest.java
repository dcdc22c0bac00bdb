package io.nzbmount.server.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.NzbReader;
import io.nzbmount.server.library.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class StreamRegistryTest {

    private static final Instant T0 = Instant.parse("2025-03-01T10:00:00Z");
    private final MutableClock clock = new MutableClock(T0);
    private final StreamRegistry registry = new StreamRegistry(clock);

    private static StreamStart start(String source) {
        return new StreamStart(7, "Film (2020)", "film.mkv", "127.0.0.1:50000", source, 1_000, 9_000);
    }

    @Test
    void aStreamShowsWhatItWasOpenedWithAndWhatItSent() {
        NzbReader.Stats stats = new NzbReader.Stats(5_000, 4_000, 3, 8, 2, 4);
        LiveStream s = registry.open(start("A"), () -> stats);
        clock.advance(Duration.ofMillis(500));
        s.sent(4_000);
        StreamView v = registry.streams().get(0);
        assertEquals(s.id(), v.id());
        assertEquals(start("A"), v.start());
        assertEquals(T0, v.started());
        assertEquals(5_000, v.offset());
        assertEquals(4_000, v.bytesSent());
        assertEquals(8_000, v.bytesPerSecond(), "a young stream: its bytes over its age");
        assertEquals(new StreamView.ReadAhead(8, 2, 4), v.readAhead());
        assertEquals(0.5, v.readAhead().fill());
        assertEquals("A", v.source());
        assertFalse(v.onStandby());
    }

    @Test
    void throughputIsTheAverageOfTheLastFiveWholeSeconds() {
        LiveStream s = registry.open(start("A"), null);
        for (int i = 1; i <= 100; i++) {
            clock.advance(Duration.ofMillis(100));
            s.sent(1_000);
        }
        assertEquals(10_000, registry.streams().get(0).bytesPerSecond());
        for (int i = 1; i <= 30; i++) {
            clock.advance(Duration.ofMillis(100));
            s.sent(500);
        }
        // At 13.0 s the window is seconds 8..12: 8, 9 at 10 kB/s (second 10 holds 1 kB + 4.5 kB), 11 and 12 at 5 kB/s.
        assertEquals(
                (10_000 + 10_000 + 5_500 + 5_000 + 5_000) / 5,
                registry.streams().get(0).bytesPerSecond());
        clock.advance(Duration.ofSeconds(10));
        assertEquals(0, registry.streams().get(0).bytesPerSecond(), "nothing sent lately");
        assertNull(registry.streams().get(0).readAhead());
    }

    @Test
    void stallLastsFromTheFirstRetryToTheNextByte() {
        LiveStream s = registry.open(start("A"), null);
        s.sent(100);
        clock.advance(Duration.ofSeconds(1));
        s.retrying();
        clock.advance(Duration.ofSeconds(2));
        s.retrying();
        clock.advance(Duration.ofSeconds(1));
        StreamView stalled = registry.streams().get(0);
        assertTrue(stalled.retrying());
        assertEquals(2, stalled.retries());
        assertEquals(3_000, stalled.stalledMillis());
        assertEquals(3_000, stalled.stallMillisTotal());
        assertEquals(1, registry.counters().retrying());
        s.sent(100);
        clock.advance(Duration.ofSeconds(5));
        StreamView after = registry.streams().get(0);
        assertFalse(after.retrying());
        assertEquals(0, after.stalledMillis());
        assertEquals(3_000, after.stallMillisTotal());
        assertEquals(0, registry.counters().retrying());
    }

    @Test
    void cutoverMovesTheStreamToItsStandbyAndCountsIt() {
        LiveStream a = registry.open(start("A"), null);
        LiveStream b = registry.open(start("A"), null);
        NzbReader.Stats stats = new NzbReader.Stats(0, 0, 0, 4, 4, 0);
        a.cutover("B", true, () -> stats);
        StreamView v = a.view();
        assertEquals("B", v.source());
        assertTrue(v.onStandby());
        assertEquals(1, v.cutovers());
        assertEquals(new StreamView.ReadAhead(4, 4, 0), v.readAhead());
        StreamRegistry.Counters c = registry.counters();
        assertEquals(2, c.activeStreams());
        assertEquals(1, c.standbyActive());
        assertEquals(1, c.cutoversTotal());
        a.close();
        b.close();
        assertEquals(0, registry.counters().activeStreams());
        assertEquals(1, registry.counters().cutoversTotal(), "the total survives the stream");
        assertEquals(2, registry.counters().streamsOpened());
    }

    @Test
    void proofsAreCountedWhileRunning() {
        StreamRegistry.RunningProof one = registry.proving();
        StreamRegistry.RunningProof two = registry.proving();
        assertEquals(2, registry.counters().proofsRunning());
        one.close();
        one.close();
        assertEquals(1, registry.counters().proofsRunning(), "closing twice counts down once");
        two.close();
        assertEquals(0, registry.counters().proofsRunning());
    }

    @Test
    void closingIsIdempotentAndLeavesOtherStreams() {
        LiveStream a = registry.open(start("A"), null);
        LiveStream b = registry.open(start("B"), null);
        a.close();
        a.close();
        assertEquals(
                List.of(b.id()), registry.streams().stream().map(StreamView::id).toList());
    }

    @Test
    void concurrentUpdatesLoseNothing() throws Exception {
        int threads = 8;
        int sends = 20_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        try {
            CountDownLatch go = new CountDownLatch(1);
            CountDownLatch firstLook = new CountDownLatch(1);
            AtomicBoolean done = new AtomicBoolean();
            List<Future<LiveStream>> writers = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                writers.add(pool.submit(() -> {
                    LiveStream s = registry.open(start("A"), null);
                    go.await();
                    // The reader is looking before any write, so the writes race its looks.
                    firstLook.await();
                    for (int i = 0; i < sends; i++) {
                        s.sent(3);
                        if (i % 1000 == 0) s.retrying();
                        if (i % 5000 == 0) s.cutover("S" + i, true, null);
                    }
                    // Short-lived streams opened and closed alongside, from every writer.
                    registry.open(start("X"), null).close();
                    return s;
                }));
            }
            Future<Integer> reader = pool.submit(() -> {
                go.await();
                int looks = 0;
                do {
                    for (StreamView v : registry.streams()) {
                        if (v.bytesSent() % 3 != 0 || (v.offset() - 1_000) % 3 != 0) {
                            throw new AssertionError("torn view " + v);
                        }
                    }
                    registry.counters();
                    looks++;
                    firstLook.countDown();
                } while (!done.get());
                return looks;
            });
            go.countDown();
            List<LiveStream> streams = new ArrayList<>();
            for (Future<LiveStream> w : writers) streams.add(w.get(30, TimeUnit.SECONDS));
            done.set(true);
            assertTrue(reader.get(30, TimeUnit.SECONDS) > 0);
            StreamRegistry.Counters c = registry.counters();
            assertEquals((long) threads * sends * 3, c.bytesServed());
            assertEquals((long) threads * 4, c.cutoversTotal());
            assertEquals(threads, c.activeStreams());
            assertEquals(threads * 2L, c.streamsOpened());
            for (LiveStream s : streams) {
                StreamView v = s.view();
                assertEquals(sends * 3L, v.bytesSent());
                assertEquals(1_000 + sends * 3L, v.offset());
                assertEquals(sends / 1000, v.retries());
                assertEquals(4, v.cutovers());
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }
}
