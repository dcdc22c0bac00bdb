package io.nzbmount.server.library;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.importing.ImportResult;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.EventQuery;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ItemCatalogTest {

    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));

    LibraryImporter importer(Database db) {
        return new LibraryImporter(db, new FakeSizer(), new FakePresence(), clock, 5);
    }

    @Test
    void pathResolvesToTheFileOfThePrimarySourceWithSizeAndSegmentMap() throws Exception {
        try (Database db = Database.open(dir)) {
            ImportResult r = importer(db)
                    .importNzb(
                            TestNzbs.nzb(
                                    "a",
                                    "Show S01",
                                    List.of(
                                            file("E01.mkv", 10, 740_000),
                                            file("E02.mkv", 12, 740_000),
                                            file("x.nfo", 1, 10))),
                            Optional.empty());
            ItemCatalog catalog = new ItemCatalog(db);

            MountedFile m = catalog.resolve("Show S01", "E02.mkv").orElseThrow();
            assertEquals(r.item().item().id(), m.itemId());
            assertEquals(r.sourceId(), m.file().sourceId());
            assertEquals(1, m.file().index());
            assertEquals(FakeSizer.expectedSize(12), m.file().size());
            assertEquals("yenc:12x716800", m.file().mapText());
            assertEquals(r.item().primary().sha256(), m.sourceSha256());
            assertEquals(clock.instant(), m.itemCreated());
            assertEquals(
                    TestNzbs.id("a", "E02.mkv", 12),
                    catalog.nzbFile(m.file().sourceId(), m.file().index())
                            .orElseThrow()
                            .segments()
                            .get(11)
                            .messageId());

            assertTrue(catalog.resolve("show s01", "E01.mkv").isPresent(), "item names ignore ASCII case");
            assertTrue(catalog.resolve("Show S01", "x.nfo").isEmpty(), "extras are not in the library");
            assertTrue(catalog.resolve("Show S01", "E03.mkv").isEmpty());
            assertTrue(catalog.resolve("Other", "E01.mkv").isEmpty());
            assertTrue(catalog.sourceFile(r.sourceId(), 2).isPresent(), "extras are still stored");
        }
    }

    @Test
    void restartServesTheSameLibrary() throws Exception {
        List<ItemView> before;
        try (Database db = Database.open(dir)) {
            importer(db).importNzb(TestNzbs.film("a", "One"), Optional.empty());
            importer(db).importNzb(TestNzbs.film("b", "Two"), Optional.empty());
            before = new ItemCatalog(db).items();
        }
        try (Database db = Database.open(dir)) {
            List<ItemView> after = new ItemCatalog(db).items();
            assertEquals(before, after);
            assertEquals(
                    List.of("One", "Two"),
                    after.stream().map(v -> v.item().name()).toList());
            assertFalse(
                    importer(db)
                            .importNzb(TestNzbs.film("a", "One"), Optional.empty())
                            .created(),
                    "the hash is remembered across restarts");
        }
    }

    @Test
    void deletingAnItemRemovesItsSourcesFilesAndEvents() throws Exception {
        try (Database db = Database.open(dir)) {
            ImportResult r = importer(db).importNzb(TestNzbs.film("a", "One"), Optional.empty());
            long id = r.item().item().id();
            importer(db).addStandby(id, TestNzbs.film("b", "One"), Optional.empty());
            ItemCatalog catalog = new ItemCatalog(db);
            assertTrue(catalog.nzbFile(r.sourceId(), 0).isPresent());

            assertTrue(catalog.delete(id));
            assertFalse(catalog.delete(id));
            assertTrue(catalog.item(id).isEmpty());
            assertTrue(catalog.sourceFile(r.sourceId(), 0).isEmpty());
            assertTrue(catalog.nzbFile(r.sourceId(), 0).isEmpty(), "no parsed copy outlives the source");
            assertTrue(new EventLog(db, clock)
                    .find(new EventQuery(0, Optional.empty(), OptionalLong.of(id), 10))
                    .isEmpty());
            assertTrue(
                    importer(db)
                            .importNzb(TestNzbs.film("b", "One"), Optional.empty())
                            .created(),
                    "the standby's NZB is free again");
        }
    }
}
