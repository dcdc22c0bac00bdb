package io.nzbmount.server.cutover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.NewSource;
import io.nzbmount.server.store.SourceRecord;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceRows;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StandbyProgress;
import io.nzbmount.server.store.StandbyState;
import io.nzbmount.server.store.StandbyTables;
import io.nzbmount.server.store.StoreException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cutover's verdicts ({@link CutoverStore}) against a background proof of the same standby that
 * started before them: the background proof's store steps ({@link StandbyTables#claim} when it
 * starts, {@link StandbyTables#putClaimed} when it ends) are called in the racing order.
 */
class CutoverProofRaceTest {
    private static final Instant T0 = Instant.parse("2025-03-01T20:00:00Z");

    @TempDir
    Path dir;

    private Database db;
    private CutoverStore store;
    private long item;
    private long primary;
    private long standby;

    @BeforeEach
    void setUp() throws Exception {
        db = Database.open(dir);
        store = new CutoverStore(db, new MutableClock(T0));
        item = db.transaction(c -> Items.insert(c, "Film", T0));
        primary = db.transaction(c -> SourceTable.insert(c, item, source("aa", SourceRole.PRIMARY, SourceState.READY)));
        standby = db.transaction(c -> {
            long id = SourceTable.insert(c, item, source("bb", SourceRole.STANDBY, SourceState.PENDING));
            SourceRows.setPrimary(c, item, primary, false);
            StandbyTables.putProgress(c, StandbyProgress.pending(id, OptionalInt.of(0)));
            return id;
        });
    }

    @AfterEach
    void tearDown() throws Exception {
        db.close();
    }

    private static NewSource source(String sha, SourceRole role, SourceState state) {
        return new NewSource(new byte[] {1}, sha, "Film." + sha, Optional.empty(), 0, role, state, 0, 0, T0);
    }

    private StandbyProgress backgroundProofStarts() throws StoreException {
        return db.transaction(c -> StandbyTables.claim(c, standby)).orElseThrow();
    }

    private boolean backgroundProofEnds(StandbyProgress claimed, StandbyState result) throws StoreException {
        return db.transaction(c -> StandbyTables.putClaimed(
                c,
                claimed.finished(
                        result,
                        Optional.of("background: " + result.name().toLowerCase(Locale.ROOT)),
                        T0.plusSeconds(300),
                        1,
                        Optional.empty())));
    }

    private StandbyProgress progress() throws StoreException {
        return db.transaction(c -> StandbyTables.progress(c, standby)).orElseThrow();
    }

    private SourceRecord source(long id) throws StoreException {
        return db.transaction(c -> SourceTable.byId(c, id)).orElseThrow();
    }

    @Test
    void aBackgroundProofEndingAfterACutoverSweepDoesNotReplaceItsVerdict() throws Exception {
        StandbyProgress claimed = backgroundProofStarts();
        assertTrue(store.markVerified(standby, "all 20 samples match, proved during a cutover", 20, 20));
        assertTrue(store.switched(item, primary, standby, false));

        assertFalse(backgroundProofEnds(claimed, StandbyState.INCONCLUSIVE));
        assertEquals(StandbyState.VERIFIED, progress().state());
        assertEquals(SourceRole.PRIMARY, source(standby).role(), "the standby the cutover moved to stays the primary");
        assertEquals(
                standby,
                db.transaction(c -> Items.byId(c, item))
                        .orElseThrow()
                        .primarySource()
                        .getAsLong());
    }

    @Test
    void aBackgroundVerifiedEndingAfterACutoverMismatchDoesNotBringTheStandbyBack() throws Exception {
        StandbyProgress claimed = backgroundProofStarts();
        store.markDead(standby, "bytes 400000+4096 differ", Verdict.MISMATCH);

        assertFalse(backgroundProofEnds(claimed, StandbyState.VERIFIED));
        assertEquals(StandbyState.MISMATCH, progress().state());
        assertEquals(SourceState.DEAD, source(standby).state());
    }

    @Test
    void aCutoverDoesNotTakeOverAStandbyFailedForGoodWhileItsSweepRan() throws Exception {
        StandbyProgress claimed = backgroundProofStarts();
        // The background proof ends first, finding a difference (ProofRunner stores the source with it).
        assertTrue(backgroundProofEnds(claimed, StandbyState.MISMATCH));
        db.transaction(c -> SourceRows.update(
                c,
                standby,
                SourceRole.STANDBY,
                SourceState.DEAD,
                Optional.of("background: mismatch"),
                OptionalInt.of(0)));

        assertFalse(
                store.markVerified(standby, "all 20 samples match, proved during a cutover", 20, 20),
                "the picker must not use it");
        assertEquals(StandbyState.MISMATCH, progress().state());
        assertEquals(SourceState.DEAD, source(standby).state());
    }

    @Test
    void aCutoverMismatchKeepsTheUsersRemovalAndItsReason() throws Exception {
        String removed = "removed from the pool by the user";
        db.transaction(c -> {
            StandbyTables.putVerdict(
                    c,
                    StandbyTables.progress(c, standby)
                            .orElseThrow()
                            .finished(StandbyState.DEAD, Optional.of(removed), T0, 0, Optional.empty()));
            return SourceRows.update(
                    c, standby, SourceRole.STANDBY, SourceState.DEAD, Optional.of(removed), OptionalInt.of(0));
        });

        store.markDead(standby, "content-length gate: it has no file of 1000 bytes", Verdict.MISMATCH);

        assertEquals(StandbyState.DEAD, progress().state());
        assertEquals(Optional.of(removed), progress().reason());
        assertEquals(Optional.of(removed), source(standby).reason());
    }

    @Test
    void aDifferenceFoundByACutoverStillFailsAVerifiedStandby() throws Exception {
        StandbyProgress claimed = backgroundProofStarts();
        assertTrue(backgroundProofEnds(claimed, StandbyState.VERIFIED));

        store.markDead(
                standby, "its bytes before offset 500000 differ from the bytes already served", Verdict.MISMATCH);

        assertEquals(StandbyState.MISMATCH, progress().state());
        assertEquals(SourceState.DEAD, source(standby).state());
    }

    @Test
    void aPrimaryDecidedForGoodWhileItServedLeavesThePrimaryRole() throws Exception {
        db.transaction(c -> {
            StandbyTables.putProgress(
                    c,
                    StandbyProgress.pending(primary, OptionalInt.of(0))
                            .finished(StandbyState.DEAD, Optional.of("removed by the user"), T0, 0, Optional.empty()));
            SourceRows.update(
                    c, standby, SourceRole.STANDBY, SourceState.VERIFIED, Optional.empty(), OptionalInt.of(0));
            return null;
        });
        assertTrue(store.switched(item, primary, standby, false));
        SourceRecord old = db.transaction(c -> SourceTable.byId(c, primary)).orElseThrow();
        assertEquals(SourceRole.STANDBY, old.role(), "one primary only");
        assertEquals(SourceState.DEAD, old.state());
        assertEquals(Optional.of("removed by the user"), old.reason(), "the first verdict's reason stands");
        assertEquals(
                SourceRole.PRIMARY,
                db.transaction(c -> SourceTable.byId(c, standby)).orElseThrow().role());
    }
}
