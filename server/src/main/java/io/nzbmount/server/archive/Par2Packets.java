package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds the packets of a par2 file whose packet checksum is right. Pure; thread-safe.
 *
 * <p>A packet: magic {@code PAR2\0PKT}, length (8 bytes, little-endian, whole packet, a multiple
 * of 4), MD5 of the packet from the recovery set id to its end, recovery set id (16), type (16),
 * body. A damaged packet is skipped and reading resumes at the next magic.
 */
public final class Par2Packets {
    static final byte[] MAGIC = {'P', 'A', 'R', '2', 0, 'P', 'K', 'T'};
    /** Magic, length, packet MD5, recovery set id, type. */
    public static final int HEADER = 64;

    private Par2Packets() {}

    /**
     * One packet of a par2 file, a view of the file's bytes (not copied: the caller keeps them unchanged).
     *
     * @param file   the whole par2 file
     * @param offset where the packet starts
     * @param length the packet's length, header included
     */
    public record Packet(byte[] file, int offset, int length) {
        /** Where the body starts in {@link #file()}. */
        public int body() {
            return offset + HEADER;
        }

        /** The body's length in bytes. */
        public int bodyLength() {
            return length - HEADER;
        }

        /** True when the packet's type is {@code type} (16 bytes, zero padded). */
        public boolean isType(byte[] type) {
            return Arrays.equals(file, offset + 48, offset + 64, type, 0, 16);
        }

        /** The recovery set id, 16 bytes. */
        public byte[] setId() {
            return Arrays.copyOfRange(file, offset + 32, offset + 48);
        }
    }

    /** A packet type as par2 writes it: the ASCII text padded with zeros to 16 bytes. */
    public static byte[] type(String text) {
        return Arrays.copyOf(text.getBytes(StandardCharsets.US_ASCII), 16);
    }

    /** Every packet of {@code par2} whose length fits and whose packet MD5 is right, in file order. */
    public static List<Packet> in(byte[] par2) {
        List<Packet> packets = new ArrayList<>();
        int pos = nextMagic(par2, 0);
        while (pos >= 0 && par2.length - pos >= HEADER) {
            long length = le64(par2, pos + 8);
            if (length < HEADER
                    || length % 4 != 0
                    || length > par2.length - pos
                    || !checksumMatches(par2, pos, (int) length)) {
                pos = nextMagic(par2, pos + 1);
                continue;
            }
            packets.add(new Packet(par2, pos, (int) length));
            pos = nextMagic(par2, pos + (int) length);
        }
        return packets;
    }

    /** The unsigned little-endian 32-bit number at {@code at}. */
    public static long le32(byte[] b, int at) {
        return littleEndian(b, at, 4);
    }

    /** The little-endian 64-bit number at {@code at}. */
    public static long le64(byte[] b, int at) {
        return littleEndian(b, at, 8);
    }

    private static long littleEndian(byte[] b, int at, int count) {
        long v = 0;
        for (int i = count - 1; i >= 0; i--) v = v << 8 | (b[at + i] & 0xFF);
        return v;
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
}
