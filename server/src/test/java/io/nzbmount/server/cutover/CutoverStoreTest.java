package io.nzbmount.server.cutover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.NzbWriter;
import io.nzbmount.server.app.UsenetPresence;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.library.importing.UsenetReleaseReader;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.SourceRole;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import io.nzbmount.server.store.StandbyTables;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library changes a cutover's selection makes, on a real database over the embedded NNTP
 * server, with a hand-moved clock: a standby given up after 5 inconclusive proofs in a row is
 * excluded for the 5-minute cool-down only (seed 003), then may take over again with 5 new
 * chances; the item's own primary is never failed for good by a selection.
 */
class CutoverStoreTest {
    private static final String FILE = "Film.2020.1080p.mkv";
    private static final byte[] FILM = CutoverRig.random(300_000, 5);

    @TempDir
    Path dir;

    private final MutableClock clock = new MutableClock(Instant.parse("2025-06-01T20:00:00Z"));
    private EmbeddedNntpServer nntp;
    private Usenet usenet;
    private Database db;
    private long item;
    private long primary;
    private long standby;

    @BeforeEach
    void library() throws Exception {
        nntp = EmbeddedNntpServer.start();
        usenet = Usenet.connect(List.of(nntp.provider("embedded", 2, 0)), Usenet.Settings.defaults());
        db = Database.open(dir);
        LibraryImporter importer = new LibraryImporter(
                db, new UsenetReleaseReader(usenet, Priority.BACKGROUND), new UsenetPresence(usenet), clock, 5);
        var first = importer.importNzb(nzb("Film 2020"), Optional.empty());
        item = first.item().item().id();
        primary = first.sourceId();
        standby = importer.addStandby(item, nzb("Film 2020 REPOST"), Optional.empty())
                .sourceId();
    }

    private byte[] nzb(String title) {
        return NzbWriter.write(List.of(nntp.post(FILE, FILM, 100_000)), title).getBytes(StandardCharsets.UTF_8);
    }

    @AfterEach
    void close() throws Exception {
        if (db != null) db.close();
        if (usenet != null) usenet.close();
        if (nntp != null) nntp.close();
    }

    private boolean offered(CutoverStore store) throws Exception {
        return store.nextSources(item, primary, FILE, FILM.length).stream()
                .anyMatch(c -> c.source().id() == standby);
    }

    private SourceState state() throws Exception {
        return db.transaction(c -> SourceTable.byId(c, standby)).orElseThrow().state();
    }

    @Test
    void aStandbyFailedForInconclusiveProofsIsOfferedAgainOnceItsFiveMinuteCoolDownHasPassed() throws Exception {
        CutoverStore store = new CutoverStore(db, clock);
        assertTrue(store.markVerified(standby, "all samples match", 20, 20));
        store.markFailed(standby, "its bytes could not be compared 5 times in a row");
        assertEquals(SourceState.FAILED, state());
        assertFalse(offered(store), "excluded right after");

        clock.advance(Duration.ofMinutes(5).minusSeconds(1));
        assertFalse(offered(store), "still cooling down");

        clock.advance(Duration.ofSeconds(1));
        assertTrue(offered(store), "eligible again after the cool-down");
        assertEquals(SourceState.VERIFIED, state(), "back in the pool as it was");
        assertTrue(store.nextSources(item, primary, FILE, FILM.length).stream()
                .filter(c -> c.source().id() == standby)
                .allMatch(CutoverStore.NextSource::verified));
    }

    @Test
    void aSelectionNeverMarksTheItemsOwnPrimaryDeadSoItsPrimaryNeverPointsAtADeadRow() throws Exception {
        CutoverStore store = new CutoverStore(db, clock);
        store.markDead(primary, "its bytes before offset 500000 differ from the bytes already served");
        store.markFailed(primary, "its bytes could not be compared 5 times in a row");

        var record = db.transaction(c -> SourceTable.byId(c, primary)).orElseThrow();
        assertEquals(SourceRole.PRIMARY, record.role(), record.toString());
        assertEquals(SourceState.READY, record.state(), record.toString());
        assertEquals(
                primary,
                db.transaction(c -> Items.byId(c, item))
                        .orElseThrow()
                        .primarySource()
                        .getAsLong());
        assertTrue(db.transaction(StandbyTables::deadKeys).isEmpty(), "not remembered as dead");
    }

    @Test
    void aStandbyBackFromItsCoolDownHasFiveNewChances() {
        ItemCutoverState shared =
                new ItemCutoverState(java.time.Instant.EPOCH, new io.nzbmount.server.holes.SourceHoles(), false);
        for (int i = 1; i < 5; i++) assertFalse(shared.proved(standby, Verdict.INCONCLUSIVE), "miss " + i);
        assertTrue(shared.proved(standby, Verdict.INCONCLUSIVE), "the 5th abandons it");
        for (int i = 1; i < 5; i++) assertFalse(shared.proved(standby, Verdict.INCONCLUSIVE), "new miss " + i);
        assertTrue(shared.proved(standby, Verdict.INCONCLUSIVE));
    }
}
