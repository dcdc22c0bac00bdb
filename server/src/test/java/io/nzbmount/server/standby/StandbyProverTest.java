package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.Faults;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.Await;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.HoleTable;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Proving hand-added standbys against the embedded server: the gate, the sweep, its cost and its memory. */
class StandbyProverTest {
    private static final int SIZE = 3_000_000;
    private static final int PRIMARY_PART = 300_000;
    private static final int STANDBY_PART = 256_000;
    private static final String TITLE = "Quiet.Harbour.2019.1080p.BluRay.x264-GRP";

    @TempDir
    Path dir;

    private StandbyRig rig;
    private byte[] data;
    private long itemId;
    private long primaryId;

    @BeforeEach
    void setUp() throws Exception {
        rig = new StandbyRig(dir);
        data = StandbyRig.randomBytes(SIZE, 42);
        ImportResult primary =
                rig.importer.importNzb(rig.post("quiet.harbour.mkv", data, PRIMARY_PART, TITLE), Optional.empty());
        itemId = primary.item().item().id();
        primaryId = primary.sourceId();
    }

    @AfterEach
    void tearDown() throws Exception {
        rig.close();
    }

    private long addStandby(String fileName, byte[] bytes, int partSize, String title) throws Exception {
        return rig.importer
                .addStandby(itemId, rig.post(fileName, bytes, partSize, title), Optional.empty())
                .sourceId();
    }

    /** The aligned samples both sides agree on, as the sweep plans them. */
    private static List<Sample> samples(long size, int partA, int partB) {
        return SamplePlan.alignToParts(SamplePlan.forSize(size), size, partA, partB);
    }

    @Test
    void secondPostOfTheSameBytesIsVerifiedAsAStandbyAtOnceWithoutPlayback() throws Exception {
        long standby =
                addStandby("quiet.harbour.mkv", data, STANDBY_PART, "Quiet.Harbour.2019.1080p.BluRay.x264-OTHER");

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.VERIFIED, p.state(), p.reason().orElse(""));
        assertEquals(samples(SIZE, PRIMARY_PART, STANDBY_PART).size(), p.samplesTotal());
        assertEquals(p.samplesTotal(), p.samplesDone());
        assertTrue(p.provedAt().isPresent());
        assertEquals(
                SourceState.VERIFIED,
                rig.db
                        .transaction(c -> SourceTable.byId(c, standby))
                        .orElseThrow()
                        .state());
    }

    @Test
    void aStandbyUnderAnotherFileNameIsMatchedBySize() throws Exception {
        long standby = addStandby("a8f3k2.mkv", data, STANDBY_PART, "a8f3k2");

        rig.tickAndWait();

        assertEquals(StandbyState.VERIFIED, rig.progress(standby).state());
    }

    @Test
    void oneDifferentByteInsideASampledRangeIsAMismatchForGood() throws Exception {
        Sample middle = samples(SIZE, PRIMARY_PART, STANDBY_PART).get(7);
        byte[] changed = data.clone();
        changed[(int) middle.offset() + 10] ^= 0x5a;
        long standby = addStandby("quiet.harbour.mkv", changed, STANDBY_PART, TITLE + "-changed");

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.MISMATCH, p.state());
        assertTrue(p.reason().orElseThrow().contains("differ"), p.reason().orElseThrow());
        assertEquals(
                SourceState.DEAD,
                rig.db
                        .transaction(c -> SourceTable.byId(c, standby))
                        .orElseThrow()
                        .state());
        String key = rig.db.transaction(c -> StandbyTables.key(c, standby)).orElseThrow();
        assertTrue(rig.db.transaction(StandbyTables::deadKeys).contains(key));

        long before = rig.nntp.counters().bodyCommands();
        rig.clock.advance(Duration.ofHours(3));
        rig.tickAndWait();
        assertEquals(before, rig.nntp.counters().bodyCommands(), "a mismatch is never tried again");
        assertEquals(StandbyState.MISMATCH, rig.progress(standby).state());
    }

    @Test
    void aDifferentSizeIsRejectedByTheGateWithoutReadingSamples() throws Exception {
        byte[] longer = StandbyRig.randomBytes(SIZE + 1, 42);
        long standby = addStandby("quiet.harbour.mkv", longer, STANDBY_PART, TITLE + "-longer");
        long before = rig.nntp.counters().bodyCommands();

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.MISMATCH, p.state());
        assertTrue(
                p.reason().orElseThrow().contains("content-length gate"),
                p.reason().orElseThrow());
        assertEquals(before, rig.nntp.counters().bodyCommands(), "the gate reads the stored sizes, no article");
    }

    @Test
    void aSampleTheStandbyCannotReadForATransientReasonIsInconclusiveThenVerifiedOnceItIsBack() throws Exception {
        PostedFile posted = rig.postFile("quiet.harbour.mkv", data, STANDBY_PART);
        long standby = rig.importer
                .addStandby(itemId, StandbyRig.nzb(posted, TITLE + "-repost"), Optional.empty())
                .sourceId();
        Sample middle = samples(SIZE, PRIMARY_PART, STANDBY_PART).get(9);
        String busy = posted.segmentAt(middle.offset()).messageId();
        rig.nntp.faults().inject(busy, new ArticleFault.ServiceError());

        rig.tickAndWait();
        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.INCONCLUSIVE, p.state(), p.reason().orElse(""));
        assertEquals(p.samplesTotal(), p.samplesDone(), "the sweep goes on past an unreadable sample");
        assertEquals(
                rig.clock.instant().plus(Duration.ofMinutes(1)), p.retryAt().orElseThrow());
        assertEquals(
                SourceState.PENDING,
                rig.db
                        .transaction(c -> SourceTable.byId(c, standby))
                        .orElseThrow()
                        .state());
        assertTrue(HoleTable.ofSource(rig.db, standby).isEmpty(), "a transient failure is no hole");

        long before = rig.nntp.counters().bodyCommands();
        rig.clock.advance(Duration.ofSeconds(59));
        rig.tickAndWait();
        assertEquals(before, rig.nntp.counters().bodyCommands(), "not tried again before its wait is over");

        rig.nntp.faults().clear(busy);
        rig.clock.advance(Duration.ofSeconds(1));
        rig.tickAndWait();
        assertEquals(StandbyState.VERIFIED, rig.progress(standby).state());
    }

    @Test
    void aStandbysOwnHoleOnASampleMovesTheSampleAndBecomesItsStoredHole() throws Exception {
        PostedFile posted = rig.postFile("quiet.harbour.mkv", data, STANDBY_PART);
        long standby = rig.importer
                .addStandby(itemId, StandbyRig.nzb(posted, TITLE + "-repost"), Optional.empty())
                .sourceId();
        Sample middle = samples(SIZE, PRIMARY_PART, STANDBY_PART).get(9);
        long start = middle.offset() / STANDBY_PART * STANDBY_PART;
        rig.nntp.faults().inject(posted.segmentAt(middle.offset()).messageId(), new ArticleFault.Missing());

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.VERIFIED, p.state(), p.reason().orElse(""));
        assertEquals(p.samplesTotal(), p.samplesDone(), "the moved sample still counts: the proof keeps its strength");
        assertEquals(
                List.of(new Hole(0, start, Math.min(start + STANDBY_PART, SIZE))), HoleTable.ofSource(rig.db, standby));
        assertTrue(HoleTable.ofSource(rig.db, primaryId).isEmpty(), "the primary's bytes were all read");
    }

    @Test
    void theArticlesAnImportFoundMissingBecomeTheSourcesHolesOnceAProofVerifies() throws Exception {
        byte[] film = StandbyRig.randomBytes(SIZE, 7);
        PostedFile posted = rig.postFile("other.film.mkv", film, PRIMARY_PART);
        rig.nntp.removeArticle(posted.segments().get(4).messageId());
        ImportResult other = rig.importer.importNzb(
                StandbyRig.nzb(posted, "Other.Film.2020.1080p.BluRay.x264-GRP"), Optional.empty());
        assertTrue(
                HoleTable.ofSource(rig.db, other.sourceId()).isEmpty(),
                "the import's STAT sample alone stores no hole");
        long standby = rig.importer
                .addStandby(
                        other.item().item().id(),
                        rig.post("other.film.mkv", film, STANDBY_PART, "Other.Film.2020.1080p.BluRay.x264-OTHER"),
                        Optional.empty())
                .sourceId();

        rig.tickAndWait();

        assertEquals(
                StandbyState.VERIFIED,
                rig.progress(standby).state(),
                rig.progress(standby).reason().orElse(""));
        assertEquals(
                List.of(new Hole(0, 4L * PRIMARY_PART, 5L * PRIMARY_PART)),
                HoleTable.ofSource(rig.db, other.sourceId()));
    }

    @Test
    void aStandbyMissingOnlyItsFirstArticleIsVerifiedWithThatHole() throws Exception {
        PostedFile posted = rig.postFile("quiet.harbour.mkv", data, STANDBY_PART);
        long standby = rig.importer
                .addStandby(itemId, StandbyRig.nzb(posted, TITLE + "-first"), Optional.empty())
                .sourceId();
        rig.nntp.faults().inject(posted.segments().get(0).messageId(), new ArticleFault.Missing());

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.VERIFIED, p.state(), p.reason().orElse(""));
        assertEquals(List.of(new Hole(0, 0, STANDBY_PART)), HoleTable.ofSource(rig.db, standby));
    }

    @Test
    void aStandbyWhoseArticlesAreGoneWhileThePrimaryIsReadableIsDeadForGood() throws Exception {
        PostedFile posted = rig.postFile("quiet.harbour.mkv", data, STANDBY_PART);
        long standby = rig.importer
                .addStandby(itemId, StandbyRig.nzb(posted, TITLE + "-gone"), Optional.empty())
                .sourceId();
        posted.segments().forEach(s -> rig.nntp.faults().inject(s.messageId(), new ArticleFault.Missing()));

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.DEAD, p.state(), p.reason().orElse(""));
        assertTrue(
                p.reason().orElseThrow().contains("missing on every provider"),
                p.reason().orElseThrow());
        assertEquals(
                SourceState.DEAD,
                rig.db
                        .transaction(c -> SourceTable.byId(c, standby))
                        .orElseThrow()
                        .state());
    }

    @Test
    void aSecondStandbyProvedWhileTheProviderAnswers430ForEverythingIsInconclusiveDespiteStoredHashes()
            throws Exception {
        long first = addStandby("quiet.harbour.mkv", data, STANDBY_PART, TITLE + "-first");
        rig.tickAndWait();
        assertEquals(StandbyState.VERIFIED, rig.progress(first).state(), "stores the primary's sample hashes");

        long second = addStandby("quiet.harbour.mkv", data, STANDBY_PART, TITLE + "-second");
        rig.nntp.faults().inject(Faults.ALL, new ArticleFault.Missing());
        rig.tickAndWait();

        StandbyProgress p = rig.progress(second);
        assertEquals(StandbyState.INCONCLUSIVE, p.state(), p.reason().orElse(""));
        var deadKeys = rig.db.transaction(StandbyTables::deadKeys);
        assertTrue(
                rig.db
                        .transaction(c -> StandbyTables.key(c, second))
                        .filter(deadKeys::contains)
                        .isEmpty(),
                "not remembered as dead");
        assertTrue(HoleTable.ofSource(rig.db, second).isEmpty(), "an inconclusive proof stores no hole");

        rig.nntp.faults().clearAll();
        rig.clock.advance(Duration.ofMinutes(1));
        rig.tickAndWait();
        assertEquals(StandbyState.VERIFIED, rig.progress(second).state());
    }

    @Test
    void aProviderMissingTheFirstArticlesOfBothSidesMakesTheProofInconclusiveNotDead() throws Exception {
        long standby = addStandby("quiet.harbour.mkv", data, STANDBY_PART, TITLE + "-elsewhere");
        // As a provider that holds none of this content answers (the wrong server, a lost day of posts).
        rig.nntp.faults().inject(Faults.ALL, new ArticleFault.Missing());

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.INCONCLUSIVE, p.state(), p.reason().orElse(""));
        assertEquals(
                SourceState.PENDING,
                rig.db
                        .transaction(c -> SourceTable.byId(c, standby))
                        .orElseThrow()
                        .state());
        var deadKeys = rig.db.transaction(StandbyTables::deadKeys);
        assertTrue(
                rig.db
                        .transaction(c -> StandbyTables.key(c, standby))
                        .filter(deadKeys::contains)
                        .isEmpty(),
                "not remembered as dead");

        rig.nntp.faults().clearAll();
        rig.clock.advance(Duration.ofMinutes(1));
        rig.tickAndWait();
        assertEquals(StandbyState.VERIFIED, rig.progress(standby).state());
    }

    @Test
    void eachSampleCostsAtMostOneArticleFetchPerSide() throws Exception {
        long standby = addStandby("quiet.harbour.mkv", data, STANDBY_PART, TITLE + "-repost");
        long before = rig.nntp.counters().bodyCommands();

        rig.tickAndWait();

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.VERIFIED, p.state());
        long fetched = rig.nntp.counters().bodyCommands() - before;
        assertTrue(
                fetched > 0 && fetched <= 2L * p.samplesTotal(),
                fetched + " BODY commands for " + p.samplesTotal() + " samples");
        long articles = (SIZE + PRIMARY_PART - 1) / PRIMARY_PART + (SIZE + STANDBY_PART - 1) / STANDBY_PART;
        assertTrue(fetched <= articles, "never more than both files' articles: " + fetched);
    }

    @Test
    void primaryHashesAreComputedOnceAndNotReadForASecondStandby() throws Exception {
        long first = addStandby("quiet.harbour.mkv", data, STANDBY_PART, TITLE + "-one");
        rig.tickAndWait();
        assertEquals(StandbyState.VERIFIED, rig.progress(first).state());

        long second = addStandby("quiet.harbour.mkv", data, STANDBY_PART, TITLE + "-two");
        long before = rig.nntp.counters().bodyCommands();
        rig.tickAndWait();

        StandbyProgress p = rig.progress(second);
        assertEquals(StandbyState.VERIFIED, p.state());
        long standbyArticles = samples(SIZE, PRIMARY_PART, STANDBY_PART).stream()
                .map(s -> s.offset() / STANDBY_PART)
                .distinct()
                .count();
        assertEquals(
                standbyArticles,
                rig.nntp.counters().bodyCommands() - before,
                "only the second standby's articles are fetched; the primary's hashes are stored");
    }

    @Test
    void aDeadCandidateIsNotTriedAgainAfterARestart() throws Exception {
        byte[] changed = data.clone();
        changed[0] ^= 1;
        long standby = addStandby("quiet.harbour.mkv", changed, STANDBY_PART, TITLE + "-bad");
        rig.tickAndWait();
        assertEquals(StandbyState.MISMATCH, rig.progress(standby).state());

        rig.open(5, Optional.empty());
        rig.service.start();
        long before = rig.nntp.counters().bodyCommands();
        rig.clock.advance(Duration.ofDays(1));
        rig.tickAndWait();

        assertEquals(StandbyState.MISMATCH, rig.progress(standby).state());
        assertEquals(before, rig.nntp.counters().bodyCommands());
    }

    @Test
    void aProofCutShortByAStopIsPendingAgainAfterTheRestart() throws Exception {
        long standby = addStandby("quiet.harbour.mkv", data, STANDBY_PART, TITLE + "-slow");
        rig.nntp.faults().inject(Faults.ALL, new ArticleFault.Stall(-1));
        rig.service.tick();
        // Wait until the sweep is under way, then stop as a shutdown does.
        Await.until(
                Duration.ofSeconds(30),
                () -> rig.progress(standby).state() == StandbyState.PROVING,
                () -> "the proof under way");
        rig.service.close();
        rig.nntp.faults().clearAll();
        rig.nntp.faults().releaseStalls();

        rig.open(5, Optional.empty());
        rig.service.start();
        assertTrue(List.of(StandbyState.PENDING, StandbyState.PROVING)
                .contains(rig.progress(standby).state()));
        rig.tickAndWait();
        assertEquals(StandbyState.VERIFIED, rig.progress(standby).state());
    }
}
