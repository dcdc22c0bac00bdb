package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * Writes one file into a 7z archive without compression (the copy method) and splits it into
 * parts the way 7-Zip does: a plain byte split of the one archive, every part {@code volumeSize}
 * bytes but the last. The archive is the 32-byte signature header, the file's bytes, and a plain
 * (not packed) end header recording the file's size, CRC-32, name and modification time; the
 * signature header carries the end header's place, size and CRC-32. Deterministic; pure.
 */
public final class StoredSevenZipWriter {
    private static final byte[] SIGNATURE = {0x37, 0x7A, (byte) 0xBC, (byte) 0xAF, 0x27, 0x1C, 0, 4};
    private static final int SIGNATURE_HEADER = 32;
    /** 100 ns intervals from 1601 to 1970. */
    private static final long FILETIME_1970 = 116_444_736_000_000_000L;

    private StoredSevenZipWriter() {}

    /**
     * The parts of the archive holding {@code data} as the file {@code name}, in order.
     *
     * @param modified the file's modification time, in seconds since 1970 (UTC)
     * @throws IllegalArgumentException when {@code volumeSize} is not positive or the name is empty
     */
    public static List<byte[]> write(String name, byte[] data, int volumeSize, long modified) {
        if (volumeSize <= 0 || name.isEmpty())
            throw new IllegalArgumentException("no parts of " + volumeSize + " bytes for " + name);
        byte[] archive = archive(name, data, modified);
        List<byte[]> parts = new ArrayList<>();
        for (int from = 0; from < archive.length; from += volumeSize) {
            parts.add(Arrays.copyOfRange(archive, from, Math.min(archive.length, from + volumeSize)));
        }
        return parts;
    }

    /** The name of part {@code index} (0-based) of the archive {@code base}.7z: 7-Zip's {@code .001} on. */
    public static String volumeName(String base, int index) {
        return String.format("%s.7z.%03d", base, index + 1);
    }

    /** The whole archive, unsplit. */
    static byte[] archive(String name, byte[] data, long modified) {
        byte[] header = header(name, data, modified);
        Out start = new Out().u64(data.length).u64(header.length).u32(crc(header, 0, header.length));
        byte[] next = start.bytes();
        Out out = new Out().raw(SIGNATURE).u32(crc(next, 0, next.length)).raw(next);
        byte[] head = out.bytes();
        byte[] archive = Arrays.copyOf(head, SIGNATURE_HEADER + data.length + header.length);
        System.arraycopy(data, 0, archive, SIGNATURE_HEADER, data.length);
        System.arraycopy(header, 0, archive, SIGNATURE_HEADER + data.length, header.length);
        return archive;
    }

    private static byte[] header(String name, byte[] data, long modified) {
        Out h = new Out()
                .u8(0x01) // header
                .u8(0x04) // main streams info
                .u8(0x06)
                .number(0)
                .number(1)
                .u8(0x09)
                .number(data.length)
                .u8(0x00) // pack info: one stream at 0
                .u8(0x07)
                .u8(0x0B)
                .number(1)
                .u8(0) // unpack info: one folder, in the header
                .number(1)
                .u8(0x01)
                .u8(0x00) // one coder: simple, 1-byte id 00 (copy)
                .u8(0x0C)
                .number(data.length)
                .u8(0x00) // its unpack size; no folder CRC
                .u8(0x08)
                .u8(0x0A)
                .u8(1)
                .u32(crc(data, 0, data.length))
                .u8(0x00) // substreams: the file's CRC
                .u8(0x00) // end of streams info
                .u8(0x05)
                .number(1); // files info: one file
        byte[] utf16 = (name + "\0").getBytes(StandardCharsets.UTF_16LE);
        h.u8(0x11).number(utf16.length + 1).u8(0).raw(utf16);
        h.u8(0x14).number(1 + 1 + 8).u8(1).u8(0).u64(FILETIME_1970 + modified * 10_000_000L);
        return h.u8(0x00).u8(0x00).bytes(); // end of files info, end of header
    }

    private static long crc(byte[] b, int from, int length) {
        CRC32 c = new CRC32();
        c.update(b, from, length);
        return c.getValue();
    }

    /** Little-endian bytes and 7z numbers. */
    private static final class Out {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Out u8(int v) {
            out.write(v);
            return this;
        }

        Out u32(long v) {
            for (int i = 0; i < 4; i++) out.write((int) (v >>> (8 * i)));
            return this;
        }

        Out u64(long v) {
            for (int i = 0; i < 8; i++) out.write((int) (v >>> (8 * i)));
            return this;
        }

        Out raw(byte[] b) {
            out.writeBytes(b);
            return this;
        }

        /**
         * A 7z number: as many leading one bits in the first byte as whole bytes follow (little
         * endian), the first byte's remaining bits the value's highest.
         */
        Out number(long v) {
            int extra = 0;
            while (extra < 8 && v >= 1L << (7 * (extra + 1))) extra++;
            if (extra == 8) {
                out.write(0xFF);
                return u64(v);
            }
            int mask = (0xFF00 >>> extra) & 0xFF;
            out.write(mask | (int) (v >>> (8 * extra)));
            for (int i = 0; i < extra; i++) out.write((int) (v >>> (8 * i)));
            return this;
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
