package io.nzbmount.server.archive;

import static io.nzbmount.server.archive.RarScanTest.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** par2's slice checksums, combined with the RAR part checksums, prove a set without reading its data. */
class Par2ProofTest {
    private static final int SLICE = 64 * 1024;

    private static List<Par2File> par2Of(List<ArchiveVolume> volumes) {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (ArchiveVolume v : volumes) files.put(v.name(), v.bytes());
        return Par2Descriptions.parse(Par2IndexWriter.write(files, SLICE));
    }

    @Test
    void par2SliceChecksumsProveTheOrderWithoutReadingTheData() throws IOException {
        byte[] film = random(9_900_000, 1);
        for (List<ArchiveVolume> volumes : List.of(
                RarBuilder.storedRar5("p", "film.mkv", film, 2_000_000),
                RarBuilder.storedRar4("p", "film.mkv", film, 2_000_000))) {
            CountingSource source = new CountingSource(volumes);
            ArchiveSet set = ArchiveScanner.scan(source, par2Of(volumes)).sets().get(0);
            assertEquals(ArchiveSet.Order.PROVED, set.order());
            assertArrayEquals(film, source.bytesOf(set.members().get(0)));
            for (int v = 0; v < volumes.size(); v++) {
                assertTrue(source.bytesRead(v) <= 64 * 1024, "volume " + v + " read " + source.bytesRead(v));
            }
        }
    }

    @Test
    void par2ChecksumsOfTheRealVolumesRefuseAVolumeOfAnotherSet() throws IOException {
        byte[] film = random(900_000, 2);
        byte[] other = random(900_000, 3);
        List<ArchiveVolume> real = RarBuilder.storedRar4("q", "film.avi", film, 200_000);
        List<ArchiveVolume> foreign = RarBuilder.storedRar4("q", "film.avi", other, 200_000);
        List<ArchiveVolume> posted = new ArrayList<>(real);
        posted.set(2, foreign.get(2));
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(posted), par2Of(real))
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.CONFLICT, set.refusal().orElseThrow().reason());
        assertFalse(set.members().stream().anyMatch(Member::servable));
    }

    @Test
    void par2SizeThatDiffersFromThePostedVolumeRefusesTheSet() throws IOException {
        byte[] film = random(500_000, 4);
        List<ArchiveVolume> real = RarBuilder.storedRar5("r", "film.mkv", film, 200_000);
        List<ArchiveVolume> described = new ArrayList<>(real);
        described.set(
                1,
                new ArchiveVolume(
                        real.get(1).name(), java.util.Arrays.copyOf(real.get(1).bytes(), 150_000)));
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(real), par2Of(described))
                .sets()
                .get(0);
        Refusal r = set.refusal().orElseThrow();
        assertEquals(Refusal.Reason.CONFLICT, r.reason());
        assertTrue(r.message().contains("150000"), r.message());
    }

    @Test
    void par2DescriptionsCarryTheSliceChecksumsOfEachFile() {
        byte[] a = random(200_000, 5);
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("a.bin", a);
        Par2File f = Par2Descriptions.parse(Par2IndexWriter.write(files, SLICE)).get(0);
        assertEquals(SLICE, f.sliceSize());
        assertEquals(4, f.sliceCrcs().length);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(a);
        crc.update(new byte[(int) f.padding()]);
        assertEquals(crc.getValue(), f.paddedCrc().orElseThrow());
    }
}
