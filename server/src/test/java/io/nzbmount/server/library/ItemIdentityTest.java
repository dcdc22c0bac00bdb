package io.nzbmount.server.library;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.Items;
import io.nzbmount.server.store.SourceRows;
import io.nzbmount.server.store.SourceTable;
import java.nio.file.Path;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A name never points at other bytes: an item's paths are fixed when it is created, whichever
 * source serves them, and what the catalog keeps in memory cannot be taken for another release.
 */
class ItemIdentityTest {

    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));

    LibraryImporter importer(Database db) {
        return new LibraryImporter(db, new FakeSizer(), new FakePresence(), clock, 5);
    }

    @Test
    void aParsedNzbIsNeverTakenForAnotherReleaseGivenTheSameSourceId() throws Exception {
        try (Database db = Database.open(dir)) {
            ItemCatalog catalog = new ItemCatalog(db);
            ImportResult a = importer(db).importNzb(TestNzbs.film("a", "One"), Optional.empty());
            assertEquals(
                    TestNzbs.id("a", "movie.mkv", 1),
                    catalog.nzbFile(a.sourceId(), 0)
                            .orElseThrow()
                            .segments()
                            .get(0)
                            .messageId());
            // Deleted behind the catalog's back, and the ids handed out again as SQLite once did.
            db.transaction(c -> Items.delete(c, a.item().item().id()));
            db.transaction(c -> {
                try (Statement s = c.createStatement()) {
                    s.execute("DELETE FROM sqlite_sequence");
                }
                return null;
            });

            ImportResult b = importer(db).importNzb(TestNzbs.film("b", "Two"), Optional.empty());
            assertEquals(a.sourceId(), b.sourceId(), "the id recurs");
            assertEquals(
                    TestNzbs.id("b", "movie.mkv", 1),
                    catalog.nzbFile(b.sourceId(), 0)
                            .orElseThrow()
                            .segments()
                            .get(0)
                            .messageId());
            assertTrue(
                    catalog.nzbFile(b.sourceId(), a.item().primary().sha256(), 0)
                            .isEmpty(),
                    "asked for by the deleted release's hash, the id answers nothing");
        }
    }

    @Test
    void deletingAnItemTellsEveryoneWhoKeepsItInMemory() throws Exception {
        try (Database db = Database.open(dir)) {
            ItemCatalog catalog = new ItemCatalog(db);
            List<Long> told = new ArrayList<>();
            catalog.onDelete(told::add);
            long id = importer(db)
                    .importNzb(TestNzbs.film("a", "One"), Optional.empty())
                    .item()
                    .item()
                    .id();
            assertTrue(catalog.delete(id));
            catalog.delete(id);
            assertEquals(List.of(id), told, "once, after the delete, and not for an item that was not there");
        }
    }

    @Test
    void anItemKeepsItsFileNamesWhenAReleaseWithOtherNamesBecomesItsPrimary() throws Exception {
        try (Database db = Database.open(dir)) {
            ItemCatalog catalog = new ItemCatalog(db);
            ImportResult a = importer(db)
                    .importNzb(
                            TestNzbs.nzb(
                                    "a",
                                    "Show S01",
                                    List.of(file("E01.mkv", 10, 740_000), file("E02.mkv", 12, 740_000))),
                            Optional.empty());
            long item = a.item().item().id();
            // An obfuscated repost: other names, the files in another order, an extra file.
            ImportResult b = importer(db)
                    .addStandby(
                            item,
                            TestNzbs.nzb(
                                    "b",
                                    "Show S01",
                                    List.of(
                                            file("q9z.mkv", 12, 740_000),
                                            file("readme.nfo", 1, 100),
                                            file("k3x.mkv", 10, 740_000))),
                            Optional.empty());
            db.transaction(c -> {
                SourceRows.setPrimary(c, item, b.sourceId(), true);
                return null;
            });

            ItemView v = catalog.item(item).orElseThrow();
            assertEquals(
                    List.of("E01.mkv", "E02.mkv"),
                    v.files().stream().map(LibraryFileView::name).toList());
            assertEquals(
                    List.of("/dav/library/Show%20S01/E01.mkv", "/dav/library/Show%20S01/E02.mkv"),
                    v.files().stream().map(LibraryFileView::davPath).toList());
            MountedFile e01 = catalog.resolve("Show S01", "E01.mkv").orElseThrow();
            assertEquals(b.sourceId(), e01.file().sourceId(), "read from the primary now");
            assertEquals(2, e01.file().index(), "its file of the same size");
            assertEquals(sha(db, b.sourceId()), e01.sourceSha256(), "and its map from the primary's NZB");
            assertEquals(
                    0,
                    catalog.resolve("Show S01", "E02.mkv").orElseThrow().file().index());
            assertTrue(catalog.resolve("Show S01", "q9z.mkv").isEmpty(), "the primary's own names are no paths");
            assertTrue(catalog.resolve("Show S01", "k3x.mkv").isEmpty());
        }
    }

    private static String sha(Database db, long sourceId) throws Exception {
        return db.transaction(c -> SourceTable.byId(c, sourceId).orElseThrow().sha256());
    }
}
