package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 7z archives made by 7zz at test time, scanned through a counting source. */
class SevenZipScanTest {
    private static final String SEVEN_ZIP = "/usr/bin/7zz";

    @TempDir
    Path dir;

    private byte[] film;
    private byte[] nfo;

    private void writeInputs() throws IOException {
        film = RarScanTest.random(450_000, 21);
        nfo = "Film (2020) 1080p\n".getBytes();
        Files.write(dir.resolve("film.mkv"), film);
        Files.createDirectories(dir.resolve("Extras"));
        Files.write(dir.resolve("Extras/film.nfo"), nfo);
        Files.write(dir.resolve("Extras/empty.txt"), new byte[0]);
    }

    private List<ArchiveVolume> archive(String prefix, String... options) throws IOException, InterruptedException {
        writeInputs();
        List<String> args = new ArrayList<>(List.of("a", "-bd", "-y"));
        args.addAll(List.of(options));
        args.addAll(List.of(prefix + ".7z", "film.mkv", "Extras"));
        ExternalTool.run(dir, SEVEN_ZIP, args.toArray(String[]::new));
        List<ArchiveVolume> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith(prefix + ".7z"))
                    .sorted()
                    .toList()) {
                out.add(new ArchiveVolume(p.getFileName().toString(), Files.readAllBytes(p)));
            }
        }
        return out;
    }

    private static Member member(ArchiveSet set, String name) {
        return set.members().stream()
                .filter(m -> m.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no member " + name + " in " + set.members()));
    }

    private static void assertServes(CountingSource source, Member member, byte[] original) {
        assertTrue(member.servable(), () -> "refused: " + member.refusal());
        assertArrayEquals(original, source.bytesOf(member));
    }

    @Test
    void storedSevenZipMapsEveryFileToItsBytes() throws Exception {
        CountingSource source = new CountingSource(archive("x", "-mx0"));
        ArchiveScan scan = ArchiveScanner.scan(source);
        ArchiveSet set = scan.sets().get(0);
        assertEquals(ArchiveSet.Format.SEVEN_ZIP, set.format());
        assertEquals("x", set.name());
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertServes(source, member(set, "film.mkv"), film);
        assertServes(source, member(set, "Extras/film.nfo"), nfo);
        assertEquals(0, member(set, "Extras/empty.txt").size());
        assertTrue(set.members().stream().noneMatch(m -> m.name().equals("Extras")), "a directory is not a member");
        assertTrue(source.bytesRead(0) <= 2 * VolumeBytes.MIN_READ + 1024, "read " + source.bytesRead(0));
    }

    @Test
    void splitSevenZipMapsAcrossPartsAndReadsOnlyTheEnds() throws Exception {
        List<ArchiveVolume> parts = archive("s", "-mx0", "-v100k");
        assertTrue(parts.size() >= 5, "parts: " + parts.size());
        assertEquals("s.7z.001", parts.get(0).name());
        List<ArchiveVolume> posted = new ArrayList<>(parts);
        java.util.Collections.reverse(posted);
        posted.add(0, new ArchiveVolume("s.nfo", nfo));
        CountingSource source = new CountingSource(posted);
        ArchiveScan scan = ArchiveScanner.scan(source);
        assertEquals(1, scan.sets().size());
        ArchiveSet set = scan.sets().get(0);
        assertEquals(parts.size(), set.volumes().size());
        assertEquals(posted.size() - 1, set.volumes().get(0));
        Member m = member(set, "film.mkv");
        assertTrue(m.pieces().size() >= 5);
        assertServes(source, m, film);
        assertEquals(parts.size(), scan.archived().size());
        for (int middle = 2; middle < posted.size() - 1; middle++) {
            assertEquals(
                    0,
                    source.bytesRead(middle),
                    "a middle part was read: " + posted.get(middle).name());
        }
    }

    /** Part {@code index} of {@code parts} with one byte in its middle changed: a part of another archive. */
    private static ArchiveVolume otherCopy(List<ArchiveVolume> parts, int index) {
        byte[] bytes = parts.get(index).bytes().clone();
        bytes[bytes.length / 2] ^= 0x5A;
        return new ArchiveVolume(parts.get(index).name(), bytes);
    }

    @Test
    void splitSevenZipPartPostedTwiceAsTheSameBytesIsKeptOnce() throws Exception {
        List<ArchiveVolume> parts = archive("d", "-mx0", "-v100k");
        List<ArchiveVolume> posted = new ArrayList<>(parts);
        posted.add(new ArchiveVolume(parts.get(1).name(), parts.get(1).bytes().clone()));
        posted.add(new ArchiveVolume(parts.get(0).name(), parts.get(0).bytes().clone()));
        CountingSource source = new CountingSource(posted);
        ArchiveScan scan = ArchiveScanner.scan(source);
        assertEquals(1, scan.sets().size(), () -> scan.sets().toString());
        ArchiveSet set = scan.sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(parts.size(), set.volumes().size());
        assertServes(source, member(set, "film.mkv"), film);
        assertEquals(
                posted.size(), scan.archived().size(), "the repeats are parts of the archive, not files of their own");
    }

    @Test
    void splitSevenZipPartPostedTwiceWithDifferentBytesRefusesTheSet() throws Exception {
        List<ArchiveVolume> parts = archive("c", "-mx0", "-v100k");
        for (boolean otherFirst : new boolean[] {true, false}) {
            List<ArchiveVolume> posted = new ArrayList<>(parts);
            // The copy that belongs to another archive is listed before the right one, or after it.
            if (otherFirst) posted.add(1, otherCopy(parts, 1));
            else posted.add(otherCopy(parts, 1));
            ArchiveScan scan = ArchiveScanner.scan(new CountingSource(posted));
            assertEquals(1, scan.sets().size());
            ArchiveSet set = scan.sets().get(0);
            assertEquals(
                    Refusal.Reason.CONFLICT, set.refusal().orElseThrow().reason(), "other copy first: " + otherFirst);
            assertTrue(
                    set.refusal().get().message().contains("part 2 twice in copies that cannot be shown equal"),
                    () -> set.refusal().get().message());
            assertTrue(set.members().stream().noneMatch(Member::servable), "no member of a refused set is served");
        }
    }

    @Test
    void splitSevenZipFirstPartPostedTwiceWithDifferentBytesRefusesTheSet() throws Exception {
        List<ArchiveVolume> parts = archive("f", "-mx0", "-v100k");
        List<ArchiveVolume> posted = new ArrayList<>(parts);
        posted.add(otherCopy(parts, 0));
        ArchiveScan scan = ArchiveScanner.scan(new CountingSource(posted));
        assertEquals(1, scan.sets().size(), () -> scan.sets().toString());
        assertEquals(
                Refusal.Reason.CONFLICT,
                scan.sets().get(0).refusal().orElseThrow().reason());
    }

    /** {@code source} whose file {@code file} cannot be read in [from, to): its article there is gone. */
    private static VolumeSource withHole(CountingSource source, int file, long from, long to, boolean twinUnread) {
        return new VolumeSource() {
            @Override
            public int count() {
                return source.count();
            }

            @Override
            public String name(int f) {
                return source.name(f);
            }

            @Override
            public long size(int f) {
                return source.size(f);
            }

            @Override
            public byte[] read(int f, long offset, int length) throws IOException {
                if (f == file && offset < to && offset + length > from) {
                    throw new io.nzbmount.nntp.ArticleMissingException("<gone@test>", "430 no such article");
                }
                return source.read(f, offset, length);
            }

            @Override
            public boolean postedAgainUnread(int f) {
                return twinUnread && f == file;
            }
        };
    }

    @Test
    void partPostedTwiceInEqualCopiesOneWithAHoleIsServedFromTheCopyPar2Proves() throws Exception {
        List<ArchiveVolume> parts = archive("e", "-mx0", "-v100k");
        List<ArchiveVolume> posted = new ArrayList<>(parts);
        posted.add(new ArchiveVolume(parts.get(1).name(), parts.get(1).bytes().clone()));
        CountingSource counting = new CountingSource(posted);
        VolumeSource holed = withHole(counting, 1, 50_000, 60_000, false);

        ArchiveSet unproved = ArchiveScanner.scan(holed).sets().get(0);
        assertEquals(
                Refusal.Reason.CONFLICT, unproved.refusal().orElseThrow().reason(), "without par2 no copy is proved");

        ArchiveSet set = ArchiveScanner.scan(holed, par2Of(parts)).sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        Member m = member(set, "film.mkv");
        assertServes(counting, m, film);
        assertTrue(m.pieces().stream().noneMatch(p -> p.file() == 1), "the copy with the hole is not served");
    }

    @Test
    void partPostedTwiceInDifferentCopiesIsServedFromTheCopyPar2Proves() throws Exception {
        List<ArchiveVolume> parts = archive("g", "-mx0", "-v100k");
        for (boolean otherFirst : new boolean[] {true, false}) {
            List<ArchiveVolume> posted = new ArrayList<>(parts);
            if (otherFirst) posted.add(1, otherCopy(parts, 1));
            else posted.add(otherCopy(parts, 1));
            CountingSource source = new CountingSource(posted);
            ArchiveSet set = ArchiveScanner.scan(source, par2Of(parts)).sets().get(0);
            assertTrue(set.refusal().isEmpty(), () -> "other copy first " + otherFirst + ": " + set.refusal());
            assertServes(source, member(set, "film.mkv"), film);
        }
    }

    @Test
    void theOnlyReadableCopyOfAPartPostedTwiceIsServedOnlyWhenPar2ProvesIt() throws Exception {
        List<ArchiveVolume> parts = archive("u", "-mx0", "-v100k");
        List<Par2File> par2 = par2Of(parts);
        List<ArchiveVolume> wrong = new ArrayList<>(parts);
        wrong.set(1, otherCopy(parts, 1));
        ArchiveSet refused = ArchiveScanner.scan(withHole(new CountingSource(wrong), 1, 0, 0, true), par2)
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.CONFLICT, refused.refusal().orElseThrow().reason());
        assertTrue(
                refused.refusal().get().message().contains("whose first bytes cannot be read"),
                () -> refused.refusal().get().message());
        assertTrue(refused.members().stream().noneMatch(Member::servable), "no member of a refused set is served");

        CountingSource right = new CountingSource(parts);
        ArchiveSet set =
                ArchiveScanner.scan(withHole(right, 1, 0, 0, true), par2).sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertServes(right, member(set, "film.mkv"), film);
    }

    @Test
    void obfuscatedSevenZipIsFoundBySignature() throws Exception {
        List<ArchiveVolume> made = archive("o", "-mx0");
        CountingSource source = new CountingSource(
                List.of(new ArchiveVolume("a8f31c0e9b", made.get(0).bytes())));
        ArchiveSet set = ArchiveScanner.scan(source).sets().get(0);
        assertServes(source, member(set, "film.mkv"), film);
    }

    @Test
    void compressedSevenZipIsRefusedNotServed() throws Exception {
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(archive("c", "-mx1")))
                .sets()
                .get(0);
        Member m = member(set, "film.mkv");
        assertEquals(Refusal.Reason.COMPRESSED, m.refusal().orElseThrow().reason());
        assertTrue(m.pieces().isEmpty());
    }

    @Test
    void encryptedStoredSevenZipWithoutAPasswordIsRefused() throws Exception {
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(archive("p", "-mx0", "-psecret")))
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.ENCRYPTED, set.refusal().orElseThrow().reason());
        assertTrue(set.members().isEmpty(), "nothing of it is served");
    }

    @Test
    void encryptedSevenZipHeadersRefuseTheSet() throws Exception {
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(archive("h", "-mx0", "-psecret", "-mhe=on")))
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.ENCRYPTED, set.refusal().orElseThrow().reason());
        assertTrue(set.members().isEmpty());
    }

    @Test
    void missingMiddlePartRefusesTheSet() throws Exception {
        List<ArchiveVolume> parts = new ArrayList<>(archive("m", "-mx0", "-v100k"));
        parts.remove(2);
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(parts)).sets().get(0);
        assertEquals(Refusal.Reason.MISSING_VOLUME, set.refusal().orElseThrow().reason());
        assertTrue(
                set.refusal().get().message().contains("volume 3"),
                set.refusal().get().message());
    }

    @Test
    void missingLastPartRefusesTheSet() throws Exception {
        List<ArchiveVolume> parts = new ArrayList<>(archive("l", "-mx0", "-v100k"));
        parts.remove(parts.size() - 1);
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(parts)).sets().get(0);
        assertEquals(Refusal.Reason.MISSING_VOLUME, set.refusal().orElseThrow().reason());
        assertFalse(set.members().stream().anyMatch(Member::servable));
    }

    private static List<Par2File> par2Of(List<ArchiveVolume> parts) {
        java.util.Map<String, byte[]> files = new java.util.LinkedHashMap<>();
        for (ArchiveVolume v : parts) files.put(v.name(), v.bytes());
        return Par2Descriptions.parse(Par2IndexWriter.write(files, 16 * 1024));
    }

    @Test
    void splitSetIsProvedWithItsFileCrcsAndPar2WithoutReadingTheData() throws Exception {
        List<ArchiveVolume> parts = archive("p", "-mx0", "-v100k");
        CountingSource source = new CountingSource(parts);
        ArchiveSet set = ArchiveScanner.scan(source, par2Of(parts)).sets().get(0);
        assertEquals(ArchiveSet.Order.PROVED, set.order());
        assertServes(source, member(set, "film.mkv"), film);
        assertTrue(member(set, "film.mkv").crc() >= 0, "the file's CRC is kept");
        long middle = parts.get(2).bytes().length / 2;
        assertFalse(source.touched(2, middle - 20_000, middle + 20_000), "the data was read");
    }

    @Test
    void partsPostedUnderEachOthersNamesAreRefusedWithPar2() throws Exception {
        List<ArchiveVolume> parts = archive("w", "-mx0", "-v100k");
        List<ArchiveVolume> posted = new ArrayList<>(parts);
        posted.set(1, new ArchiveVolume(parts.get(1).name(), parts.get(2).bytes()));
        posted.set(2, new ArchiveVolume(parts.get(2).name(), parts.get(1).bytes()));
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(posted), par2Of(parts))
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.CONFLICT, set.refusal().orElseThrow().reason());
        assertFalse(set.members().stream().anyMatch(Member::servable));
    }

    @Test
    void headerThatDoesNotFitThePar2ChecksumsIsRefused() throws Exception {
        List<ArchiveVolume> parts = archive("h", "-mx0", "-v100k");
        List<ArchiveVolume> described = new ArrayList<>(parts);
        byte[] other = parts.get(2).bytes().clone();
        other[other.length / 2] ^= 1; // par2 was made of a part that differs inside its data
        described.set(2, new ArchiveVolume(parts.get(2).name(), other));
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(parts), par2Of(described))
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.CONFLICT, set.refusal().orElseThrow().reason());
    }
}
