package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** A 7z written by hand (plain header, one copy folder with two files), so no tool is needed. */
class SevenZipHandBuiltTest {

    private static long crc(byte[] b) {
        CRC32 c = new CRC32();
        c.update(b);
        return c.getValue();
    }

    /** Two files in one copy-coded folder, then a plain (unpacked) header. */
    static byte[] sevenZip(byte[] a, byte[] b, byte[] coderId) {
        byte[] data = new byte[a.length + b.length];
        System.arraycopy(a, 0, data, 0, a.length);
        System.arraycopy(b, 0, data, a.length, b.length);
        LittleEndianBytes h = new LittleEndianBytes()
                .u8(0x01) // header
                .u8(0x04) // main streams
                .u8(0x06)
                .u8(0)
                .u8(1)
                .u8(0x09)
                .bytes(number(data.length))
                .u8(0x00) // pack info
                .u8(0x07)
                .u8(0x0B)
                .u8(1)
                .u8(0) // one folder, inline
                .u8(coderId.length)
                .bytes(coderId) // one simple coder
                .u8(0x0C)
                .bytes(number(data.length))
                .u8(0x00)
                .u8(0x08)
                .u8(0x0D)
                .u8(2)
                .u8(0x09)
                .bytes(number(a.length))
                .u8(0x00) // two substreams
                .u8(0x00)
                .u8(0x05)
                .u8(2); // files info, two files
        byte[] names = names("dir\\a.mkv", "b.nfo");
        h.u8(0x11).bytes(number(names.length + 1)).u8(0).bytes(names).u8(0x00).u8(0x00);
        byte[] header = h.toByteArray();
        byte[] start = new LittleEndianBytes()
                .u64(data.length)
                .u64(header.length)
                .u32(crc(header))
                .toByteArray();
        LittleEndianBytes out = new LittleEndianBytes()
                .bytes(new byte[] {0x37, 0x7A, (byte) 0xBC, (byte) 0xAF, 0x27, 0x1C, 0, 4})
                .u32(crc(start))
                .bytes(start)
                .bytes(data)
                .bytes(header);
        return out.toByteArray();
    }

    private static byte[] number(long v) {
        if (v < 0x80) return new byte[] {(byte) v};
        if (v < 0x4000) return new byte[] {(byte) (0x80 | v >>> 8), (byte) v};
        return new byte[] {(byte) 0xE0, (byte) v, (byte) (v >>> 8), (byte) (v >>> 16)};
    }

    private static byte[] names(String... names) {
        List<Byte> out = new ArrayList<>();
        for (String n : names) {
            for (byte x : (n + "\0").getBytes(StandardCharsets.UTF_16LE)) out.add(x);
        }
        byte[] b = new byte[out.size()];
        for (int i = 0; i < b.length; i++) b[i] = out.get(i);
        return b;
    }

    @Test
    void copyFolderFilesStartAfterThePrecedingFiles() throws IOException {
        byte[] a = RarScanTest.random(70_000, 41);
        byte[] b = RarScanTest.random(900, 42);
        CountingSource source =
                new CountingSource(List.of(new ArchiveVolume("hand.7z", sevenZip(a, b, new byte[] {0}))));
        ArchiveSet set = ArchiveScanner.scan(source).sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(
                List.of("dir/a.mkv", "b.nfo"),
                set.members().stream().map(Member::name).toList());
        assertArrayEquals(a, source.bytesOf(set.members().get(0)));
        assertArrayEquals(b, source.bytesOf(set.members().get(1)));
        assertEquals(32 + a.length, set.members().get(1).pieces().get(0).offset());
    }

    @Test
    void nonCopyCoderIsRefusedAsCompressed() throws IOException {
        byte[] archive = sevenZip(RarScanTest.random(500, 43), RarScanTest.random(50, 44), new byte[] {0x21}); // LZMA2
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(List.of(new ArchiveVolume("lz.7z", archive))))
                .sets()
                .get(0);
        assertTrue(
                set.members().stream().allMatch(m -> m.refusal().orElseThrow().reason() == Refusal.Reason.COMPRESSED));
    }

    @Test
    void endHeaderWithBadChecksumIsDamaged() throws IOException {
        byte[] archive = sevenZip(RarScanTest.random(500, 45), RarScanTest.random(50, 46), new byte[] {0});
        archive[archive.length - 3] ^= 1;
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(List.of(new ArchiveVolume("bad.7z", archive))))
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.DAMAGED, set.refusal().orElseThrow().reason());
        assertTrue(set.members().isEmpty());
    }

    @Test
    void headerSizesPastTheFileAreDamagedNotMapped() throws IOException {
        byte[] archive = sevenZip(RarScanTest.random(5000, 47), RarScanTest.random(50, 48), new byte[] {0});
        byte[] cut = Arrays.copyOf(archive, 3000);
        ArchiveSet set = ArchiveScanner.scan(new CountingSource(List.of(new ArchiveVolume("cut.7z", cut))))
                .sets()
                .get(0);
        assertEquals(Refusal.Reason.DAMAGED, set.refusal().orElseThrow().reason());
    }
}
