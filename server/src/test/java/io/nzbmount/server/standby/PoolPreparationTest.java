package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.indexer.ClientOptions;
import io.nzbmount.server.indexer.IndexerSet;
import io.nzbmount.server.indexer.TestNewznabServer;
import io.nzbmount.server.indexer.TestRelease;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When pools are prepared (submit delay, seen-live latch, maxStandby) and what they are made of. */
class PoolPreparationTest {
    private static final int SIZE = 2_000_000;
    private static final String PRIMARY = "Quiet.Harbour.2019.1080p.BluRay.x264-GRP";
    private static final long POSTED = 1_700_000_000L;

    @TempDir
    Path dir;

    private StandbyRig rig;
    private TestNewznabServer indexer;
    private IndexerSet set;
    private byte[] data;
    private long itemId;
    private TestRelease good;
    private TestRelease bad;

    @BeforeEach
    void setUp() throws Exception {
        rig = new StandbyRig(dir);
        indexer = TestNewznabServer.start("secret-key-123");
        set = new IndexerSet(List.of(indexer.settings("test")), ClientOptions.DEFAULTS);
        data = StandbyRig.randomBytes(SIZE, 7);
        itemId = rig.importer
                .importNzb(rig.post("quiet.harbour.mkv", data, 250_000, PRIMARY), Optional.empty())
                .item()
                .item()
                .id();
        byte[] changed = data.clone();
        changed[SIZE - 1] ^= 1;
        good = TestRelease.of(
                        "Quiet.Harbour.2019.1080p.BluRay.x264-OTHER",
                        "good1",
                        rig.post("quiet.harbour.mkv", data, 300_000, null))
                .withSize(SIZE)
                .withPostDate(POSTED);
        bad = TestRelease.of(
                        "Quiet.Harbour.2019.1080p.WEB.x264-BAD",
                        "bad1",
                        rig.post("quiet.harbour.mkv", changed, 300_000, null))
                .withSize(SIZE)
                .withPostDate(POSTED + 7200);
        indexer.add(good, bad);
        rig.open(5, Optional.of(access()));
    }

    private IndexerAccess access() {
        return new IndexerAccess(set, List.of(indexer.settings("test")));
    }

    @AfterEach
    void tearDown() throws Exception {
        rig.close();
        set.close();
        indexer.close();
    }

    private long apiRequests() {
        return indexer.requests().stream()
                .filter(r -> r.path().endsWith("/api"))
                .count();
    }

    private long downloads(TestRelease r) {
        return indexer.requests().stream()
                .filter(q -> q.path().contains(r.guid()))
                .count();
    }

    private List<StandbyProgress> pool() throws Exception {
        return rig.db.transaction(c -> StandbyTables.progressOfItem(c, itemId));
    }

    @Test
    void aPoolIsPreparedOnlyAfterTheItemWasLiveForTheSubmitDelay() throws Exception {
        PlaybackTracker.Stream stream = rig.liveness.opened(itemId);
        stream.served(65536);
        rig.clock.advance(Duration.ofSeconds(119));
        stream.served(65536);
        rig.tickAndWait();
        assertEquals(0, apiRequests(), "not before the delay");

        rig.clock.advance(Duration.ofSeconds(1));
        rig.tickAndWait();
        rig.tickAndWait();

        assertEquals(1, apiRequests());
        List<StandbyProgress> pool = pool();
        assertEquals(2, pool.size());
        assertEquals(
                1, pool.stream().filter(p -> p.state() == StandbyState.VERIFIED).count());
        assertEquals(
                1, pool.stream().filter(p -> p.state() == StandbyState.MISMATCH).count());
        ItemView view = rig.catalog.item(itemId).orElseThrow();
        assertEquals(1, view.standby().size());
        assertTrue(view.standby().get(0).link().orElseThrow().contains("****"), "no API key in a stored link");
        assertEquals(1, downloads(good));

        rig.clock.advance(Duration.ofMinutes(10));
        rig.tickAndWait();
        assertEquals(1, apiRequests(), "one preparation per live run");
    }

    @Test
    void anOpenedStreamThatServedNothingYetIsNotTakenForAStop() throws Exception {
        PlaybackTracker.Stream stream = rig.liveness.opened(itemId);
        rig.clock.advance(Duration.ofSeconds(300));
        rig.tickAndWait();
        assertEquals(0, apiRequests(), "never seen live: still waiting, no pool yet");

        stream.served(1000);
        rig.clock.advance(Duration.ofSeconds(120));
        rig.tickAndWait();
        assertEquals(1, apiRequests());
    }

    @Test
    void playbackThatStopsBeforeTheDelayGetsNoPool() throws Exception {
        PlaybackTracker.Stream stream = rig.liveness.opened(itemId);
        stream.served(65536);
        rig.clock.advance(Duration.ofSeconds(60));
        stream.closed();
        rig.clock.advance(PlaybackLiveness.GRACE);
        rig.tickAndWait();
        rig.clock.advance(Duration.ofSeconds(300));
        rig.tickAndWait();

        assertEquals(0, apiRequests());
        assertTrue(pool().isEmpty());
        assertEquals(
                1,
                rig.events.find(new EventQuery(0, Optional.empty(), java.util.OptionalLong.of(itemId), 1000)).stream()
                        .filter(e -> e.kind().equals("standby-pool-skipped"))
                        .count());
    }

    @Test
    void aShortGapBetweenResponsesKeepsTheItemLive() throws Exception {
        PlaybackTracker.Stream first = rig.liveness.opened(itemId);
        first.served(1000);
        rig.clock.advance(Duration.ofSeconds(50));
        first.closed();
        rig.clock.advance(Duration.ofSeconds(5));
        rig.tickAndWait();
        PlaybackTracker.Stream second = rig.liveness.opened(itemId);
        second.served(1000);
        rig.clock.advance(Duration.ofSeconds(65));
        rig.tickAndWait();

        assertEquals(1, apiRequests(), "a seek (close, reopen) is not a stop");
    }

    @Test
    void maxStandbyZeroPreparesNoPool() throws Exception {
        rig.open(0, Optional.of(access()));
        PlaybackTracker.Stream stream = rig.liveness.opened(itemId);
        stream.served(1000);
        rig.clock.advance(Duration.ofSeconds(600));
        rig.tickAndWait();

        assertEquals(0, apiRequests());
        assertTrue(pool().isEmpty());
    }

    @Test
    void aDeadCandidateIsNeitherDownloadedNorProvedAgainAfterARestart() throws Exception {
        PlaybackTracker.Stream stream = rig.liveness.opened(itemId);
        stream.served(1000);
        rig.clock.advance(Duration.ofSeconds(120));
        rig.tickAndWait();
        rig.tickAndWait();
        assertEquals(1, downloads(bad));

        rig.open(5, Optional.of(access()));
        rig.service.start();
        rig.liveness.opened(itemId).served(1000);
        rig.clock.advance(Duration.ofSeconds(120));
        rig.tickAndWait();
        rig.tickAndWait();

        assertEquals(2, apiRequests(), "searched again after the restart");
        assertEquals(1, downloads(bad), "the dead candidate is not downloaded again");
        assertEquals(1, downloads(good), "a standby already in the pool is not added twice");
    }

    @Test
    void aRefusedNzbDownloadMakesTheCandidateDead() throws Exception {
        TestRelease gone = TestRelease.of(
                        "Quiet.Harbour.2019.1080p.BluRay.x264-GONE",
                        "gone1",
                        rig.post("quiet.harbour.mkv", data, 300_000, null))
                .withSize(SIZE)
                .withPostDate(POSTED + 20_000)
                .gone(404);
        indexer.add(gone);
        rig.liveness.opened(itemId).served(1000);
        rig.clock.advance(Duration.ofSeconds(120));
        rig.tickAndWait();
        rig.tickAndWait();

        assertEquals(1, downloads(gone));
        assertTrue(rig.db.transaction(StandbyTables::deadKeys).size() >= 1);
        assertEquals(
                1,
                rig.events.find(new EventQuery(0, Optional.empty(), java.util.OptionalLong.of(itemId), 1000)).stream()
                        .filter(e -> e.kind().equals("standby-candidate-dead"))
                        .count());
    }
}
