package io.nzbmount.server.library.importing;

import static io.nzbmount.server.library.TestNzbs.file;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.NzbSegment;
import io.nzbmount.server.archive.ArchiveScan;
import io.nzbmount.server.archive.ArchiveSet;
import io.nzbmount.server.archive.Member;
import io.nzbmount.server.archive.Par2File;
import io.nzbmount.server.archive.Piece;
import io.nzbmount.server.archive.Refusal;
import io.nzbmount.server.library.FakePresence;
import io.nzbmount.server.library.FakeSizer;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.LibraryFileView;
import io.nzbmount.server.library.MutableClock;
import io.nzbmount.server.library.TestNzbs;
import io.nzbmount.server.library.importing.ImportException.Reason;
import io.nzbmount.server.store.Database;
import io.nzbmount.server.store.FileRecord;
import io.nzbmount.server.store.Files;
import io.nzbmount.server.store.RefusalRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Imports of releases that wrap their film in archives or hide its name, with hand-made scans. */
class ArchiveImportTest {
    private static final byte[] RAR5 = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00};
    private static final long VOLUME = FakeSizer.expectedSize(10);

    @TempDir
    Path dir;

    Database db;
    final FakeSizer sizer = new FakeSizer();
    final FakePresence presence = new FakePresence();
    final MutableClock clock = new MutableClock(Instant.parse("2025-03-01T10:00:00Z"));
    ItemCatalog catalog;

    @BeforeEach
    void open() throws Exception {
        db = Database.open(dir);
        catalog = new ItemCatalog(db);
    }

    @AfterEach
    void close() throws Exception {
        db.close();
    }

    private LibraryImporter importer(FakeArchiveReader formats) {
        return new LibraryImporter(db, sizer, presence, formats, clock, 5);
    }

    /** A stored RAR set of the named volumes holding film.mkv across all of them, and a small nfo. */
    private static ArchiveScan storedFilm(List<String> names, String... volumeNames) {
        List<Integer> volumes = Arrays.stream(volumeNames).map(names::indexOf).toList();
        List<Piece> pieces =
                volumes.stream().map(v -> new Piece(v, 100, VOLUME - 200)).toList();
        Member film = new Member("Film.2020/Film.2020.mkv", pieces.size() * (VOLUME - 200), pieces, Optional.empty());
        Member nfo = new Member(
                "Film.2020.nfo", 10, List.of(new Piece(volumes.getLast(), VOLUME - 90, 10)), Optional.empty());
        return new ArchiveScan(
                List.of(new ArchiveSet(
                        "Film.2020", ArchiveSet.Format.RAR5, volumes, List.of(film, nfo), Optional.empty())),
                Set.copyOf(volumes));
    }

    @Test
    void storedFilmInsideRarVolumesIsTheItemsFileReadFromItsVolumes() throws Exception {
        sizer.heads.put("Film.2020.part1.rar", RAR5);
        sizer.heads.put("Film.2020.part2.rar", RAR5);
        FakeArchiveReader formats =
                new FakeArchiveReader(n -> storedFilm(n, "Film.2020.part1.rar", "Film.2020.part2.rar"));
        byte[] nzb = TestNzbs.nzb(
                "r",
                "Film (2020)",
                List.of(
                        file("Film.2020.part1.rar", 10, 740_000),
                        file("Film.2020.part2.rar", 10, 740_000),
                        file("Film.2020.nfo", 1, 2_000),
                        file("Film.2020.par2", 1, 40_000)));

        ImportResult r = importer(formats).importNzb(nzb, Optional.empty());

        assertEquals(
                List.of(List.of("Film.2020.part1.rar", "Film.2020.part2.rar")),
                formats.scanned,
                "only the files that may be volumes are scanned");
        assertEquals(1, r.item().files().size());
        LibraryFileView film = r.item().files().get(0);
        assertEquals("Film.2020.mkv", film.name());
        assertEquals(2 * (VOLUME - 200), film.size());
        assertEquals(List.of(0, 1), film.volumes());
        assertEquals(
                "splice:[Slice[volume=0, offset=100, length=" + (VOLUME - 200)
                        + "], Slice[volume=1, offset=100, length=" + (VOLUME - 200) + "]]",
                film.mapText());
        assertEquals(4, film.index(), "a file inside archives is numbered after the NZB's files");
        assertTrue(r.item().refused().isEmpty());
        List<FileRecord> stored = db.transaction(c -> Files.ofSource(c, r.sourceId()));
        assertEquals(
                List.of(false, false, false, false, true),
                stored.stream().map(FileRecord::media).toList(),
                "volumes, nfo and par2 are not shown; the film inside is");
        assertEquals(VOLUME, stored.get(0).size(), "the volumes keep their sizes");

        List<NzbSegment> sampled = presence.asked.get(0);
        assertEquals(TestNzbs.id("r", "Film.2020.part1.rar", 1), sampled.get(0).messageId());
        assertTrue(
                sampled.stream().anyMatch(s -> s.messageId().equals(TestNzbs.id("r", "Film.2020.part2.rar", 10))),
                "the presence sample runs through every volume holding the film, to the last article");
    }

    @Test
    void compressedFilmRefusesTheImportWithTheReasonAndStoresNothing() throws Exception {
        sizer.heads.put("Film.rar", RAR5);
        String why = "Film.mkv inside Film.rar is compressed (RAR method 3); only stored archives can be streamed";
        FakeArchiveReader formats = new FakeArchiveReader(n -> new ArchiveScan(
                List.of(new ArchiveSet(
                        "Film",
                        ArchiveSet.Format.RAR5,
                        List.of(0),
                        List.of(new Member(
                                "Film.mkv",
                                5_000_000,
                                List.of(),
                                Optional.of(new Refusal(Refusal.Reason.COMPRESSED, why)))),
                        Optional.empty())),
                Set.of(0)));

        ImportException e = assertThrows(
                ImportException.class,
                () -> importer(formats)
                        .importNzb(
                                TestNzbs.nzb(
                                        "c",
                                        "Film",
                                        List.of(file("Film.rar", 10, 740_000), file("Film.nfo", 1, 2_000))),
                                Optional.empty()));

        assertEquals(Reason.UNPLAYABLE, e.reason());
        assertTrue(e.getMessage().contains(why), e.getMessage());
        assertTrue(catalog.items().isEmpty());
    }

    @Test
    void aSetWithAMissingVolumeIsRefusedAsAWhole() throws Exception {
        sizer.heads.put("Film.part1.rar", RAR5);
        String why = "Film.part2.rar of Film is not in the release";
        FakeArchiveReader formats = new FakeArchiveReader(n -> new ArchiveScan(
                List.of(new ArchiveSet(
                        "Film",
                        ArchiveSet.Format.RAR5,
                        List.of(0),
                        List.of(),
                        Optional.of(new Refusal(Refusal.Reason.MISSING_VOLUME, why)))),
                Set.of(0)));

        ImportException e = assertThrows(
                ImportException.class,
                () -> importer(formats)
                        .importNzb(
                                TestNzbs.nzb("m", "Film", List.of(file("Film.part1.rar", 10, 740_000))),
                                Optional.empty()));

        assertEquals(Reason.UNPLAYABLE, e.reason());
        assertEquals("nothing in this release can be streamed: " + why, e.getMessage());
    }

    @Test
    void aNamelessVolumeWhoseHeadIsPartlyGoneIsAMissingVolumeNeverAFileToServe() throws Exception {
        String v1 = "aa11bb22cc33dd44ee55ff6600778899";
        String v2 = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d";
        sizer.heads.put(v1, RAR5);
        sizer.heads.put(v2, RAR5);
        sizer.goneFrom.put(v1, 20_000L); // articles smaller than the head: its first one is there, a later one gone
        String why = "the archive Film is incomplete: volume 0 is missing";
        FakeArchiveReader formats = new FakeArchiveReader(n -> new ArchiveScan(
                List.of(new ArchiveSet(
                        "Film",
                        ArchiveSet.Format.RAR5,
                        List.of(0),
                        List.of(),
                        Optional.of(new Refusal(Refusal.Reason.MISSING_VOLUME, why)))),
                Set.of(0)));

        ImportException e = assertThrows(
                ImportException.class,
                () -> importer(formats)
                        .importNzb(
                                TestNzbs.nzb("h", "Film", List.of(file(v1, 10, 740_000), file(v2, 10, 740_000))),
                                Optional.empty()));

        assertEquals(List.of(List.of(v2)), formats.scanned, "the scan gets the volumes it can read");
        assertEquals(Reason.UNPLAYABLE, e.reason());
        assertEquals("nothing in this release can be streamed: " + why, e.getMessage());
    }

    @Test
    void aNamelessLaterPartOfASplit7zWhoseHeadIsGoneIsAMissingPartNeverAFileToServe() throws Exception {
        String p1 = "aa11bb22cc33dd44ee55ff6600778899";
        String p2 = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d";
        String par2 = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";
        byte[] sevenZip = {0x37, 0x7A, (byte) 0xBC, (byte) 0xAF, 0x27, 0x1C, 0, 4};
        sizer.heads.put(p1, sevenZip);
        sizer.heads.put(par2, FakeArchiveReader.PAR2_MAGIC);
        sizer.goneFrom.put(p2, 20_000L); // a later part starts with data: no signature says what it is
        String why = "the 7z archive Film: the end header lies past the end of the archive";
        FakeArchiveReader formats = new FakeArchiveReader(n -> new ArchiveScan(
                List.of(new ArchiveSet(
                        "Film",
                        ArchiveSet.Format.SEVEN_ZIP,
                        List.of(0),
                        List.of(),
                        Optional.of(new Refusal(Refusal.Reason.DAMAGED, why)))),
                Set.of(0)));
        formats.descriptions.add(
                new Par2File("Film.7z.001", VOLUME, md5(Arrays.copyOf(sevenZip, 16 * 1024)), new byte[16]));
        formats.descriptions.add(new Par2File("Film.7z.002", VOLUME, md5(new byte[] {1}), new byte[16]));

        ImportException e = assertThrows(
                ImportException.class,
                () -> importer(formats)
                        .importNzb(
                                TestNzbs.nzb(
                                        "s",
                                        "Film",
                                        List.of(file(p1, 10, 740_000), file(p2, 10, 740_000), file(par2, 1, 30_000))),
                                Optional.empty()));

        assertEquals(List.of(List.of("Film.7z.001")), formats.scanned, "the scan gets the parts it can read");
        assertEquals(Reason.UNPLAYABLE, e.reason());
        assertEquals("nothing in this release can be streamed: " + why, e.getMessage());
    }

    @Test
    void refusedArchiveNextToAPlayableFilmIsKeptOnTheItem() throws Exception {
        sizer.heads.put("Extras.rar", RAR5);
        String why = "Extras.rar is encrypted; encrypted archives cannot be streamed";
        FakeArchiveReader formats = new FakeArchiveReader(n -> new ArchiveScan(
                List.of(new ArchiveSet(
                        "Extras",
                        ArchiveSet.Format.RAR5,
                        List.of(0),
                        List.of(),
                        Optional.of(new Refusal(Refusal.Reason.ENCRYPTED, why)))),
                Set.of(0)));

        ImportResult r = importer(formats)
                .importNzb(
                        TestNzbs.nzb(
                                "e", "Film", List.of(file("Film.mkv", 50, 740_000), file("Extras.rar", 10, 740_000))),
                        Optional.empty());

        assertEquals(
                List.of("Film.mkv"),
                r.item().files().stream().map(LibraryFileView::name).toList());
        List<RefusalRecord> expected = List.of(new RefusalRecord("Extras", "encrypted", why));
        assertEquals(expected, r.item().refused());
        assertEquals(expected, catalog.item(r.item().item().id()).orElseThrow().refused(), "refusals are stored");
    }

    @Test
    void namelessFileIsNamedFromThePar2DescriptionOfItsFirst16KiB() throws Exception {
        String film = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
        String par2 = "9f8e7d6c5b4a39281706f5e4d3c2b1a0";
        byte[] head = "\u001aE\u00df\u00a3 a matroska header".getBytes(StandardCharsets.ISO_8859_1);
        sizer.heads.put(film, head);
        sizer.heads.put(par2, FakeArchiveReader.PAR2_MAGIC);
        sizer.postedNames.put(film, "posted.name.mkv");
        FakeArchiveReader formats = new FakeArchiveReader(n -> {
            throw new AssertionError("no archive here, nothing to scan");
        });
        byte[] first16k = Arrays.copyOf(head, 16 * 1024);
        formats.descriptions.add(new Par2File("Other.File.mkv", 1, md5(new byte[16 * 1024]), new byte[16]));
        formats.descriptions.add(
                new Par2File("Real.Film.2020.1080p.mkv", FakeSizer.expectedSize(50), md5(first16k), new byte[16]));

        ImportResult r = importer(formats)
                .importNzb(
                        TestNzbs.nzb("o", null, List.of(file(film, 50, 740_000), file(par2, 1, 30_000))),
                        Optional.empty());

        assertEquals(
                List.of("Real.Film.2020.1080p.mkv"),
                r.item().files().stream().map(LibraryFileView::name).toList());
        assertEquals("Real Film (2020)", r.item().item().name(), "the item is named after the real name");
        assertEquals(1, formats.par2Parsed);
        List<FileRecord> stored = db.transaction(c -> Files.ofSource(c, r.sourceId()));
        assertFalse(stored.get(1).media(), "a par2 file found by its content is not shown");
    }

    @Test
    void namelessFileWithoutPar2TakesItsYencNameAndElseKeepsTheSubjects() throws Exception {
        String named = "0123456789abcdef0123456789abcdef";
        String unnamed = "fedcba9876543210fedcba9876543210";
        sizer.postedNames.put(named, "Posted.Film.2019.mkv");
        sizer.postedNames.put(unnamed, "00112233445566778899aabbccddeeff");
        FakeArchiveReader formats = new FakeArchiveReader(n -> {
            throw new AssertionError("no archive here, nothing to scan");
        });

        ImportResult r = importer(formats)
                .importNzb(
                        TestNzbs.nzb("y", "Film", List.of(file(named, 50, 740_000), file(unnamed, 49, 740_000))),
                        Optional.empty());

        assertEquals(
                List.of("Posted.Film.2019.mkv", unnamed),
                r.item().files().stream().map(LibraryFileView::name).toList());
        assertEquals(0, formats.par2Parsed);
    }

    @Test
    void archiveIsFoundByItsSignatureWhenItsNamesSayNothing() throws Exception {
        String v1 = "aa11bb22cc33dd44ee55ff6600778899";
        String v2 = "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d";
        sizer.heads.put(v1, RAR5);
        sizer.heads.put(v2, RAR5);
        FakeArchiveReader formats = new FakeArchiveReader(n -> storedFilm(n, v1, v2));

        ImportResult r = importer(formats)
                .importNzb(
                        TestNzbs.nzb("s", "Film", List.of(file(v1, 10, 740_000), file(v2, 10, 740_000))),
                        Optional.empty());

        assertEquals(List.of(List.of(v1, v2)), formats.scanned);
        assertEquals(
                List.of("Film.2020.mkv"),
                r.item().files().stream().map(LibraryFileView::name).toList());
    }

    @Test
    void plainReleaseReadsNoFileBytesAndScansNothing() throws Exception {
        FakeArchiveReader formats = new FakeArchiveReader(n -> {
            throw new AssertionError("a plain release is not scanned");
        });
        importer(formats).importNzb(TestNzbs.film("p", "Film"), Optional.empty());
        assertEquals(List.of(), sizer.read);
        assertEquals(List.of("movie.mkv"), sizer.sized, "only the film costs an article");
    }

    @Test
    void archiveNamedFileWithoutSignatureIsNeitherScannedNorServed() throws Exception {
        FakeArchiveReader formats = new FakeArchiveReader(n -> {
            throw new AssertionError("no signature, no scan");
        });
        ImportResult r = importer(formats)
                .importNzb(
                        TestNzbs.nzb(
                                "n", "Film", List.of(file("Film.mkv", 50, 740_000), file("junk.rar", 40, 740_000))),
                        Optional.empty());
        assertEquals(
                List.of("Film.mkv"),
                r.item().files().stream().map(LibraryFileView::name).toList());
        assertEquals(List.of("junk.rar"), sizer.read, "its first bytes were looked at, once");
    }

    private static byte[] md5(byte[] data) throws Exception {
        return MessageDigest.getInstance("MD5").digest(data);
    }
}
