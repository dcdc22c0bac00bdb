package io.nzbmount.server.archive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Par2DescriptionsTest {

    @TempDir
    Path dir;

    static byte[] md5(byte[] b, int length) throws Exception {
        MessageDigest md = MessageDigest.getInstance("MD5");
        md.update(b, 0, Math.min(length, b.length));
        return md.digest();
    }

    /** A packet as the par2 specification lays it out, with a right checksum. */
    static byte[] packet(String type, byte[] body) throws Exception {
        byte[] typeField = Arrays.copyOf(type.getBytes(StandardCharsets.US_ASCII), 16);
        LittleEndianBytes covered =
                new LittleEndianBytes().bytes(new byte[16]).bytes(typeField).bytes(body);
        byte[] tail = covered.toByteArray();
        return new LittleEndianBytes()
                .bytes("PAR2\0PKT".getBytes(StandardCharsets.US_ASCII))
                .u64(32 + tail.length)
                .bytes(md5(tail, tail.length))
                .bytes(tail)
                .toByteArray();
    }

    static byte[] description(byte id, String name, byte[] file) throws Exception {
        byte[] nameBytes = name.getBytes(StandardCharsets.UTF_8);
        byte[] padded = Arrays.copyOf(nameBytes, (nameBytes.length + 3) / 4 * 4);
        byte[] fileId = new byte[16];
        Arrays.fill(fileId, id);
        return packet(
                "PAR 2.0\0FileDesc",
                new LittleEndianBytes()
                        .bytes(fileId)
                        .bytes(md5(file, file.length))
                        .bytes(md5(file, 16 * 1024))
                        .u64(file.length)
                        .bytes(padded)
                        .toByteArray());
    }

    @Test
    void par2ToolDescriptionsGiveNamesSizesAndHashes() throws Exception {
        byte[] a = RarScanTest.random(100_000, 31);
        byte[] b = RarScanTest.random(5_000, 32);
        Files.write(dir.resolve("film.mkv"), a);
        Files.write(dir.resolve("Film.Name.nfo"), b);
        ExternalTool.run(dir, "/usr/bin/par2", "create", "-q", "-r5", "-n1", "set.par2", "film.mkv", "Film.Name.nfo");
        byte[] index = Files.readAllBytes(dir.resolve("set.par2"));
        assertTrue(Par2Descriptions.isPar2(index));
        List<Par2File> files = Par2Descriptions.parse(index).stream()
                .sorted(Comparator.comparing(Par2File::name))
                .toList();
        assertEquals(
                List.of("Film.Name.nfo", "film.mkv"),
                files.stream().map(Par2File::name).toList());
        assertEquals(b.length, files.get(0).size());
        assertArrayEquals(md5(b, b.length), files.get(0).md5());
        assertArrayEquals(md5(b, 16 * 1024), files.get(0).hash16k());
        assertEquals(a.length, files.get(1).size());
        assertArrayEquals(md5(a, a.length), files.get(1).md5());
        assertArrayEquals(md5(a, 16 * 1024), files.get(1).hash16k());
    }

    @Test
    void damagedPacketIsSkippedAndTheNextOneStillRead() throws Exception {
        byte[] one = RarScanTest.random(20_000, 33);
        byte[] two = RarScanTest.random(300, 34);
        byte[] damaged = description((byte) 1, "one.mkv", one);
        damaged[damaged.length - 9] ^= 0x40;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(damaged);
        out.writeBytes(packet("PAR 2.0\0Main", new byte[12]));
        out.writeBytes(description((byte) 2, "two – ü.srt", two));
        List<Par2File> files = Par2Descriptions.parse(out.toByteArray());
        assertEquals(1, files.size());
        assertEquals("two – ü.srt", files.get(0).name());
        assertEquals(300, files.get(0).size());
        assertArrayEquals(md5(two, two.length), files.get(0).md5());
    }

    @Test
    void repeatedDescriptionsCountOncePerFileId() throws Exception {
        byte[] data = RarScanTest.random(1000, 35);
        byte[] packet = description((byte) 7, "film.mkv", data);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("junk before".getBytes());
        out.writeBytes(packet);
        out.writeBytes(packet);
        out.writeBytes(Arrays.copyOf(packet, 40)); // a truncated copy at the end
        assertEquals(1, Par2Descriptions.parse(out.toByteArray()).size());
    }

    @Test
    void onlyParTwoMagicCountsAsPar2() {
        assertTrue(Par2Descriptions.isPar2("PAR2\0PKT....".getBytes(StandardCharsets.ISO_8859_1)));
        assertFalse(Par2Descriptions.isPar2("PAR2 PKT....".getBytes(StandardCharsets.ISO_8859_1)));
        assertFalse(Par2Descriptions.isPar2(new byte[3]));
    }
}
