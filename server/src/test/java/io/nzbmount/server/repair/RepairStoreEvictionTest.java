package io.nzbmount.server.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.embedded.EmbeddedNntpServer;
import io.nzbmount.nntp.embedded.PostedFile;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.store.KnownHoles;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repair store keeps to its budget by giving up the rebuilt bytes of the repair served least
 * recently: a full store never stops a new repair that fits the budget by itself.
 */
class RepairStoreEvictionTest {
    /** What one repair below stores: the lost article [40000, 60000) touches four slices of 8 KiB. */
    private static final long ONE_REPAIR = 4L * RepairJobsTest.SLICE;

    @TempDir
    Path dataDir;

    private EmbeddedNntpServer nntp;
    private RepairRig rig;

    @AfterEach
    void stop() throws Exception {
        if (rig != null) rig.close();
        if (nntp != null) nntp.close();
    }

    private record Repaired(long itemId, long sourceId, String lost) {}

    private Repaired repaired(String name, int seed) throws Exception {
        List<PostedFile> posted =
                RepairJobsTest.withPar2(nntp, name, RepairJobsTest.film(10 * RepairJobsTest.PART - 77, seed), 6);
        ImportResult imported = rig.importPrimary(name, posted);
        String lost = posted.getFirst().messageIds().get(2);
        nntp.removeArticle(lost);
        rig.jobs.found(imported.item().item().id(), imported.sourceId());
        assertEquals("done", rig.awaitEnd(imported.item().item().id()).state());
        return new Repaired(imported.item().item().id(), imported.sourceId(), lost);
    }

    @Test
    void aFullStoreGivesUpTheRepairServedLeastRecentlyForANewOne() throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = new RepairRig(
                dataDir, List.of(nntp.provider("embedded", 4, 0)), 2 * ONE_REPAIR + 1_000, UnaryOperator.identity());
        Repaired first = repaired("First.Film.2020", 21);
        Repaired second = repaired("Second.Film.2020", 22);
        assertEquals(2 * ONE_REPAIR, rig.store.used());
        // The first is played again: the second is now the one served least recently.
        assertTrue(rig.served.article(first.lost()).isPresent());

        Repaired third = repaired("Third.Film.2020", 23);

        assertTrue(rig.store.used() <= rig.store.budget(), "the store keeps to its budget: " + rig.store.used());
        assertTrue(rig.served.holds(first.lost()), "the repair served recently stays");
        assertTrue(rig.served.holds(third.lost()), "the new repair is served");
        assertFalse(rig.served.holds(second.lost()), "the repair served least recently gave its bytes up");
        RepairStatus evicted = rig.jobs.ofPrimary(second.itemId()).orElseThrow();
        assertEquals("failed", evicted.state());
        assertEquals(RepairLedger.EVICTED, evicted.reason());
        assertFalse(
                rig.db
                        .transaction(c -> KnownHoles.ofSource(c, second.sourceId()))
                        .isEmpty(),
                "its hole is a hole again");
        assertTrue(rig.db
                .transaction(c -> KnownHoles.ofSource(c, first.sourceId()))
                .isEmpty());

        // Its next hole repairs it again, giving up the one served least recently now.
        rig.jobs.found(second.itemId(), second.sourceId());
        assertEquals("done", rig.awaitEnd(second.itemId()).state());
        assertTrue(rig.served.holds(second.lost()));
        assertTrue(rig.store.used() <= rig.store.budget());
    }

    @Test
    void aRepairLargerThanTheWholeBudgetGivesUpNoOtherOne() throws Exception {
        nntp = EmbeddedNntpServer.start();
        rig = new RepairRig(dataDir, List.of(nntp.provider("embedded", 4, 0)), ONE_REPAIR, UnaryOperator.identity());
        Repaired first = repaired("First.Film.2020", 31);
        List<PostedFile> posted = RepairJobsTest.withPar2(
                nntp, "Wide.Film.2020", RepairJobsTest.film(10 * RepairJobsTest.PART - 77, 32), 12);
        ImportResult wide = rig.importPrimary("Wide.Film.2020", posted);
        nntp.removeArticle(posted.getFirst().messageIds().get(2));
        nntp.removeArticle(posted.getFirst().messageIds().get(5));

        rig.jobs.found(wide.item().item().id(), wide.sourceId());

        RepairStatus end = rig.awaitEnd(wide.item().item().id());
        assertEquals("failed", end.state());
        assertTrue(end.reason().contains("repair.storeMiB"), end.reason());
        assertTrue(rig.served.holds(first.lost()), "nothing was given up for a repair that cannot fit");
    }
}
