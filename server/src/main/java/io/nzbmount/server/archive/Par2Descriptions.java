package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the file descriptions of a par2 file, with the slice size of their set (main packet) and
 * their slice checksums (IFSC packets) when the file holds them. Pure; thread-safe.
 *
 * <p>A packet: magic {@code PAR2\0PKT}, length (8 bytes, little-endian, whole packet, a multiple
 * of 4), MD5 of the packet from the recovery set id to its end, recovery set id (16), type (16),
 * body. A damaged packet is skipped and reading resumes at the next magic.
 */
public final class Par2Descriptions {
    private static final byte[] MAGIC = {'P', 'A', 'R', '2', 0, 'P', 'K', 'T'};
    private static final byte[] FILE_DESCRIPTION = "PAR 2.0\0FileDesc".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MAIN = "PAR 2.0\0Main\0\0\0\0".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SLICE_CHECKSUMS = "PAR 2.0\0IFSC\0\0\0\0".getBytes(StandardCharsets.US_ASCII);
    /** An MD5 and a CRC-32 per slice. */
    private static final int SLICE_ENTRY = 16 + 4;
    private static final int PACKET_HEADER = 64;
    /** File id, MD5, MD5 of the first 16 KiB, length. */
    private static final int DESCRIPTION_FIXED = 16 + 16 + 16 + 8;

    private Par2Descriptions() {}

    /** True when {@code head} (the first bytes of a file) starts a par2 packet. */
    public static boolean isPar2(byte[] head) {
        return ArchiveScanner.startsWith(head, MAGIC);
    }

    /**
     * The recovery set id of the first packet of a par2 file, from its first bytes; empty when
     * {@code head} does not start a par2 packet.
     */
    public static java.util.Optional<String> setId(byte[] head) {
        if (!isPar2(head) || head.length < 48) return java.util.Optional.empty();
        return java.util.Optional.of(java.util.HexFormat.of().formatHex(head, 32, 48));
    }

    /**
     * Every file description packet in {@code par2} whose packet checksum is right, once per file
     * id, with the slice size of its set and its slice checksums when those packets are there;
     * packets of other kinds and damaged packets are skipped.
     */
    public static List<Par2File> parse(byte[] par2) {
        Map<String, Par2File> byFileId = new LinkedHashMap<>();
        Map<String, String> setOf = new java.util.HashMap<>();
        Map<String, Long> sliceSizes = new java.util.HashMap<>();
        Map<String, long[]> crcs = new java.util.HashMap<>();
        int pos = nextMagic(par2, 0);
        while (pos >= 0 && par2.length - pos >= PACKET_HEADER) {
            long length = le64(par2, pos + 8);
            if (length < PACKET_HEADER || length % 4 != 0 || length > par2.length - pos || !checksumMatches(par2, pos, (int) length)) {
                pos = nextMagic(par2, pos + 1);
                continue;
            }
            int body = pos + PACKET_HEADER;
            String set = java.util.HexFormat.of().formatHex(par2, pos + 32, pos + 48);
            if (Arrays.equals(par2, pos + 48, pos + 64, MAIN, 0, 16) && length >= PACKET_HEADER + 12) {
                sliceSizes.putIfAbsent(set, le64(par2, body));
            } else if (Arrays.equals(par2, pos + 48, pos + 64, SLICE_CHECKSUMS, 0, 16) && length >= PACKET_HEADER + 16) {
                long[] sliceCrcs = new long[(int) ((length - PACKET_HEADER - 16) / SLICE_ENTRY)];
                for (int i = 0; i < sliceCrcs.length; i++) sliceCrcs[i] = le32(par2, body + 16 + i * SLICE_ENTRY + 16);
                crcs.putIfAbsent(java.util.HexFormat.of().formatHex(par2, body, body + 16), sliceCrcs);
            }
            if (Arrays.equals(par2, pos + 48, pos + 64, FILE_DESCRIPTION, 0, 16) && length >= PACKET_HEADER + DESCRIPTION_FIXED) {
                String id = java.util.HexFormat.of().formatHex(par2, body, body + 16);
                setOf.putIfAbsent(id, set);
                byte[] md5 = Arrays.copyOfRange(par2, body + 16, body + 32);
                byte[] hash16k = Arrays.copyOfRange(par2, body + 32, body + 48);
                long size = le64(par2, body + 48);
                int nameStart = body + DESCRIPTION_FIXED;
                int nameEnd = pos + (int) length;
                while (nameEnd > nameStart && par2[nameEnd - 1] == 0) nameEnd--;
                String name = new String(par2, nameStart, nameEnd - nameStart, StandardCharsets.UTF_8);
                if (size >= 0) byFileId.putIfAbsent(id, new Par2File(name, size, hash16k, md5));
            }
            pos = nextMagic(par2, pos + (int) length);
        }
        List<Par2File> files = new ArrayList<>();
        for (Map.Entry<String, Par2File> e : byFileId.entrySet()) {
            Par2File f = e.getValue();
            long sliceSize = sliceSizes.getOrDefault(setOf.get(e.getKey()), 0L);
            long[] sliceCrcs = crcs.getOrDefault(e.getKey(), new long[0]);
            files.add(new Par2File(f.name(), f.size(), f.hash16k(), f.md5(), sliceSize, sliceCrcs));
        }
        return files;
    }

    private static boolean checksumMatches(byte[] b, int pos, int length) {
        try {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            md5.update(b, pos + 32, length - 32);
            return Arrays.equals(md5.digest(), 0, 16, b, pos + 16, pos + 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has MD5", e);
        }
    }

    private static int nextMagic(byte[] b, int from) {
        for (int i = Math.max(0, from); i + MAGIC.length <= b.length; i++) {
            if (b[i] == 'P' && Arrays.equals(b, i, i + MAGIC.length, MAGIC, 0, MAGIC.length)) return i;
        }
        return -1;
    }

    private static long le32(byte[] b, int at) {
        return littleEndian(b, at, 4);
    }

    private static long le64(byte[] b, int at) {
        return littleEndian(b, at, 8);
    }

    private static long littleEndian(byte[] b, int at, int count) {
        long v = 0;
        for (int i = count - 1; i >= 0; i--) v = v << 8 | (b[at + i] & 0xFF);
        return v;
    }
}
