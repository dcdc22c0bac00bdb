package io.nzbmount.server.stream;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.dav.LibraryFile;
import io.nzbmount.server.dav.LibraryFolder;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.store.Database;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library's WebDAV folders over a real catalog: the root lists every item by name with its
 * creation time and is dated by the newest; an item folder listed by the root holds what the same
 * folder resolved by its path holds; every resolve reads the catalog afresh. Nothing is opened, so
 * no stream opener is needed.
 */
class StreamingLibraryTest {

    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));

    @Test
    void rootListsEveryItemAndItsFoldersHoldWhatTheirPathsHold() throws Exception {
        try (Database db = Database.open(dir)) {
            LibraryImporter importer = new LibraryImporter(db, new FakeSizer(), new FakePresence(), clock, 5);
            importer.importNzb(
                    TestNzbs.nzb(
                            "b",
                            "Beta Show",
                            List.of(file("E01.mkv", 3, 740_000), file("E02.mkv", 4, 740_000), file("x.nfo", 1, 10))),
                    Optional.empty());
            Instant first = clock.instant();
            clock.advance(Duration.ofHours(1));
            importer.importNzb(TestNzbs.film("a", "Alpha Film"), Optional.empty());
            StreamingLibrary library = new StreamingLibrary(new ItemCatalog(db), null);

            LibraryFolder root = (LibraryFolder) library.resolve(List.of()).orElseThrow();
            assertEquals("library", root.name());
            assertEquals(clock.instant(), root.lastModified(), "the root is dated by its newest item");
            List<LibraryNode> items = root.children();
            assertEquals(
                    List.of("Alpha Film", "Beta Show"),
                    items.stream().map(LibraryNode::name).toList());
            assertEquals(
                    List.of(clock.instant(), first),
                    items.stream().map(LibraryNode::lastModified).toList());
            for (LibraryNode listed : items) {
                LibraryFolder byPath =
                        (LibraryFolder) library.resolve(List.of(listed.name())).orElseThrow();
                assertEquals(byPath.lastModified(), listed.lastModified());
                assertEquals(describe(byPath.children()), describe(((LibraryFolder) listed).children()));
            }
            assertEquals(
                    List.of("E01.mkv " + FakeSizer.expectedSize(3), "E02.mkv " + FakeSizer.expectedSize(4)),
                    ((LibraryFolder) items.get(1))
                            .children().stream()
                                    .map(f -> f.name() + " " + ((LibraryFile) f).size())
                                    .toList(),
                    "media files only, in NZB order");

            clock.advance(Duration.ofHours(1));
            importer.importNzb(TestNzbs.film("g", "Gamma Film"), Optional.empty());
            assertEquals(
                    3,
                    ((LibraryFolder) library.resolve(List.of()).orElseThrow())
                            .children()
                            .size(),
                    "a new request sees a new item");
            new ItemCatalog(db)
                    .delete(new ItemCatalog(db)
                            .itemByName("Alpha Film")
                            .orElseThrow()
                            .item()
                            .id());
            assertTrue(
                    ((LibraryFolder) items.get(0)).children().isEmpty(),
                    "a folder listed before its item was deleted is empty");
        }
    }

    private static List<String> describe(List<LibraryNode> files) {
        return files.stream()
                .map(f -> f.name() + " " + ((LibraryFile) f).size() + " " + ((LibraryFile) f).etagBasis() + " "
                        + f.lastModified())
                .toList();
    }
}
