package io.nzbmount.server.library;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.nzbmount.server.library.importing.LibraryImporter;
import io.nzbmount.server.proof.Verdict;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.ItemSummaries;
import io.nzbmount.server.store.ItemSummaries.Filter;
import io.nzbmount.server.store.ItemSummaries.Summary;
import io.nzbmount.server.store.SourceLifecycle;
import io.nzbmount.server.store.SourceState;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The library's one-query listings ({@link ItemCatalog#page}, {@link ItemCatalog#folders}) say of
 * every item what its full view ({@link ItemCatalog#items}) says, in the same order, and a page or
 * a search is the matching part of that list.
 */
class ItemListingTest {

    @TempDir
    Path dir;

    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));

    @Test
    void summariesAndFoldersAgreeWithTheItemViews() throws Exception {
        try (Database db = Database.open(dir)) {
            library(db);
            ItemCatalog catalog = new ItemCatalog(db);
            List<ItemView> views = catalog.items();
            assertEquals(6, views.size());

            assertEquals(
                    views.stream().map(ItemListingTest::expected).toList(),
                    catalog.page(Filter.ALL, 0, Integer.MAX_VALUE).items());
            assertEquals(views.size(), catalog.page(Filter.ALL, 0, 1).total());
            assertEquals(
                    views.stream()
                            .map(v -> new ItemSummaries.Folder(
                                    v.item().id(), v.item().name(), v.item().created()))
                            .toList(),
                    catalog.folders());
        }
    }

    @Test
    void pagesFollowEachOtherWithoutGapsOrRepeats() throws Exception {
        try (Database db = Database.open(dir)) {
            library(db);
            ItemCatalog catalog = new ItemCatalog(db);
            List<Summary> all = catalog.page(Filter.ALL, 0, 100).items();
            List<Summary> paged = new ArrayList<>();
            for (int offset = 0; offset < all.size(); offset += 4) {
                ItemSummaries.Page page = catalog.page(Filter.ALL, offset, 4);
                assertEquals(all.size(), page.total());
                paged.addAll(page.items());
            }
            assertEquals(all, paged);
            assertEquals(List.of(), catalog.page(Filter.ALL, all.size(), 4).items());
        }
    }

    @Test
    void searchMatchesEveryWordInTheNameIgnoringCaseAndSeparators() throws Exception {
        try (Database db = Database.open(dir)) {
            library(db);
            ItemCatalog catalog = new ItemCatalog(db);

            assertEquals(List.of("Other.Film.Extended", "Some Film (2020)"), names(catalog, "FILM"));
            assertEquals(List.of("Some Film (2020)"), names(catalog, "film 2020"));
            assertEquals(List.of("Other.Film.Extended"), names(catalog, "other film"));
            assertEquals(List.of("Other.Film.Extended"), names(catalog, "Other.Film"));
            assertEquals(List.of("Show_Pilot"), names(catalog, "show pilot"));
            assertEquals(List.of("100% Real"), names(catalog, "100%"));
            assertEquals(List.of(), names(catalog, "film 1999"));
            assertEquals(6, catalog.page(Filter.of("  "), 0, 100).total(), "blank text: every item");
            assertEquals(2, catalog.page(Filter.of("film"), 1, 100).total(), "total counts the matches, not the page");
        }
    }

    private static List<String> names(ItemCatalog catalog, String text) throws Exception {
        return catalog.page(Filter.of(text), 0, 100).items().stream()
                .map(Summary::name)
                .toList();
    }

    private static Summary expected(ItemView v) {
        return new Summary(
                v.item().id(),
                v.item().name(),
                v.item().created(),
                v.primary().state(),
                v.files().size(),
                v.files().stream().mapToLong(LibraryFileView::size).sum(),
                v.standby().size());
    }

    /**
     * Six items: several media files with an extra, a pool with pending, verified and failed
     * standbys, a primary chosen by the user that is not the first source, a standby failed for now,
     * names with dots, underscores and a percent sign, created at different times.
     */
    private void library(Database db) throws Exception {
        LibraryImporter importer = new LibraryImporter(db, new FakeSizer(), new FakePresence(), clock, 5);
        SourceLifecycle lifecycle = new SourceLifecycle(db, clock);
        long show = importer.importNzb(
                        TestNzbs.nzb(
                                "s",
                                "Show_Pilot",
                                List.of(
                                        file("E01.mkv", 3, 740_000),
                                        file("E02.mkv", 4, 740_000),
                                        file("x.nfo", 1, 10))),
                        Optional.empty())
                .item()
                .item()
                .id();
        importer.addStandby(
                show,
                TestNzbs.nzb("s2", "Show_Pilot", List.of(file("E01.mkv", 3, 740_000), file("E02.mkv", 4, 740_000))),
                Optional.empty());
        clock.advance(Duration.ofMinutes(1));
        long film = importer.importNzb(TestNzbs.film("f", "Some Film (2020)"), Optional.empty())
                .item()
                .item()
                .id();
        long pending = importer.addStandby(film, TestNzbs.film("f2", "Some Film (2020)"), Optional.empty())
                .sourceId();
        long verified = importer.addStandby(film, TestNzbs.film("f3", "Some Film (2020)"), Optional.empty())
                .sourceId();
        long failed = importer.addStandby(film, TestNzbs.film("f4", "Some Film (2020)"), Optional.empty())
                .sourceId();
        lifecycle.markVerified(verified, "proved", 20, 20);
        lifecycle.markDead(failed, "gone", Verdict.MISMATCH);
        assertEquals(
                SourceState.PENDING,
                new ItemCatalog(db)
                        .item(film).orElseThrow().standby().stream()
                                .filter(s -> s.id() == pending)
                                .findFirst()
                                .orElseThrow()
                                .state());
        clock.advance(Duration.ofMinutes(1));
        long other = importer.importNzb(TestNzbs.film("o", "Other.Film.Extended"), Optional.empty())
                .item()
                .item()
                .id();
        long second = importer.addStandby(other, TestNzbs.film("o2", "Other.Film.Extended"), Optional.empty())
                .sourceId();
        lifecycle.markVerified(second, "proved", 20, 20);
        lifecycle.choosePrimary(other, second);
        clock.advance(Duration.ofMinutes(1));
        importer.importNzb(TestNzbs.film("p", "100% Real"), Optional.empty());
        importer.importNzb(TestNzbs.film("q", "100 Real"), Optional.empty());
        long failing = importer.importNzb(TestNzbs.film("b", "Broken"), Optional.empty())
                .item()
                .item()
                .id();
        long cooling = importer.addStandby(failing, TestNzbs.film("b2", "Broken"), Optional.empty())
                .sourceId();
        lifecycle.markFailed(cooling, "articles missing", Duration.ofMinutes(5));
    }
}
