package io.nzbmount.server.health;

import static io.nzbmount.server.health.HealthRig.T0;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.config.HealthSettings;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.store.Database;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link HealthScheduler} at literal times: what is due when, the pace of re-checks, and a restart. */
class HealthSchedulerTest {
    private static final Duration HOUR = Duration.ofHours(1);
    /** A sample daily, the whole weekly, re-checks at 10 articles a second. */
    private static final HealthSettings SETTINGS = new HealthSettings(true, 24, 5, 168, 10, 2, 8);

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private HealthRig rig;
    private final List<String> ran = new ArrayList<>();
    /** What the fake check answers as the number of articles checked. */
    private int articles = 100;

    private boolean cancel;

    private final SourceCheck check = (sourceId, kind, sample, seed) -> {
        if (cancel) throw new ReadCancelledException("shutting down");
        ran.add(sourceId + ":" + kind.word() + (sample > 0 ? ":" + sample : ""));
        return new CheckResult(sample > 0 ? sample : articles, 0, 0, 0);
    };

    @BeforeEach
    void start() throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));
    }

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
        nntp.close();
    }

    private long imported(int seed) throws Exception {
        byte[] film = new byte[30_000];
        new Random(seed).nextBytes(film);
        PostedFile posted = nntp.post("Film." + seed + ".mkv", film, 10_000);
        return rig.importPrimary("Film " + seed, posted).sourceId();
    }

    private HealthScheduler scheduler(Database db, MutableClock clock) {
        return new HealthScheduler(db, check, SETTINGS, clock, Runnable::run);
    }

    private List<String> tickAt(HealthScheduler s, Instant at) throws Exception {
        rig.clock.set(at);
        ran.clear();
        s.tick();
        return List.copyOf(ran);
    }

    @Test
    void aSourceIsCheckedWholeAtTheFirstTickAfterItsImportAndThenOnlyWhenDue() throws Exception {
        long source = imported(1);
        HealthScheduler s = scheduler(rig.db, rig.clock);

        assertEquals(List.of(source + ":after-import"), tickAt(s, T0.plusSeconds(5)));
        assertEquals(List.of(), tickAt(s, T0.plusSeconds(10)));
        assertEquals(List.of(), tickAt(s, T0.plus(HOUR.multipliedBy(24))));
        assertEquals(
                List.of(source + ":sample:5"),
                tickAt(s, T0.plus(HOUR.multipliedBy(24)).plusSeconds(5)));
        assertEquals(List.of(), tickAt(s, T0.plus(HOUR.multipliedBy(47))));
        assertEquals(
                List.of(source + ":sample:5"),
                tickAt(s, T0.plus(HOUR.multipliedBy(48)).plusSeconds(5)));
        assertEquals(
                List.of(source + ":full"),
                tickAt(s, T0.plus(HOUR.multipliedBy(168)).plusSeconds(5)));
        assertEquals(List.of(), tickAt(s, T0.plus(HOUR.multipliedBy(169))));
    }

    @Test
    void everyImportIsCheckedAtOnceButReChecksArePacedByTheirArticles() throws Exception {
        long first = imported(1);
        long second = imported(2);
        HealthScheduler s = scheduler(rig.db, rig.clock);
        assertEquals(List.of(first + ":after-import", second + ":after-import"), tickAt(s, T0));

        // A week on, both are due whole: 100 articles at 10 a second hold the second back 10 s.
        Instant week = T0.plus(HOUR.multipliedBy(168));
        assertEquals(List.of(first + ":full"), tickAt(s, week));
        assertEquals(List.of(), tickAt(s, week.plusSeconds(9)));
        assertEquals(List.of(second + ":full"), tickAt(s, week.plusSeconds(10)));
    }

    @Test
    void theScheduleSurvivesARestart() throws Exception {
        long source = imported(1);
        assertEquals(List.of(source + ":after-import"), tickAt(scheduler(rig.db, rig.clock), T0));
        rig.close();
        rig = new HealthRig(dataDir, List.of(nntp.provider("embedded", 4, 0)));

        HealthScheduler again = scheduler(rig.db, rig.clock);
        assertEquals(List.of(), tickAt(again, T0.plus(HOUR)));
        assertEquals(List.of(source + ":sample:5"), tickAt(again, T0.plus(HOUR.multipliedBy(24))));
    }

    @Test
    void aSourceStoredBeforeTheHealthCheckExistedWaitsItsTurnLikeAReCheck() throws Exception {
        long old = imported(1);
        long other = imported(2);
        HealthScheduler s = scheduler(rig.db, rig.clock);
        // First seen two days after their import (an upgrade): one at a time, paced.
        Instant later = T0.plus(HOUR.multipliedBy(48));
        assertEquals(List.of(old + ":full"), tickAt(s, later));
        assertEquals(List.of(), tickAt(s, later.plusSeconds(5)));
        assertEquals(List.of(other + ":full"), tickAt(s, later.plusSeconds(10)));
    }

    @Test
    void aCheckCutShortByAShutdownIsDueAgain() throws Exception {
        long source = imported(1);
        HealthScheduler s = scheduler(rig.db, rig.clock);
        cancel = true;
        tickAt(s, T0);
        cancel = false;
        Thread.interrupted();

        assertEquals(List.of(source + ":after-import"), tickAt(s, T0.plusSeconds(5)));
    }
}
