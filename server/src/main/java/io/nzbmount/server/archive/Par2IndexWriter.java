package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Writes a par2 index file (no recovery data) for a set of files: the main packet, a file
 * description packet (real name, size, MD5 of the whole file and of its first 16 KiB) and the
 * slice checksums of each file, and a creator packet, after the Parity Volume Set Specification
 * 2.0. Enough for a par2 client to verify the files, and for anyone to recover their names from
 * their contents. Pure and stateless.
 */
public final class Par2IndexWriter {
    private static final byte[] MAGIC = {'P', 'A', 'R', '2', 0, 'P', 'K', 'T'};
    private static final String MAIN = "PAR 2.0\0Main\0\0\0\0";
    private static final String FILE_DESCRIPTION = "PAR 2.0\0FileDesc";
    private static final String SLICE_CHECKSUMS = "PAR 2.0\0IFSC\0\0\0\0";
    private static final String CREATOR = "PAR 2.0\0Creator\0";
    private static final int HASHED_HEAD = 16 * 1024;

    private Par2IndexWriter() {}

    /**
     * The index file of {@code files} (real name to content, in any order).
     *
     * @param sliceSize the recovery slice size, a positive multiple of 4
     */
    public static byte[] write(Map<String, byte[]> files, int sliceSize) {
        if (sliceSize <= 0 || sliceSize % 4 != 0) throw new IllegalArgumentException("bad slice size " + sliceSize);
        List<Described> described = new ArrayList<>();
        for (Map.Entry<String, byte[]> f : files.entrySet()) described.add(Described.of(f.getKey(), f.getValue()));
        // The main packet lists the file ids in order of their value as little-endian 128-bit numbers.
        described.sort(Comparator.comparing(Described::id, Par2IndexWriter::compareLittleEndian));
        LittleEndianBytes main = new LittleEndianBytes().u64(sliceSize).u32(described.size());
        for (Described d : described) main.bytes(d.id());
        byte[] setId = md5(main.toByteArray());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(packet(setId, MAIN, main));
        for (Described d : described) {
            LittleEndianBytes description = new LittleEndianBytes()
                    .bytes(d.id())
                    .bytes(md5(d.data()))
                    .bytes(d.hash16k())
                    .u64(d.data().length)
                    .bytes(d.name())
                    .padToFour();
            out.writeBytes(packet(setId, FILE_DESCRIPTION, description));
            LittleEndianBytes checksums = new LittleEndianBytes().bytes(d.id());
            for (int offset = 0; offset < d.data().length; offset += sliceSize) {
                byte[] slice = Arrays.copyOfRange(d.data(), offset, offset + sliceSize); // zero-padded at the end
                CRC32 crc = new CRC32();
                crc.update(slice);
                checksums.bytes(md5(slice)).u32(crc.getValue());
            }
            out.writeBytes(packet(setId, SLICE_CHECKSUMS, checksums));
        }
        out.writeBytes(packet(
                setId,
                CREATOR,
                new LittleEndianBytes()
                        .bytes("NZBMount".getBytes(StandardCharsets.US_ASCII))
                        .padToFour()));
        return out.toByteArray();
    }

    /** A file with what the packets say of it. */
    private record Described(byte[] name, byte[] data, byte[] hash16k, byte[] id) {
        static Described of(String name, byte[] data) {
            byte[] encoded = name.getBytes(StandardCharsets.UTF_8);
            byte[] hash16k = md5(Arrays.copyOf(data, Math.min(HASHED_HEAD, data.length)));
            byte[] id = md5(new LittleEndianBytes()
                    .bytes(hash16k)
                    .u64(data.length)
                    .bytes(encoded)
                    .toByteArray());
            return new Described(encoded, data, hash16k, id);
        }
    }

    /**
     * One Recovery Slice packet of the set {@code setId}: the exponent and the slice's bytes, for a
     * recovery volume written next to this index.
     */
    public static byte[] recoveryPacket(byte[] setId, int exponent, byte[] data) {
        return packet(
                setId,
                "PAR 2.0\0RecvSlic",
                new LittleEndianBytes().u32(exponent).bytes(data));
    }

    private static byte[] packet(byte[] setId, String type, LittleEndianBytes body) {
        byte[] content = new LittleEndianBytes()
                .bytes(setId)
                .bytes(type.getBytes(StandardCharsets.US_ASCII))
                .bytes(body.toByteArray())
                .toByteArray();
        return new LittleEndianBytes()
                .bytes(MAGIC)
                .u64(MAGIC.length + 8 + 16 + content.length)
                .bytes(md5(content))
                .bytes(content)
                .toByteArray();
    }

    private static int compareLittleEndian(byte[] a, byte[] b) {
        for (int i = a.length - 1; i >= 0; i--) {
            int c = Integer.compare(a[i] & 0xFF, b[i] & 0xFF);
            if (c != 0) return c;
        }
        return 0;
    }

    private static byte[] md5(byte[] data) {
        try {
            return MessageDigest.getInstance("MD5").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }
}
