package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** RAR4 and RAR5 sets built by {@link RarBuilder}, scanned through a counting source. */
class RarScanTest {

    static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static ArchiveScan scan(CountingSource source) throws IOException {
        return ArchiveScanner.scan(source);
    }

    private static void assertServes(CountingSource source, Member member, byte[] original) {
        assertTrue(member.servable(), () -> "refused: " + member.refusal());
        assertEquals(original.length, member.size());
        assertArrayEquals(original, source.bytesOf(member));
    }

    @Test
    void singleStoredRar4VolumeMapsTheMemberToItsBytes() throws IOException {
        byte[] film = random(300_000, 1);
        CountingSource source = new CountingSource(RarBuilder.storedRar4("film", "film.mkv", film, 0));
        ArchiveScan scan = scan(source);
        assertEquals(1, scan.sets().size());
        ArchiveSet set = scan.sets().get(0);
        assertEquals(ArchiveSet.Format.RAR4, set.format());
        assertEquals("film", set.name());
        assertTrue(set.refusal().isEmpty());
        assertEquals(1, set.members().size());
        assertEquals("film.mkv", set.members().get(0).name());
        assertServes(source, set.members().get(0), film);
        assertEquals(java.util.Set.of(0), scan.archived());
    }

    @Test
    void multiVolumeStoredSetsJoinTheSplitMember() throws IOException {
        for (ArchiveSet.Format format : ArchiveSet.Format.values()) {
            if (format == ArchiveSet.Format.SEVEN_ZIP) continue;
            byte[] film = random(1_000_000, 2);
            byte[] nfo = random(3_000, 3);
            RarBuilder builder = format == ArchiveSet.Format.RAR4 ? RarBuilder.rar4("film") : RarBuilder.rar5("film");
            List<ArchiveVolume> volumes = builder.member("Film (2020)/film.mkv", film)
                    .member("film.nfo", nfo)
                    .volumeSize(150_000)
                    .build();
            assertEquals(7, volumes.size());
            assertEquals("film.part01.rar", volumes.get(0).name());
            CountingSource source = new CountingSource(volumes);
            ArchiveSet set = scan(source).sets().get(0);
            assertEquals(format, set.format());
            assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), set.volumes());
            assertEquals(2, set.members().size());
            assertEquals("Film (2020)/film.mkv", set.members().get(0).name());
            assertServes(source, set.members().get(0), film);
            assertEquals(7, set.members().get(0).pieces().size());
            assertServes(source, set.members().get(1), nfo);
        }
    }

    @Test
    void scanReadsHeadersAndOnlyTheLastPartToProveTheOrder() throws IOException {
        byte[] film = random(4_000_000, 4);
        for (List<ArchiveVolume> volumes : List.of(
                RarBuilder.storedRar4("film", "film.mkv", film, 700_000),
                RarBuilder.storedRar5("film", "film.mkv", film, 700_000))) {
            CountingSource source = new CountingSource(volumes);
            ArchiveSet set = scan(source).sets().get(0);
            assertServes(source, set.members().get(0), film);
            assertEquals(ArchiveSet.Order.PROVED, set.order());
            int last = volumes.size() - 1;
            long total = 0;
            for (int v = 0; v < volumes.size(); v++) {
                total += source.bytesRead(v);
                if (v == last) continue;
                assertTrue(source.bytesRead(v) <= 64 * 1024, "volume " + v + " read " + source.bytesRead(v) + " bytes");
                assertTrue(source.reads(v) <= 3, "volume " + v + " took " + source.reads(v) + " reads");
                long middle = volumes.get(v).bytes().length / 2;
                assertFalse(
                        source.touched(v, middle - 50_000, middle + 50_000), "volume " + v + " was read in its data");
            }
            assertTrue(total <= volumes.size() * (64 * 1024 + RarProof.READ_PER_VOLUME), "read " + total + " bytes");
        }
    }

    @Test
    void aLastPartTooLargeToReadLeavesTheOrderUnprovedAndUnread() throws IOException {
        byte[] film = random(9_900_000, 41);
        List<ArchiveVolume> volumes = RarBuilder.storedRar5("big", "film.mkv", film, 5_000_000);
        CountingSource source = new CountingSource(volumes);
        ArchiveSet set = scan(source).sets().get(0);
        assertEquals(ArchiveSet.Order.HEADERS, set.order());
        assertServes(source, set.members().get(0), film);
        assertFalse(source.touched(1, 1_000_000, 3_000_000), "the last part was read");
    }

    @Test
    void volumesAreOrderedByHeaderNotByName() throws IOException {
        byte[] film = random(900_000, 5);
        for (List<ArchiveVolume> built : List.of(
                RarBuilder.storedRar4("film", "film.mkv", film, 200_000),
                RarBuilder.storedRar5("film", "film.mkv", film, 200_000))) {
            // obfuscated names that sort in another order than the volumes, posted shuffled
            List<ArchiveVolume> posted = new ArrayList<>();
            int[] order = {3, 0, 4, 2, 1};
            String[] names = {"9f2c1a.bin", "03de77", "b81e0c44.rar", "00aa", "zz"};
            for (int i = 0; i < order.length; i++)
                posted.add(new ArchiveVolume(names[i], built.get(order[i]).bytes()));
            CountingSource source = new CountingSource(posted);
            ArchiveScan scan = scan(source);
            assertEquals(1, scan.sets().size());
            ArchiveSet set = scan.sets().get(0);
            assertEquals(List.of(1, 4, 3, 0, 2), set.volumes());
            assertServes(source, set.members().get(0), film);
        }
    }

    @Test
    void oldStyleNamesOrderVolumesWhenHeadersHaveNoNumbers() throws IOException {
        byte[] film = random(700_000, 6);
        List<ArchiveVolume> built = RarBuilder.rar4("old")
                .member("film.avi", film)
                .volumeSize(100_000)
                .oldStyleNames()
                .withoutVolumeNumbers()
                .build();
        assertEquals("old.rar", built.get(0).name());
        assertEquals("old.r00", built.get(1).name());
        List<ArchiveVolume> posted = new ArrayList<>(built);
        java.util.Collections.reverse(posted);
        CountingSource source = new CountingSource(posted);
        ArchiveSet set = scan(source).sets().get(0);
        assertEquals("old", set.name());
        assertEquals(posted.size() - 1, set.volumes().get(0));
        assertServes(source, set.members().get(0), film);
    }

    @Test
    void missingMiddleVolumeRefusesTheSet() throws IOException {
        byte[] film = random(800_000, 7);
        for (List<ArchiveVolume> built : List.of(
                RarBuilder.storedRar4("film", "film.mkv", film, 200_000),
                RarBuilder.storedRar5("film", "film.mkv", film, 200_000))) {
            List<ArchiveVolume> posted = new ArrayList<>(built);
            posted.remove(2);
            ArchiveSet set = scan(new CountingSource(posted)).sets().get(0);
            assertEquals(
                    Refusal.Reason.MISSING_VOLUME, set.refusal().orElseThrow().reason());
            assertTrue(
                    set.refusal().get().message().contains("volume 3"),
                    set.refusal().get().message());
            assertFalse(set.members().get(0).servable());
            assertEquals(
                    Refusal.Reason.MISSING_VOLUME,
                    set.members().get(0).refusal().orElseThrow().reason());
        }
    }

    @Test
    void missingFirstOrLastVolumeRefusesTheSet() throws IOException {
        byte[] film = random(800_000, 8);
        for (List<ArchiveVolume> built : List.of(
                RarBuilder.storedRar4("film", "film.mkv", film, 200_000),
                RarBuilder.storedRar5("film", "film.mkv", film, 200_000))) {
            List<ArchiveVolume> noFirst = new ArrayList<>(built.subList(1, built.size()));
            ArchiveSet a = scan(new CountingSource(noFirst)).sets().get(0);
            assertEquals(
                    Refusal.Reason.MISSING_VOLUME, a.refusal().orElseThrow().reason());
            assertTrue(
                    a.refusal().get().message().contains("volume 1 "),
                    a.refusal().get().message());
            List<ArchiveVolume> noLast = new ArrayList<>(built.subList(0, built.size() - 1));
            ArchiveSet b = scan(new CountingSource(noLast)).sets().get(0);
            assertEquals(
                    Refusal.Reason.MISSING_VOLUME, b.refusal().orElseThrow().reason());
            assertTrue(
                    b.refusal().get().message().contains("volume " + built.size()),
                    b.refusal().get().message());
            assertTrue(b.members().stream().noneMatch(Member::servable));
        }
    }

    @Test
    void compressedMemberIsRefusedNotServed() throws IOException {
        byte[] packed = random(50_000, 9);
        byte[] nfo = random(2_000, 10);
        for (RarBuilder builder : List.of(RarBuilder.rar4("c"), RarBuilder.rar5("c"))) {
            CountingSource source =
                    new CountingSource(builder.member(new RarBuilder.Entry("film.mkv", packed, true, false))
                            .member("film.nfo", nfo)
                            .build());
            ArchiveSet set = scan(source).sets().get(0);
            assertTrue(set.refusal().isEmpty());
            Member film = set.members().get(0);
            assertEquals(Refusal.Reason.COMPRESSED, film.refusal().orElseThrow().reason());
            assertTrue(film.pieces().isEmpty());
            assertTrue(film.refusal().get().message().contains("film.mkv"));
            assertServes(source, set.members().get(1), nfo);
        }
    }

    @Test
    void encryptedMemberIsRefused() throws IOException {
        for (RarBuilder builder : List.of(RarBuilder.rar4("e"), RarBuilder.rar5("e"))) {
            ArchiveSet set = scan(new CountingSource(
                            builder.member(new RarBuilder.Entry("film.mkv", random(40_000, 11), false, true))
                                    .build()))
                    .sets()
                    .get(0);
            assertEquals(
                    Refusal.Reason.ENCRYPTED,
                    set.members().get(0).refusal().orElseThrow().reason());
        }
    }

    @Test
    void encryptedHeadersRefuseTheWholeSet() throws IOException {
        for (RarBuilder builder : List.of(RarBuilder.rar4("h"), RarBuilder.rar5("h"))) {
            ArchiveScan scan = scan(new CountingSource(builder.member("film.mkv", random(1000, 12))
                    .encryptedHeaders()
                    .build()));
            ArchiveSet set = scan.sets().get(0);
            assertEquals(Refusal.Reason.ENCRYPTED, set.refusal().orElseThrow().reason());
            assertTrue(set.members().isEmpty());
            assertEquals(java.util.Set.of(0), scan.archived());
        }
    }

    @Test
    void solidArchiveIsRefused() throws IOException {
        for (RarBuilder builder : List.of(RarBuilder.rar4("s"), RarBuilder.rar5("s"))) {
            ArchiveSet set = scan(new CountingSource(builder.member("a.mkv", random(5000, 13))
                            .member("b.mkv", random(5000, 14))
                            .solid()
                            .build()))
                    .sets()
                    .get(0);
            assertEquals(Refusal.Reason.SOLID, set.refusal().orElseThrow().reason());
            assertEquals(2, set.members().size());
            assertTrue(set.members().stream().noneMatch(Member::servable));
        }
    }

    @Test
    void unicodeNamesSurviveBothFormats() throws IOException {
        String name = "Filme/Amélie – 天使.mkv";
        byte[] data = random(10_000, 15);
        for (RarBuilder builder : List.of(RarBuilder.rar4("u"), RarBuilder.rar5("u"))) {
            CountingSource source =
                    new CountingSource(builder.member(name, data).build());
            Member m = scan(source).sets().get(0).members().get(0);
            assertEquals(name, m.name());
            assertServes(source, m, data);
        }
    }

    @Test
    void independentSetsInOneReleaseStayApart() throws IOException {
        byte[] film = random(500_000, 16);
        byte[] subs = random(120_000, 17);
        List<ArchiveVolume> files = new ArrayList<>();
        files.add(new ArchiveVolume("film.nfo", "not an archive".getBytes()));
        files.addAll(RarBuilder.storedRar5("film", "film.mkv", film, 200_000));
        files.addAll(RarBuilder.storedRar4("film.subs", "film.srt", subs, 50_000));
        CountingSource source = new CountingSource(files);
        ArchiveScan scan = scan(source);
        assertEquals(2, scan.sets().size());
        assertEquals("film", scan.sets().get(0).name());
        assertEquals(3, scan.sets().get(0).volumes().size());
        assertServes(source, scan.sets().get(0).members().get(0), film);
        assertEquals("film.subs", scan.sets().get(1).name());
        assertServes(source, scan.sets().get(1).members().get(0), subs);
        assertFalse(scan.archived().contains(0));
        assertEquals(files.size() - 1, scan.archived().size());
    }

    @Test
    void headerSizesThatDoNotFitTheVolumeAreDamaged() throws IOException {
        List<ArchiveVolume> built = RarBuilder.storedRar4("t", "film.mkv", random(300_000, 18), 100_000);
        byte[] cut = java.util.Arrays.copyOf(built.get(1).bytes(), 60_000); // a truncated volume
        List<ArchiveVolume> posted = new ArrayList<>(built);
        posted.set(1, new ArchiveVolume(built.get(1).name(), cut));
        ArchiveSet set = scan(new CountingSource(posted)).sets().get(0);
        assertEquals(Refusal.Reason.DAMAGED, set.refusal().orElseThrow().reason());
        assertTrue(set.members().stream().noneMatch(Member::servable));
    }

    @Test
    void corruptHeaderChecksumIsDamaged() throws IOException {
        for (List<ArchiveVolume> built : List.of(
                RarBuilder.storedRar4("x", "film.mkv", random(5000, 19), 0),
                RarBuilder.storedRar5("x", "film.mkv", random(5000, 19), 0))) {
            byte[] bytes = built.get(0).bytes().clone();
            bytes[30] ^= 0x01; // inside the file header's fields
            ArchiveSet set = scan(new CountingSource(List.of(new ArchiveVolume("x.rar", bytes))))
                    .sets()
                    .get(0);
            assertEquals(Refusal.Reason.DAMAGED, set.refusal().orElseThrow().reason());
            assertTrue(set.members().stream().noneMatch(Member::servable));
        }
    }
}
