package io.nzbmount.server.archive;

import static io.nzbmount.server.archive.RarScanTest.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An assembly of volumes is served only when its order and membership are known; volumes in the
 * wrong order or parts of two sets pass every article CRC, so each of these sets must be refused
 * or served exactly, never served wrong.
 */
class ArchiveAssemblyTest {

    private static ArchiveScan scan(List<ArchiveVolume> posted) throws IOException {
        return ArchiveScanner.scan(new CountingSource(posted));
    }

    /** Every servable member of the scan holds exactly one of the originals; returns how many were served. */
    private static int assertServedExactlyOrRefused(List<ArchiveVolume> posted, byte[]... originals)
            throws IOException {
        CountingSource source = new CountingSource(posted);
        int served = 0;
        for (ArchiveSet set : ArchiveScanner.scan(source).sets()) {
            for (Member m : set.members()) {
                if (!m.servable()) continue;
                byte[] bytes = source.bytesOf(m);
                boolean exact = false;
                for (byte[] o : originals) exact |= java.util.Arrays.equals(o, bytes);
                assertTrue(exact, m.name() + " in " + set.name() + " is served with bytes that match no original");
                served++;
            }
        }
        return served;
    }

    private static List<ArchiveVolume> obfuscated(List<ArchiveVolume> volumes, String prefix) {
        List<ArchiveVolume> out = new ArrayList<>();
        for (int i = 0; i < volumes.size(); i++) {
            // names that sort in another order than the volumes
            out.add(new ArchiveVolume(
                    prefix + Integer.toHexString((i * 7919 + 13) % 4093),
                    volumes.get(i).bytes()));
        }
        return out;
    }

    /** The volumes of two sets in turns; {@code alternate}: set b's volume first at every odd position. */
    private static List<ArchiveVolume> interleaved(List<ArchiveVolume> a, List<ArchiveVolume> b, boolean alternate) {
        List<ArchiveVolume> posted = new ArrayList<>();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            boolean bFirst = alternate && i % 2 == 1;
            if (bFirst && i < b.size()) posted.add(b.get(i));
            if (i < a.size()) posted.add(a.get(i));
            if (!bFirst && i < b.size()) posted.add(b.get(i));
        }
        return posted;
    }

    private static Refusal refusal(ArchiveSet set) {
        return set.refusal().orElseThrow(() -> new AssertionError(set.name() + " was not refused"));
    }

    @Test
    void obfuscatedOldStyleRar4SetIsRefusedNotGuessed() throws IOException {
        byte[] film = random(900_000, 1);
        List<ArchiveVolume> built = RarBuilder.rar4("old")
                .member("film.avi", film)
                .volumeSize(100_000)
                .oldStyleNames()
                .withoutVolumeNumbers()
                .build();
        List<ArchiveVolume> posted = obfuscated(built, "a");
        ArchiveScan scan = scan(posted);
        assertEquals(1, scan.sets().size());
        Refusal r = refusal(scan.sets().get(0));
        assertEquals(Refusal.Reason.UNKNOWN_ORDER, r.reason());
        assertTrue(r.message().contains("order"), r.message());
        assertFalse(scan.sets().get(0).members().stream().anyMatch(Member::servable));
    }

    @Test
    void threeVolumesWithoutNumbersOrNamesAreOrderedByTheirFlags() throws IOException {
        byte[] film = random(250_000, 2);
        List<ArchiveVolume> built = RarBuilder.rar4("old")
                .member("film.avi", film)
                .volumeSize(100_000)
                .oldStyleNames()
                .withoutVolumeNumbers()
                .build();
        assertEquals(3, built.size());
        List<ArchiveVolume> posted = obfuscated(List.of(built.get(2), built.get(0), built.get(1)), "b");
        CountingSource source = new CountingSource(posted);
        ArchiveSet set = ArchiveScanner.scan(source).sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(List.of(1, 2, 0), set.volumes());
        assertEquals(ArchiveSet.Order.PROVED, set.order(), "the part CRCs add up in the order the flags give");
        assertArrayEquals(film, source.bytesOf(set.members().get(0)));
    }

    @Test
    void twoSetsSharingAnInnerNameAreNeverMerged() throws IOException {
        for (ArchiveSet.Format format : List.of(ArchiveSet.Format.RAR4, ArchiveSet.Format.RAR5)) {
            // two episodes, both video.mkv, of equal size and time, volumes interleaved in the NZB
            byte[] one = random(600_000, 3);
            byte[] two = random(600_000, 4);
            List<ArchiveVolume> a = stored(format, "e1", "video.mkv", one, 100_000);
            List<ArchiveVolume> b = stored(format, "e2", "video.mkv", two, 100_000);
            // which copy of each volume number comes first alternates between the sets
            assertEquals(0, assertServedExactlyOrRefused(obfuscated(interleaved(a, b, true), "c"), one, two));
        }
    }

    @Test
    void twoSetsSharingAnInnerNameWithOtherSizesAreServedApart() throws IOException {
        byte[] one = random(600_000, 5);
        byte[] two = random(610_000, 6);
        assertEquals(
                2,
                assertServedExactlyOrRefused(
                        obfuscated(
                                interleaved(
                                        RarBuilder.storedRar5("e1", "video.mkv", one, 100_000),
                                        RarBuilder.storedRar5("e2", "video.mkv", two, 100_000),
                                        false),
                                "d"),
                        one,
                        two));
    }

    @Test
    void repeatedVolumeWithOtherBytesRefusesTheSet() throws IOException {
        for (ArchiveSet.Format format : List.of(ArchiveSet.Format.RAR4, ArchiveSet.Format.RAR5)) {
            byte[] film = random(500_000, 7);
            byte[] other = random(500_000, 8);
            List<ArchiveVolume> a = stored(format, "f", "film.mkv", film, 100_000);
            List<ArchiveVolume> b = stored(format, "f", "film.mkv", other, 100_000);
            List<ArchiveVolume> posted = new ArrayList<>(obfuscated(a, "e"));
            posted.add(2, new ArchiveVolume("repost", b.get(2).bytes()));
            ArchiveSet set = scan(posted).sets().get(0);
            Refusal r = refusal(set);
            assertEquals(Refusal.Reason.CONFLICT, r.reason());
            assertTrue(r.message().contains("volume 3"), r.message());
            assertFalse(set.members().stream().anyMatch(Member::servable));
        }
    }

    @Test
    void repeatedIdenticalVolumeIsDroppedAndTheSetServed() throws IOException {
        byte[] film = random(500_000, 9);
        List<ArchiveVolume> a = RarBuilder.storedRar5("f", "film.mkv", film, 100_000);
        List<ArchiveVolume> posted = new ArrayList<>(obfuscated(a, "f"));
        posted.add(new ArchiveVolume("repost", a.get(2).bytes().clone()));
        CountingSource source = new CountingSource(posted);
        ArchiveSet set = ArchiveScanner.scan(source).sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(a.size(), set.volumes().size());
        assertArrayEquals(film, source.bytesOf(set.members().get(0)));
    }

    @Test
    void missingMiddleVolumeWithASameSizeRepostIsRefused() throws IOException {
        byte[] film = random(700_000, 10);
        List<ArchiveVolume> built = RarBuilder.rar4("old")
                .member("film.avi", film)
                .volumeSize(100_000)
                .oldStyleNames()
                .withoutVolumeNumbers()
                .build();
        List<ArchiveVolume> posted = new ArrayList<>(built);
        // old.r01 is gone; old.r02 was posted again under its name
        posted.set(
                2, new ArchiveVolume(built.get(2).name(), built.get(3).bytes().clone()));
        assertEquals(0, assertServedExactlyOrRefused(posted, film));
        ArchiveSet set = scan(posted).sets().get(0);
        assertEquals(Refusal.Reason.CONFLICT, refusal(set).reason());
    }

    @Test
    void aVolumeOfAnotherSetInPlaceOfAMissingOneIsRefused() throws IOException {
        byte[] film = random(600_000, 11);
        byte[] other = random(600_000, 12);
        List<ArchiveVolume> a = RarBuilder.storedRar5("g", "video.mkv", film, 100_000);
        List<ArchiveVolume> b = RarBuilder.storedRar5("g", "video.mkv", other, 100_000);
        List<ArchiveVolume> posted = new ArrayList<>(obfuscated(a, "g"));
        posted.set(3, new ArchiveVolume("h3", b.get(3).bytes()));
        assertEquals(0, assertServedExactlyOrRefused(posted, film, other));
    }

    @Test
    void partsThatDisagreeOnTheMembersTimeAreRefused() throws IOException {
        byte[] film = random(500_000, 13);
        List<ArchiveVolume> a = RarBuilder.storedRar4("t", "film.mkv", film, 100_000);
        List<ArchiveVolume> b = RarBuilder.rar4("t")
                .member(new RarBuilder.Entry("film.mkv", film, false, false, 0x5B000000L))
                .volumeSize(100_000)
                .build();
        List<ArchiveVolume> posted = new ArrayList<>(a);
        posted.set(2, b.get(2));
        ArchiveSet set = scan(posted).sets().get(0);
        assertFalse(set.members().stream().anyMatch(Member::servable));
        assertEquals(Refusal.Reason.CONFLICT, refusal(set).reason());
    }

    static RarBuilder builder(ArchiveSet.Format format, String name) {
        return format == ArchiveSet.Format.RAR4 ? RarBuilder.rar4(name) : RarBuilder.rar5(name);
    }

    /** A stored set of one member in the format, cut into volumes of {@code volumeSize} bytes. */
    static List<ArchiveVolume> stored(
            ArchiveSet.Format format, String archive, String member, byte[] data, int volumeSize) {
        return builder(format, archive)
                .member(member, data)
                .volumeSize(volumeSize)
                .build();
    }
}
