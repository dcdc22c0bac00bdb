package io.nzbmount.server.standby;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.proof.Proof;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceRows;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A background proof ({@link ProofRunner}) that ends after someone else decided its standby: its
 * result changes nothing (not the progress, not the source, no dead key) and its result event says
 * it was dropped. The comparison is a fake held at a gate ({@link HeldProof}); the other decision
 * is stored the way a cutover stores it, while the proof is held.
 */
class BackgroundProofRaceTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int SIZE = 600_000;

    @TempDir
    Path dir;

    private StandbyRig rig;
    private HeldProof held;
    private ProofRunner runner;
    private long item;
    private long primary;
    private long standby;

    @BeforeEach
    void setUp() throws Exception {
        rig = new StandbyRig(dir);
        held = new HeldProof();
        runner = new ProofRunner(rig.db, held, rig.events, rig.clock);
        byte[] data = StandbyRig.randomBytes(SIZE, 5);
        ImportResult imported = rig.importer.importNzb(rig.post("film.mkv", data, 100_000, "Film"), Optional.empty());
        item = imported.item().item().id();
        primary = imported.sourceId();
        standby = rig.importer
                .addStandby(item, rig.post("film.mkv", data, 150_000, "Film REPOST"), Optional.empty())
                .sourceId();
        runner.adopt(standby);
    }

    @AfterEach
    void tearDown() throws Exception {
        held.close();
        rig.close();
    }

    private SourceRecord source(long id) throws Exception {
        return rig.db.transaction(c -> SourceTable.byId(c, id)).orElseThrow();
    }

    private JsonNode lastResult() throws Exception {
        List<EventRecord> events = rig.events.find(new EventQuery(0, Optional.empty(), OptionalLong.of(item), 100));
        EventRecord last = events.stream()
                .filter(e -> e.kind().equals("standby-validation-result"))
                .reduce((a, b) -> b)
                .orElseThrow();
        return JSON.readTree(last.detail());
    }

    /** What a cutover stores when its sweep and range proof matched and it moved the stream there. */
    private void cutoverProvesAndMovesTo(long sourceId) throws Exception {
        rig.db.transaction(c -> {
            StandbyProgress p = StandbyTables.progress(c, sourceId).orElseThrow();
            assertTrue(StandbyTables.putVerdict(
                    c,
                    p.withSamples(20, 20)
                            .finished(
                                    StandbyState.VERIFIED,
                                    Optional.of("all 20 samples match, proved during a cutover"),
                                    rig.clock.instant(),
                                    0,
                                    Optional.empty())));
            SourceRows.setPrimary(c, item, sourceId, false);
            SourceRows.update(c, sourceId, SourceRole.PRIMARY, SourceState.READY, Optional.empty(), p.tier());
            return SourceRows.update(c, primary, SourceRole.STANDBY, SourceState.VERIFIED, Optional.empty(), p.tier());
        });
    }

    @Test
    void aProofThatKeepsItsClaimStoresItsResult() throws Exception {
        held.start(runner, standby);
        assertEquals(StandbyState.PROVING, rig.progress(standby).state());

        held.end(new Proof(Verdict.INCONCLUSIVE, "1 of 20 samples could not be read now", 19, 20));

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.INCONCLUSIVE, p.state());
        assertEquals(1, p.attempts());
        assertTrue(p.retryAt().isPresent());
        assertEquals(SourceState.PENDING, source(standby).state());
        assertFalse(lastResult().has("dropped"), lastResult().toString());
    }

    @Test
    void aBackgroundProofEndingAfterACutoverSweepDoesNotReplaceItsVerdict() throws Exception {
        held.start(runner, standby);
        cutoverProvesAndMovesTo(standby);

        held.end(new Proof(Verdict.INCONCLUSIVE, "1 of 20 samples could not be read now", 19, 20));

        StandbyProgress p = rig.progress(standby);
        assertEquals(StandbyState.VERIFIED, p.state());
        assertEquals(Optional.of("all 20 samples match, proved during a cutover"), p.reason());
        assertEquals(20, p.samplesDone(), "not even its sample count is written");
        assertTrue(p.retryAt().isEmpty());
        SourceRecord s = source(standby);
        assertEquals(SourceRole.PRIMARY, s.role(), "the source the stream moved to stays the primary");
        assertEquals(SourceState.READY, s.state());
        JsonNode result = lastResult();
        assertEquals("inconclusive", result.get("result").asText());
        assertTrue(result.get("dropped").asText().contains("verified"), result.toString());
    }

    @Test
    void aBackgroundVerifiedEndingAfterACutoverMismatchDoesNotBringTheStandbyBack() throws Exception {
        held.start(runner, standby);
        rig.db.transaction(c -> {
            StandbyProgress p = StandbyTables.progress(c, standby).orElseThrow();
            assertTrue(StandbyTables.putVerdict(
                    c,
                    p.finished(
                            StandbyState.MISMATCH,
                            Optional.of("bytes 300000+4096 differ"),
                            rig.clock.instant(),
                            0,
                            Optional.empty())));
            return SourceRows.update(
                    c,
                    standby,
                    SourceRole.STANDBY,
                    SourceState.DEAD,
                    Optional.of("bytes 300000+4096 differ"),
                    p.tier());
        });

        held.end(new Proof(Verdict.VERIFIED, "all 20 samples match the primary", 20, 20));

        assertEquals(StandbyState.MISMATCH, rig.progress(standby).state());
        assertEquals(SourceState.DEAD, source(standby).state());
        assertTrue(lastResult().has("dropped"), lastResult().toString());
    }

    @Test
    void aProofThatFailsOnOurSideLeavesTheStandbyInconclusiveNotProving() throws Exception {
        ProofRunner failing = new ProofRunner(
                rig.db,
                (primaryId, standbyId, progress) -> {
                    throw new IllegalStateException("test: the comparison broke");
                },
                rig.events,
                rig.clock);
        org.junit.jupiter.api.Assertions.assertThrows(
                IllegalStateException.class, () -> failing.run(standby, List.of(java.time.Duration.ofMinutes(1))));
        StandbyProgress p =
                rig.db.transaction(c -> StandbyTables.progress(c, standby)).orElseThrow();
        assertEquals(StandbyState.INCONCLUSIVE, p.state(), "tried again later, not stuck as validating");
        assertTrue(
                p.reason().orElseThrow().contains("the comparison broke"),
                p.reason().toString());
        assertEquals(SourceState.PENDING, source(standby).state());
        assertEquals("inconclusive", lastResult().get("result").asText());
    }
}
