package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the file descriptions of a par2 file, with the slice size of their set (main packet) and
 * their slice checksums (IFSC packets) when the file holds them. Pure; thread-safe.
 *
 * <p>Packets are found by {@link Par2Packets}: damaged ones are skipped.
 */
public final class Par2Descriptions {
    private static final byte[] FILE_DESCRIPTION = "PAR 2.0\0FileDesc".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MAIN = "PAR 2.0\0Main\0\0\0\0".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SLICE_CHECKSUMS = "PAR 2.0\0IFSC\0\0\0\0".getBytes(StandardCharsets.US_ASCII);
    /** An MD5 and a CRC-32 per slice. */
    private static final int SLICE_ENTRY = 16 + 4;

    private static final int PACKET_HEADER = Par2Packets.HEADER;
    /** File id, MD5, MD5 of the first 16 KiB, length. */
    private static final int DESCRIPTION_FIXED = 16 + 16 + 16 + 8;

    private Par2Descriptions() {}

    /** True when {@code head} (the first bytes of a file) starts a par2 packet. */
    public static boolean isPar2(byte[] head) {
        return ArchiveScanner.startsWith(head, Par2Packets.MAGIC);
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
        for (Par2Packets.Packet packet : Par2Packets.in(par2)) {
            int pos = packet.offset();
            long length = packet.length();
            int body = packet.body();
            String set = java.util.HexFormat.of().formatHex(par2, pos + 32, pos + 48);
            if (packet.isType(MAIN) && length >= PACKET_HEADER + 12) {
                sliceSizes.putIfAbsent(set, le64(par2, body));
            } else if (packet.isType(SLICE_CHECKSUMS) && length >= PACKET_HEADER + 16) {
                long[] sliceCrcs = new long[(int) ((length - PACKET_HEADER - 16) / SLICE_ENTRY)];
                for (int i = 0; i < sliceCrcs.length; i++) sliceCrcs[i] = le32(par2, body + 16 + i * SLICE_ENTRY + 16);
                crcs.putIfAbsent(java.util.HexFormat.of().formatHex(par2, body, body + 16), sliceCrcs);
            }
            if (packet.isType(FILE_DESCRIPTION) && length >= PACKET_HEADER + DESCRIPTION_FIXED) {
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

    private static long le32(byte[] b, int at) {
        return Par2Packets.le32(b, at);
    }

    private static long le64(byte[] b, int at) {
        return Par2Packets.le64(b, at);
    }
}
