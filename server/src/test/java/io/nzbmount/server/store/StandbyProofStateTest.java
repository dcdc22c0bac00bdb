package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Who may replace a standby's proof state ({@link StandbyTables#claim}, {@link StandbyTables#putClaimed},
 * {@link StandbyTables#putVerdict}), each racing order written out call by call.
 */
class StandbyProofStateTest {
    private static final Instant T0 = Instant.parse("2025-03-01T20:00:00Z");

    @TempDir
    Path dir;

    private Database db;
    private long standby;

    @BeforeEach
    void setUp() throws Exception {
        db = Database.open(dir);
        standby = db.transaction(c -> {
            long item = Items.insert(c, "Film", T0);
            long id = SourceTable.insert(
                    c,
                    item,
                    new NewSource(
                            new byte[] {1},
                            "ab12",
                            "Film.REPOST",
                            Optional.empty(),
                            0,
                            SourceRole.STANDBY,
                            SourceState.PENDING,
                            0,
                            0,
                            T0));
            StandbyTables.putProgress(c, StandbyProgress.pending(id, OptionalInt.of(0)));
            return id;
        });
    }

    @AfterEach
    void tearDown() throws Exception {
        db.close();
    }

    private StandbyProgress stored() throws StoreException {
        return db.transaction(c -> StandbyTables.progress(c, standby)).orElseThrow();
    }

    private StandbyProgress claim() throws StoreException {
        return db.transaction(c -> StandbyTables.claim(c, standby)).orElseThrow();
    }

    private boolean proofEnds(StandbyProgress claimed, StandbyState result, String why) throws StoreException {
        return db.transaction(c -> StandbyTables.putClaimed(
                c, claimed.finished(result, Optional.of(why), T0.plusSeconds(60), 1, Optional.empty())));
    }

    private boolean verdict(StandbyState state, String why) throws StoreException {
        StandbyProgress p = stored();
        return db.transaction(c -> StandbyTables.putVerdict(
                c, p.finished(state, Optional.of(why), T0.plusSeconds(30), 0, Optional.empty())));
    }

    @Test
    void aProofThatKeepsItsClaimStoresItsResult() throws Exception {
        StandbyProgress claimed = claim();
        assertEquals(StandbyState.PROVING, stored().state());

        assertTrue(db.<Boolean>transaction(c -> StandbyTables.putClaimed(c, claimed.withSamples(3, 20))));
        assertEquals(3, stored().samplesDone());
        assertTrue(proofEnds(claimed, StandbyState.INCONCLUSIVE, "2 of 20 samples unreadable"));
        assertEquals(StandbyState.INCONCLUSIVE, stored().state());
    }

    @Test
    void aBackgroundProofEndingAfterACutoverSweepDoesNotReplaceItsVerdict() throws Exception {
        StandbyProgress claimed = claim();
        assertTrue(verdict(StandbyState.VERIFIED, "proved during a cutover"));

        assertFalse(db.<Boolean>transaction(c -> StandbyTables.putClaimed(c, claimed.withSamples(19, 20))));
        assertFalse(proofEnds(claimed, StandbyState.INCONCLUSIVE, "a sample timed out"));
        assertFalse(proofEnds(claimed, StandbyState.MISMATCH, "bytes differ"));

        StandbyProgress p = stored();
        assertEquals(StandbyState.VERIFIED, p.state());
        assertEquals(Optional.of("proved during a cutover"), p.reason());
    }

    @Test
    void anInconclusiveResultNeverReplacesAPermanentVerdict() throws Exception {
        for (StandbyState decided :
                new StandbyState[] {StandbyState.VERIFIED, StandbyState.MISMATCH, StandbyState.DEAD}) {
            db.transaction(c -> {
                StandbyTables.putProgress(c, StandbyProgress.pending(standby, OptionalInt.of(0)));
                return null;
            });
            StandbyProgress claimed = claim();
            assertTrue(verdict(decided, "decided as " + decided.word()));

            assertFalse(proofEnds(claimed, StandbyState.INCONCLUSIVE, "a sample timed out"), decided.word());
            assertEquals(decided, stored().state());
            assertEquals(Optional.of("decided as " + decided.word()), stored().reason());
            assertTrue(
                    db.transaction(c -> StandbyTables.claim(c, standby)).isEmpty(),
                    "a " + decided.word() + " standby is not proved again");
        }
    }

    @Test
    void aPermanentVerdictIsNeverReplacedNotEvenByAnotherVerdict() throws Exception {
        assertTrue(verdict(StandbyState.DEAD, "removed from the pool by the user"));

        assertFalse(verdict(StandbyState.MISMATCH, "bytes differ"));
        assertFalse(verdict(StandbyState.VERIFIED, "proved during a cutover"));
        assertEquals(StandbyState.DEAD, stored().state());
        assertEquals(Optional.of("removed from the pool by the user"), stored().reason());
    }

    @Test
    void aDifferenceFoundLaterReplacesAVerifiedStandby() throws Exception {
        assertTrue(verdict(StandbyState.VERIFIED, "all 20 samples match"));

        assertTrue(verdict(StandbyState.MISMATCH, "its bytes before offset 500000 differ"));
        assertEquals(StandbyState.MISMATCH, stored().state());
    }

    @Test
    void onlyOneProofHoldsAClaimAtATime() throws Exception {
        claim();
        assertTrue(db.transaction(c -> StandbyTables.claim(c, standby)).isEmpty());
    }

    @Test
    void aVerdictIsVerifiedMismatchOrDeadOnly() throws Exception {
        StandbyProgress p = stored();
        for (StandbyState notAVerdict :
                new StandbyState[] {StandbyState.INCONCLUSIVE, StandbyState.PENDING, StandbyState.PROVING}) {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> db.transaction(c -> StandbyTables.putVerdict(c, p.withState(notAVerdict, Optional.empty()))));
        }
        assertEquals(StandbyState.PENDING, stored().state());
    }
}
