package io.nzbmount.server.archive;

import static io.nzbmount.server.archive.RarScanTest.random;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

/** Header features real releases carry: sizes past 4 GiB, RAR5 extra records and service headers, comments. */
class RarFormatEdgesTest {
    private static final long GIB = 1L << 30;

    /** Files of any size that are zeros except where bytes were placed; reads of zeros cost nothing. */
    private static final class SparseSource implements VolumeSource {
        private final List<String> names = new ArrayList<>();
        private final List<Long> sizes = new ArrayList<>();
        private final List<List<long[]>> placedAt = new ArrayList<>();
        private final List<List<byte[]>> placed = new ArrayList<>();

        int add(String name, long size) {
            names.add(name);
            sizes.add(size);
            placedAt.add(new ArrayList<>());
            placed.add(new ArrayList<>());
            return names.size() - 1;
        }

        void place(int file, long offset, byte[] bytes) {
            placedAt.get(file).add(new long[] {offset});
            placed.get(file).add(bytes);
        }

        @Override
        public int count() {
            return names.size();
        }

        @Override
        public String name(int file) {
            return names.get(file);
        }

        @Override
        public long size(int file) {
            return sizes.get(file);
        }

        @Override
        public byte[] read(int file, long offset, int length) {
            byte[] out = new byte[(int) Math.max(0, Math.min(length, sizes.get(file) - offset))];
            for (int p = 0; p < placed.get(file).size(); p++) {
                long at = placedAt.get(file).get(p)[0];
                byte[] b = placed.get(file).get(p);
                for (int i = 0; i < out.length; i++) {
                    long o = offset + i - at;
                    if (o >= 0 && o < b.length) out[i] = b[(int) o];
                }
            }
            return out;
        }
    }

    private static byte[] rar4Main(int flags) {
        return Rar4Headers.block(0x73, flags, new byte[6]);
    }

    /** A stored RAR4 file header with the high size fields (LHD_LARGE). */
    private static byte[] rar4LargeFile(String name, long partSize, long unpackedSize, long crc, int splitFlags) {
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        LittleEndianBytes f = new LittleEndianBytes()
                .u32(partSize & 0xFFFFFFFFL)
                .u32(unpackedSize & 0xFFFFFFFFL)
                .u8(2)
                .u32(crc)
                .u32(RarBuilder.Entry.TIME)
                .u8(29)
                .u8(0x30)
                .u16(n.length)
                .u32(0x20)
                .u32(partSize >>> 32)
                .u32(unpackedSize >>> 32)
                .bytes(n);
        return Rar4Headers.block(0x74, 0x8000 | 0x100 | splitFlags, f.toByteArray());
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    @Test
    void rar4MemberOver4GiBTakesItsSizesFromTheHighFields() {
        long size = 5 * GIB + 12_345;
        SparseSource source = new SparseSource();
        byte[] sig = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00};
        byte[] head = concat(sig, rar4Main(0), rar4LargeFile("huge.mkv", size, size, 0, 0));
        byte[] end = Rar4Headers.block(0x7B, 0, new byte[0]);
        int file = source.add("huge.rar", head.length + size + end.length);
        source.place(file, 0, head);
        source.place(file, head.length + size, end);
        ArchiveSet set = scanOf(source).sets().get(0);
        Member m = set.members().get(0);
        assertTrue(m.servable(), () -> m.refusal().toString());
        assertEquals(size, m.size());
        assertEquals(List.of(new Piece(0, head.length, size)), m.pieces());
    }

    @Test
    void rar4SetOver4GiBInTwoVolumesJoinsByHeaderNumbers() {
        long first = 4 * GIB + 100;
        long second = GIB;
        SparseSource source = new SparseSource();
        byte[] sig = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00};
        byte[] h1 = concat(
                sig, rar4Main(0x0001 | 0x0010 | 0x0100), rar4LargeFile("huge.mkv", first, first + second, 7, 0x02));
        byte[] h2 = concat(sig, rar4Main(0x0001 | 0x0010), rar4LargeFile("huge.mkv", second, first + second, 9, 0x01));
        byte[] e1 = Rar4Headers.block(
                0x7B, 0x01 | 0x02 | 0x08, new LittleEndianBytes().u32(0).u16(0).toByteArray());
        byte[] e2 = Rar4Headers.block(
                0x7B, 0x02 | 0x08, new LittleEndianBytes().u32(0).u16(1).toByteArray());
        int b = source.add("x2", h2.length + second + e2.length);
        int a = source.add("x1", h1.length + first + e1.length);
        source.place(a, 0, h1);
        source.place(a, h1.length + first, e1);
        source.place(b, 0, h2);
        source.place(b, h2.length + second, e2);
        ArchiveSet set = scanOf(source).sets().get(0);
        assertEquals(List.of(a, b), set.volumes());
        Member m = set.members().get(0);
        assertTrue(m.servable(), () -> m.refusal().toString());
        assertEquals(first + second, m.size());
        assertEquals(List.of(new Piece(a, h1.length, first), new Piece(b, h2.length, second)), m.pieces());
        assertEquals(ArchiveSet.Order.HEADERS, set.order(), "a last part of 1 GiB is not read to prove it");
    }

    private static ArchiveScan scanOf(VolumeSource source) {
        try {
            return ArchiveScanner.scan(source);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A RAR5 service header (comment, quick open, recovery) with its data. */
    private static byte[] rar5Service(String name, byte[] data) {
        byte[] n = name.getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(data);
        byte[] head = Rar5Headers.header(new LittleEndianBytes()
                .vint(3)
                .vint(0x02)
                .vint(data.length)
                .vint(0x04)
                .vint(data.length)
                .vint(0)
                .u32(crc.getValue())
                .vint(0)
                .vint(1)
                .vint(n.length)
                .bytes(n)
                .toByteArray());
        return concat(head, data);
    }

    @Test
    void rar5ExtraRecordsAndServiceHeadersAroundTheMemberAreSkipped() throws Exception {
        byte[] film = random(200_000, 1);
        byte[] comment = "Ripped by nobody. \u00e9\u00e8".getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(film);
        byte[] name = "Film/Amélie 天使.mkv".getBytes(StandardCharsets.UTF_8);
        // extra records: high-precision time (Unix nanoseconds), a BLAKE2sp hash
        byte[] extra = concat(
                Rar5Headers.record(
                        3,
                        new LittleEndianBytes()
                                .vint(0x01 | 0x02 | 0x10)
                                .u32(0x5F000000L)
                                .u32(123_456_789)
                                .toByteArray()),
                Rar5Headers.record(
                        2, new LittleEndianBytes().vint(0).bytes(new byte[32]).toByteArray()));
        byte[] fileHeader = Rar5Headers.header(new LittleEndianBytes()
                .vint(2)
                .vint(0x01 | 0x02)
                .vint(extra.length)
                .vint(film.length)
                .vint(0x04)
                .vint(film.length)
                .vint(0x20)
                .u32(crc.getValue())
                .vint(0)
                .vint(1)
                .vint(name.length)
                .bytes(name)
                .bytes(extra)
                .toByteArray());
        Rar5Headers h = new Rar5Headers();
        byte[] archive = concat(
                h.signature(),
                h.main(0, false, false, true),
                rar5Service("CMT", comment),
                fileHeader,
                film,
                rar5Service("QO", random(300, 2)),
                rar5Service("RR", random(20_000, 3)),
                h.end(false, 0));
        CountingSource source = new CountingSource(List.of(new ArchiveVolume("film.rar", archive)));
        ArchiveSet set = ArchiveScanner.scan(source).sets().get(0);
        assertEquals(1, set.members().size(), "service headers are not members");
        Member m = set.members().get(0);
        assertEquals("Film/Amélie 天使.mkv", m.name());
        assertArrayEquals(film, source.bytesOf(m));
    }

    @Test
    void rar4CommentBlockAndServiceHeadersAreSkipped() throws Exception {
        byte[] film = random(100_000, 4);
        byte[] sig = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00};
        byte[] cmt = "a comment".getBytes(StandardCharsets.US_ASCII);
        byte[] cmtName = "CMT".getBytes(StandardCharsets.US_ASCII);
        CRC32 c = new CRC32();
        c.update(cmt);
        byte[] service = Rar4Headers.block(
                0x7A,
                0x8000,
                new LittleEndianBytes()
                        .u32(cmt.length)
                        .u32(cmt.length)
                        .u8(2)
                        .u32(c.getValue())
                        .u32(0)
                        .u8(29)
                        .u8(0x30)
                        .u16(cmtName.length)
                        .u32(0)
                        .bytes(cmtName)
                        .toByteArray());
        // an old-style comment block (0x75) with its packed comment inside the header
        byte[] oldComment = Rar4Headers.block(
                0x75,
                0,
                new LittleEndianBytes()
                        .u16(4)
                        .u8(29)
                        .u8(0x30)
                        .u16(0)
                        .bytes(new byte[] {1, 2, 3, 4})
                        .toByteArray());
        List<ArchiveVolume> built = RarBuilder.storedRar4("c", "film.mkv", film, 0);
        byte[] plain = built.get(0).bytes();
        byte[] mainAndSig = java.util.Arrays.copyOf(plain, sig.length + 13);
        byte[] rest = java.util.Arrays.copyOfRange(plain, mainAndSig.length, plain.length);
        byte[] archive = concat(mainAndSig, oldComment, concat(service, cmt), rest);
        CountingSource source = new CountingSource(List.of(new ArchiveVolume("c.rar", archive)));
        ArchiveSet set = ArchiveScanner.scan(source).sets().get(0);
        assertTrue(set.refusal().isEmpty(), () -> set.refusal().toString());
        assertEquals(1, set.members().size());
        assertArrayEquals(film, source.bytesOf(set.members().get(0)));
    }
}
