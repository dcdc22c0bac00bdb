package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stored 7z writer: its split parts are read back by our own reader (signature and end header
 * CRCs, the file's CRC proving the parts' order against par2) and by 7-Zip itself.
 */
class StoredSevenZipWriterTest {
    private static final String MEMBER = "Some.Film.2024.360p.mkv";
    private static final String BASE = "Some.Film.2024.360p";
    private static final long MODIFIED = 1_704_067_200L;

    @TempDir
    Path work;

    private final byte[] film = random(606_457, 7);

    private static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static List<ArchiveVolume> named(List<byte[]> parts) {
        List<ArchiveVolume> out = new ArrayList<>();
        for (int i = 0; i < parts.size(); i++)
            out.add(new ArchiveVolume(StoredSevenZipWriter.volumeName(BASE, i), parts.get(i)));
        return out;
    }

    private static ArchiveSet scan(List<ArchiveVolume> volumes, List<ArchiveVolume> described) throws Exception {
        Map<String, byte[]> files = new LinkedHashMap<>();
        for (ArchiveVolume v : described) files.put(v.name(), v.bytes());
        List<Par2File> par2 = Par2Descriptions.parse(Par2IndexWriter.write(files, 64 * 1024));
        ArchiveScan scan = ArchiveScanner.scan(
                new VolumeSource() {
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
                },
                par2);
        assertEquals(1, scan.sets().size());
        return scan.sets().get(0);
    }

    @Test
    void partsAreAPlainSplitAndOurReaderProvesTheirOrderAndFindsTheWholeFile() throws Exception {
        List<ArchiveVolume> parts = named(StoredSevenZipWriter.write(MEMBER, film, 200_000, MODIFIED));
        assertEquals(
                List.of(BASE + ".7z.001", BASE + ".7z.002", BASE + ".7z.003", BASE + ".7z.004"),
                parts.stream().map(ArchiveVolume::name).toList());
        ByteArrayOutputStream whole = new ByteArrayOutputStream();
        for (ArchiveVolume p : parts) whole.writeBytes(p.bytes());
        assertArrayEquals(StoredSevenZipWriter.archive(MEMBER, film, MODIFIED), whole.toByteArray());
        for (ArchiveVolume p : parts.subList(0, 3)) assertEquals(200_000, p.bytes().length);

        ArchiveSet set = scan(parts, parts);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(ArchiveSet.Format.SEVEN_ZIP, set.format());
        assertEquals(ArchiveSet.Order.PROVED, set.order());
        Member member = set.members().get(0);
        assertEquals(MEMBER, member.name());
        assertTrue(member.servable(), member.toString());
        ByteArrayOutputStream joined = new ByteArrayOutputStream();
        for (Piece p : member.pieces()) joined.write(parts.get(p.file()).bytes(), (int) p.offset(), (int) p.length());
        assertArrayEquals(film, joined.toByteArray());
    }

    @Test
    void partsUnderEachOthersNamesAreRefused() throws Exception {
        List<ArchiveVolume> parts = named(StoredSevenZipWriter.write(MEMBER, film, 200_000, MODIFIED));
        List<ArchiveVolume> swapped = new ArrayList<>(parts);
        swapped.set(1, new ArchiveVolume(parts.get(1).name(), parts.get(2).bytes()));
        swapped.set(2, new ArchiveVolume(parts.get(2).name(), parts.get(1).bytes()));
        ArchiveSet set = scan(swapped, parts);
        assertTrue(set.refusal().isPresent(), "parts 2 and 3 swapped: " + set);
    }

    @Test
    void sevenZipTestsAndExtractsTheSplitArchive() throws Exception {
        Path tool = ExternalTool.require("/usr/bin/7zz");
        for (ArchiveVolume p : named(StoredSevenZipWriter.write(MEMBER, film, 150_000, MODIFIED))) {
            Files.write(work.resolve(p.name()), p.bytes());
        }
        ExternalTool.run(work, tool.toString(), "t", BASE + ".7z.001");
        ExternalTool.run(work, tool.toString(), "x", "-y", "-oout", BASE + ".7z.001");
        assertArrayEquals(film, Files.readAllBytes(work.resolve("out").resolve(MEMBER)));
        assertEquals(
                MODIFIED * 1000,
                Files.getLastModifiedTime(work.resolve("out").resolve(MEMBER)).toMillis());
    }
}
