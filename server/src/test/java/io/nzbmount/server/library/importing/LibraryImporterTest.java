package io.nzbmount.server.library.importing;

import static io.nzbmount.server.library.TestNzbs.file;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleSpan;
import io.nzbmount.server.events.EventLog;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.ImportException.Reason;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.EventQuery;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.KnownHoles;
import io.nzbmount.server.store.SourceState;
import io.nzbmount.server.store.SourceTable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LibraryImporterTest {

    @TempDir
    Path dir;

    Database db;
    final FakeSizer sizer = new FakeSizer();
    final FakePresence presence = new FakePresence();
    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    LibraryImporter importer;
    ItemCatalog catalog;

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
        importer = new LibraryImporter(db, sizer, presence, clock, 2);
        catalog = new ItemCatalog(db);
    }

    @AfterEach
    void close() throws Exception {
        db.close();
    }

    @Test
    void importShowsOnlyMediaFilesWithExactSizesUnderTheTitle() throws Exception {
        ImportResult r = importer.importNzb(TestNzbs.film("a", "My Film (2020)"), Optional.empty());

        assertTrue(r.created());
        ItemView v = r.item();
        assertEquals("My Film (2020)", v.item().name());
        assertEquals(1, v.files().size());
        LibraryFileView f = v.files().get(0);
        assertEquals("movie.mkv", f.name());
        assertEquals(FakeSizer.expectedSize(50), f.size());
        assertEquals("yenc:50x716800", f.mapText());
        assertEquals("/dav/library/My%20Film%20%282020%29/movie.mkv", f.davPath());
        assertEquals(SourceState.READY, v.primary().state());
        assertEquals(List.of("movie.mkv"), sizer.sized, "extras are not sized");
        List<FileRecord> stored = db.transaction(c -> Files.ofSource(c, r.sourceId()));
        assertEquals(
                List.of("movie.mkv", "movie.nfo", "movie.par2", "movie.vol00+01.par2"),
                stored.stream().map(FileRecord::name).toList());
        assertEquals(
                List.of(true, false, false, false),
                stored.stream().map(FileRecord::media).toList());
        assertEquals(1, catalog.items().size());
    }

    @Test
    void rangesTheNzbListsNoArticleForAreStoredAsHolesOfTheSource() throws Exception {
        long size = FakeSizer.expectedSize(50);
        sizer.holes.put(
                "movie.mkv",
                List.of(new ArticleSpan(0, FakeSizer.PART, true), new ArticleSpan(49 * FakeSizer.PART, size, true)));
        ImportResult r = importer.importNzb(TestNzbs.film("a", "T"), Optional.empty());

        int index = db.transaction(c -> Files.ofSource(c, r.sourceId())).stream()
                .filter(f -> f.name().equals("movie.mkv"))
                .findFirst()
                .orElseThrow()
                .index();
        assertEquals(
                List.of(
                        new KnownHoles.Row(r.sourceId(), index, 0, FakeSizer.PART),
                        new KnownHoles.Row(r.sourceId(), index, 49 * FakeSizer.PART, size)),
                db.transaction(c -> KnownHoles.ofSource(c, r.sourceId())));
    }

    @Test
    void fileWhoseNzbListsEveryPartStoresNoHole() throws Exception {
        ImportResult r = importer.importNzb(TestNzbs.film("a", "T"), Optional.empty());
        assertEquals(List.of(), db.transaction(c -> KnownHoles.ofSource(c, r.sourceId())));
    }

    @Test
    void storedNzbIsTheExactBytesImported() throws Exception {
        byte[] nzb = TestNzbs.film("a", "T");
        ImportResult r = importer.importNzb(nzb, Optional.empty());
        assertArrayEquals(
                nzb, db.transaction(c -> SourceTable.nzb(c, r.sourceId())).orElseThrow());
        assertEquals(LibraryImporter.sha256(nzb), r.item().primary().sha256());
    }

    @Test
    void sameNzbTwiceReturnsTheExistingItemAndStoresNothingNew() throws Exception {
        byte[] nzb = TestNzbs.film("a", "T");
        ImportResult first = importer.importNzb(nzb, Optional.empty());
        ImportResult second = importer.importNzb(nzb.clone(), Optional.of("Other name"));

        assertFalse(second.created());
        assertEquals(first.item().item().id(), second.item().item().id());
        assertEquals(1, catalog.items().size());
        assertEquals(1, sizer.sized.size(), "the second import asks no provider");
    }

    @Test
    void nameComesFromTitleElseGivenNameElseLargestMediaFile() throws Exception {
        List<TestNzbs.Spec> files = List.of(file("Small.Extra.mkv", 1, 1000), file("Big.Film.2020.mkv", 40, 740_000));
        assertEquals(
                "Given.Name",
                importer.importNzb(TestNzbs.nzb("a", null, files), Optional.of("Given.Name.nzb"))
                        .item()
                        .item()
                        .name());
        assertEquals(
                "Big Film (2020)",
                importer.importNzb(TestNzbs.nzb("b", null, files), Optional.empty())
                        .item()
                        .item()
                        .name());
        assertEquals(
                "Title",
                importer.importNzb(TestNzbs.nzb("c", "Title", files), Optional.of("Given"))
                        .item()
                        .item()
                        .name());
    }

    @Test
    void everyImportPathNamesTheFolderByTheSameRuleAndTheReleaseKeepsItsName() throws Exception {
        ItemView titled = importer.importNzb(
                        TestNzbs.film("a", "Quiet.Harbour.2019.1080p.BluRay.x264-GRP"), Optional.empty())
                .item();
        assertEquals("Quiet Harbour (2019)", titled.item().name());
        assertEquals(
                "Quiet.Harbour.2019.1080p.BluRay.x264-GRP", titled.primary().releaseName());
        ItemView dropped = importer.importFile("Calm.Sea.2021.720p.WEB-DL-GRP.nzb", TestNzbs.film("b", null))
                .item();
        assertEquals("Calm Sea (2021)", dropped.item().name());
        ItemView grabbed = importer.importGrabbed(TestNzbs.film("c", "Other Title"), "Show.S01E02.720p.WEB-DL-GRP")
                .item();
        assertEquals("Show S01E02", grabbed.item().name());
        assertEquals("Show.S01E02.720p.WEB-DL-GRP", grabbed.primary().releaseName());
    }

    @Test
    void releasesOfTheSameFilmGetDistinctFolders() throws Exception {
        assertEquals(
                "Quiet Harbour (2019)",
                importer.importNzb(TestNzbs.film("a", "Quiet.Harbour.2019.1080p-GRP"), Optional.empty())
                        .item()
                        .item()
                        .name());
        assertEquals(
                "Quiet Harbour (2019) (2)",
                importer.importNzb(TestNzbs.film("b", "Quiet.Harbour.2019.720p-OTHER"), Optional.empty())
                        .item()
                        .item()
                        .name());
    }

    @Test
    void clashingNamesGetANumberIgnoringCase() throws Exception {
        assertEquals(
                "Film",
                importer.importNzb(TestNzbs.film("a", "Film"), Optional.empty())
                        .item()
                        .item()
                        .name());
        assertEquals(
                "Film (2)",
                importer.importNzb(TestNzbs.film("b", "Film"), Optional.empty())
                        .item()
                        .item()
                        .name());
        assertEquals(
                "film (3)",
                importer.importNzb(TestNzbs.film("c", "film"), Optional.empty())
                        .item()
                        .item()
                        .name());
    }

    @Test
    void namesThatCouldEscapeTheFolderAreMadeSafe() throws Exception {
        assertEquals(
                "etc passwd",
                importer.importNzb(TestNzbs.film("a", "../../etc/passwd"), Optional.empty())
                        .item()
                        .item()
                        .name());
        ItemView v = importer.importNzb(
                        TestNzbs.nzb("b", "a: b?", List.of(file("x/y\\z.mkv", 3, 1000))), Optional.empty())
                .item();
        assertEquals("a b", v.item().name());
        assertEquals("z.mkv", v.files().get(0).name(), "the subject parser keeps the last path part");
    }

    @Test
    void malformedNzbIsRefusedWithLineAndColumnAndNothingStored() throws Exception {
        byte[] broken = "<?xml version=\"1.0\"?>\n<nzb>\n  <file subject=\"x\">\n</nzb>".getBytes(UTF_8);
        ImportException e = assertThrows(ImportException.class, () -> importer.importNzb(broken, Optional.empty()));
        assertEquals(Reason.MALFORMED, e.reason());
        assertTrue(e.getMessage().matches("not a usable NZB: line \\d+, column \\d+: .+"), e.getMessage());
        assertTrue(catalog.items().isEmpty());
    }

    @Test
    void hostileNzbsAreRefusedAsMalformed() {
        String xxe = "<?xml version=\"1.0\"?><!DOCTYPE nzb [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<nzb><file subject=\"&x;\"><segments><segment number=\"1\" bytes=\"1\">a@b</segment></segments></file></nzb>";
        String laughs = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
                + "<!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol3 \"&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;\">]><nzb>&lol3;</nzb>";
        for (String doc : List.of(xxe, laughs, "not xml at all", "")) {
            ImportException e = assertThrows(
                    ImportException.class, () -> importer.importNzb(doc.getBytes(UTF_8), Optional.empty()));
            assertEquals(Reason.MALFORMED, e.reason(), e.getMessage());
        }
    }

    @Test
    void missingFirstArticleOfTheMainFileRefusesTheImportWithTheSamplesVerdict() throws Exception {
        presence.missing.add(TestNzbs.id("a", "movie.mkv", 1));
        // The size is learned from that same article, asked at the same time: it fails too.
        sizer.missing.add("movie.mkv");
        ImportException e = assertThrows(
                ImportException.class, () -> importer.importNzb(TestNzbs.film("a", "T"), Optional.empty()));
        assertEquals(Reason.UNPLAYABLE, e.reason());
        assertTrue(e.getMessage().contains("first article of \"movie.mkv\""), e.getMessage());
        assertTrue(catalog.items().isEmpty());
    }

    @Test
    void providersThatCannotBeAskedWinOverAFileThatCannotBeSized() throws Exception {
        presence.unavailable = true;
        sizer.missing.add("movie.mkv");
        assertEquals(
                Reason.PROVIDERS_UNAVAILABLE,
                assertThrows(ImportException.class, () -> importer.importNzb(TestNzbs.film("a", "T"), Optional.empty()))
                        .reason());
        assertTrue(catalog.items().isEmpty());
    }

    @Test
    void missingLaterArticlesAreCountedNotRefused() throws Exception {
        presence.missing.add(TestNzbs.id("a", "movie.mkv", 50));
        ImportResult r = importer.importNzb(TestNzbs.film("a", "T"), Optional.empty());
        assertEquals(1, r.item().primary().presenceMissing());
        assertEquals(presence.asked.get(0).size(), r.item().primary().presenceChecked());
        assertEquals(
                TestNzbs.id("a", "movie.mkv", 1), presence.asked.get(0).get(0).messageId());
    }

    @Test
    void unreachableProvidersRefuseForNowAndStoreNothing() throws Exception {
        presence.unavailable = true;
        ImportException e = assertThrows(
                ImportException.class, () -> importer.importNzb(TestNzbs.film("a", "T"), Optional.empty()));
        assertEquals(Reason.PROVIDERS_UNAVAILABLE, e.reason());
        assertTrue(e.reason().transientRefusal());
        presence.unavailable = false;
        sizer.unavailable = true;
        assertEquals(
                Reason.PROVIDERS_UNAVAILABLE,
                assertThrows(ImportException.class, () -> importer.importNzb(TestNzbs.film("a", "T"), Optional.empty()))
                        .reason());
        assertTrue(catalog.items().isEmpty());
    }

    @Test
    void secondaryFileThatCannotBeSizedIsStoredButHidden() throws Exception {
        sizer.missing.add("E02.mkv");
        ItemView v = importer.importNzb(
                        TestNzbs.nzb("a", "Pack", List.of(file("E01.mkv", 10, 740_000), file("E02.mkv", 9, 740_000))),
                        Optional.empty())
                .item();
        assertEquals(
                List.of("E01.mkv"),
                v.files().stream().map(LibraryFileView::name).toList());
        FileRecord e02 =
                db.transaction(c -> Files.byIndex(c, v.primary().id(), 1)).orElseThrow();
        assertEquals(-1, e02.size());
        assertFalse(e02.media());
    }

    @Test
    void mainFileThatCannotBeSizedRefusesTheImport() {
        sizer.missing.add("movie.mkv");
        assertEquals(
                Reason.UNPLAYABLE,
                assertThrows(ImportException.class, () -> importer.importNzb(TestNzbs.film("a", "T"), Optional.empty()))
                        .reason());
    }

    @Test
    void nzbWithoutMediaIsRefused() {
        ImportException e = assertThrows(
                ImportException.class,
                () -> importer.importNzb(
                        TestNzbs.nzb("a", "T", List.of(file("x.par2", 2, 1000), file("x.nfo", 1, 10))),
                        Optional.empty()));
        assertEquals(Reason.UNPLAYABLE, e.reason());
        assertTrue(e.getMessage().contains("x.par2"), e.getMessage());
    }

    @Test
    void tooLargeNzbIsRefusedBeforeParsing() {
        byte[] huge = new byte[LibraryImporter.MAX_NZB_BYTES + 1];
        assertEquals(
                Reason.TOO_LARGE,
                assertThrows(ImportException.class, () -> importer.importNzb(huge, Optional.empty()))
                        .reason());
    }

    @Test
    void standbyIsAddedPendingAndOnlyOnce() throws Exception {
        long item = importer.importNzb(TestNzbs.film("a", "T"), Optional.empty())
                .item()
                .item()
                .id();
        ImportResult added = importer.addStandby(item, TestNzbs.film("b", "T other"), Optional.of("https://idx/get/1"));
        assertTrue(added.created());
        assertEquals(1, added.item().standby().size());
        assertEquals(SourceState.PENDING, added.item().standby().get(0).state());
        assertEquals(
                Optional.of("https://idx/get/1"), added.item().standby().get(0).link());
        assertEquals("T", added.item().item().name(), "a standby does not rename the item");

        ImportResult again = importer.addStandby(item, TestNzbs.film("b", "T other"), Optional.empty());
        assertFalse(again.created());
        assertEquals(1, again.item().standby().size());
    }

    @Test
    void standbyRefusalsSayWhy() throws Exception {
        long a = importer.importNzb(TestNzbs.film("a", "A"), Optional.empty())
                .item()
                .item()
                .id();
        long b = importer.importNzb(TestNzbs.film("b", "B"), Optional.empty())
                .item()
                .item()
                .id();
        assertEquals(
                Reason.UNKNOWN_ITEM,
                assertThrows(
                                ImportException.class,
                                () -> importer.addStandby(999, TestNzbs.film("c", "C"), Optional.empty()))
                        .reason());
        ImportException other = assertThrows(
                ImportException.class, () -> importer.addStandby(b, TestNzbs.film("a", "A"), Optional.empty()));
        assertEquals(Reason.CONFLICT, other.reason());
        assertTrue(other.getMessage().contains("item " + a), other.getMessage());
        importer.addStandby(b, TestNzbs.film("s1", "B"), Optional.empty());
        importer.addStandby(b, TestNzbs.film("s2", "B"), Optional.empty());
        ImportException full = assertThrows(
                ImportException.class, () -> importer.addStandby(b, TestNzbs.film("s3", "B"), Optional.empty()));
        assertEquals(Reason.CONFLICT, full.reason());
        assertTrue(full.getMessage().contains("full"), full.getMessage());
    }

    @Test
    void importRecordsAnEventForTheItem() throws Exception {
        long item = importer.importNzb(TestNzbs.film("a", "T"), Optional.empty())
                .item()
                .item()
                .id();
        var events = new EventLog(db, clock).find(new EventQuery(0, Optional.empty(), OptionalLong.of(item), 10));
        assertEquals(1, events.size());
        assertEquals("imported", events.get(0).kind());
        assertEquals(clock.instant(), events.get(0).at());
        assertTrue(
                events.get(0).detail().contains("\"mediaFiles\":1"),
                events.get(0).detail());
    }
}
