package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored RAR5 volume writer and the par2 index writer (demo content): what they write is read
 * back by our own readers (which check every header CRC), and par2 verifies every file from the index.
 */
class StoredRar5WriterTest {
    private static final String MEMBER = "Some.Film.2024.360p.mkv";
    private static final long MODIFIED = 1_704_067_200L;

    @TempDir
    Path work;

    private final byte[] film = random(606_457, 4);

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static List<ArchiveVolume> named(List<byte[]> volumes) {
        return java.util.stream.IntStream.range(0, volumes.size())
                .mapToObj(i -> new ArchiveVolume(
                        StoredRar5Writer.volumeName("Some.Film.2024.360p", i, volumes.size()), volumes.get(i)))
                .toList();
    }

    private static ArchiveScan scan(List<ArchiveVolume> volumes) throws Exception {
        return ArchiveScanner.scan(new VolumeSource() {
            @Override
            public int count() {
                return volumes.size();
            }

            @Override
            public String name(int file) {
                return volumes.get(file).name();
            }

            @Override
            public long size(int file) {
                return volumes.get(file).bytes().length;
            }

            @Override
            public byte[] read(int file, long offset, int length) {
                byte[] b = volumes.get(file).bytes();
                return Arrays.copyOfRange(
                        b, (int) Math.min(offset, b.length), (int) Math.min(offset + length, b.length));
            }
        });
    }

    @Test
    void volumesAreAtMostTheirSizeAndOurScannerFindsTheWholeFileInThem() throws Exception {
        List<ArchiveVolume> volumes = named(StoredRar5Writer.write(MEMBER, film, 200_000, MODIFIED));
        assertEquals(4, volumes.size());
        assertEquals(
                List.of(
                        "Some.Film.2024.360p.part1.rar",
                        "Some.Film.2024.360p.part2.rar",
                        "Some.Film.2024.360p.part3.rar",
                        "Some.Film.2024.360p.part4.rar"),
                volumes.stream().map(ArchiveVolume::name).toList());
        for (ArchiveVolume v : volumes.subList(0, 3))
            assertTrue(v.bytes().length <= 200_000 && v.bytes().length > 199_800);
        ArchiveScan scan = scan(volumes);
        assertEquals(1, scan.sets().size());
        assertEquals(ArchiveSet.Format.RAR5, scan.sets().get(0).format());
        Member member = scan.sets().get(0).members().get(0);
        assertEquals(MEMBER, member.name());
        assertEquals(film.length, member.size());
        assertTrue(member.servable(), member.toString());
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (Piece p : member.pieces()) joined.write(volumes.get(p.file()).bytes(), (int) p.offset(), (int) p.length());
        assertArrayEquals(film, joined.toByteArray());
    }

    @Test
    void eachPartCarriesTheCrcOfItsBytesAndTheLastPartTheCrcOfTheWholeFile() throws Exception {
        List<ArchiveVolume> volumes = named(StoredRar5Writer.write(MEMBER, film, 150_000, MODIFIED));
        List<Piece> pieces = scan(volumes).sets().get(0).members().get(0).pieces();
        assertEquals(volumes.size(), pieces.size());
        for (int i = 0; i < pieces.size(); i++) {
            Piece p = pieces.get(i);
            byte[] volume = volumes.get(p.file()).bytes();
            // The file header ends: data CRC (4), compression (1), host OS (1), name length (1), name.
            int at = (int) p.offset() - MEMBER.length() - 3 - 4;
            long stored = (volume[at] & 0xFFL)
                    | (volume[at + 1] & 0xFFL) << 8
                    | (volume[at + 2] & 0xFFL) << 16
                    | (volume[at + 3] & 0xFFL) << 24;
            CRC32 crc = new CRC32();
            if (i == pieces.size() - 1) crc.update(film);
            else crc.update(volume, (int) p.offset(), (int) p.length());
            assertEquals(crc.getValue(), stored, "data CRC of part " + i);
        }
    }

    @Test
    void aSingleVolumeAndAnEmptyFileAreWhole() throws Exception {
        List<byte[]> one = StoredRar5Writer.write(MEMBER, film, 1_000_000, MODIFIED);
        assertEquals(1, one.size());
        Member member = scan(named(one)).sets().get(0).members().get(0);
        assertEquals(film.length, member.pieces().get(0).length());
        assertEquals(
                1,
                StoredRar5Writer.write("empty.bin", new byte[0], 1_000, MODIFIED)
                        .size());
        assertThrows(IllegalArgumentException.class, () -> StoredRar5Writer.write(MEMBER, film, 60, MODIFIED));
    }

    @Test
    void par2IndexNamesEveryFileByItsHashesAndPar2VerifiesThem() throws Exception {
        List<ArchiveVolume> volumes = named(StoredRar5Writer.write(MEMBER, film, 200_000, MODIFIED));
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (ArchiveVolume v : volumes) files.put(v.name(), v.bytes());
        byte[] index = Par2IndexWriter.write(files, 64 * 1024);

        List<Par2File> described = Par2Descriptions.parse(index);
        assertEquals(volumes.size(), described.size());
        for (Par2File d : described) {
            byte[] content = files.get(d.name());
            assertEquals(content.length, d.size(), d.name());
            assertArrayEquals(MessageDigest.getInstance("MD5").digest(content), d.md5(), d.name());
            assertArrayEquals(
                    MessageDigest.getInstance("MD5")
                            .digest(Arrays.copyOf(content, Math.min(16 * 1024, content.length))),
                    d.hash16k());
        }

        Path tool = ExternalTool.require("/usr/bin/par2");
        Files.write(work.resolve("Some.Film.2024.360p.par2"), index);
        for (ArchiveVolume v : volumes) Files.write(work.resolve(v.name()), v.bytes());
        ExternalTool.run(work, tool.toString(), "verify", "-q", "Some.Film.2024.360p.par2");
        byte[] broken = volumes.get(2).bytes().clone();
        broken[100_000] ^= 1;
        Files.write(work.resolve(volumes.get(2).name()), broken);
        assertThrows(
                org.opentest4j.AssertionFailedError.class,
                () -> ExternalTool.run(work, tool.toString(), "verify", "-q", "Some.Film.2024.360p.par2"),
                "par2 finds a changed byte: its checksums are real");
    }
}
