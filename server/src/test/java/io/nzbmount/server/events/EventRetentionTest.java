package io.nzbmount.server.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.Await;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.Events;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EventRetentionTest {

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    private Database db;
    private EventLog events;

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
        events = new EventLog(db, clock);
    }

    @AfterEach
    void close() throws Exception {
        db.close();
    }

    private List<String> kinds() throws Exception {
        return events.find(new EventQuery(0, Optional.empty(), OptionalLong.empty(), 1000)).stream()
                .map(e -> e.kind())
                .toList();
    }

    /** Stores an event of any kind word, as the store takes it, at the clock's time. */
    private void record(String kind) throws Exception {
        db.transaction(c -> Events.append(c, clock.instant(), OptionalLong.empty(), Optional.empty(), kind, "{}"));
    }

    @Test
    void eventsOlderThanTheRetentionGo() throws Exception {
        record("old");
        clock.advance(Duration.ofDays(6));
        record("recent");
        clock.advance(Duration.ofDays(1));
        EventRetention exact = new EventRetention(db, clock, EventRetention.DEFAULT);
        assertEquals(0, exact.runOnce(), "exactly 7 days old is still kept");
        clock.advance(Duration.ofMillis(1));
        EventRetention retention = new EventRetention(db, clock, EventRetention.DEFAULT);
        assertEquals(1, retention.runOnce());
        assertEquals(List.of("recent"), kinds());
    }

    @Test
    void theLastTenMinutesAreAlwaysKept() throws Exception {
        record("eleven minutes ago");
        clock.advance(Duration.ofMinutes(2));
        record("nine minutes ago");
        clock.advance(Duration.ofMinutes(9));
        EventRetention retention = new EventRetention(db, clock, Duration.ofSeconds(1));
        assertEquals(Duration.ofMinutes(10), retention.keep());
        assertEquals(1, retention.runOnce());
        assertEquals(List.of("nine minutes ago"), kinds());
    }

    @Test
    void theScheduleRunsAtOnceAndStopsWhenClosed() throws Exception {
        record("old");
        clock.advance(Duration.ofDays(8));
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
        scheduler.setRemoveOnCancelPolicy(true);
        try {
            EventRetention retention = new EventRetention(db, clock, EventRetention.DEFAULT);
            retention.start(scheduler, Duration.ofHours(1));
            Await.until(Duration.ofSeconds(30), () -> kinds().isEmpty(), () -> "the old event removed at start");
            assertEquals(1, scheduler.getQueue().size(), "the next run is scheduled");
            retention.close();
            assertEquals(0, scheduler.getQueue().size(), "no run is left after close");
        } finally {
            scheduler.shutdownNow();
            assertTrue(scheduler.awaitTermination(5, TimeUnit.SECONDS));
        }
    }
}
