package io.nzbmount.server.matrix;

/**
 * Where a RAR5 volume's file data lies, read from its headers as the RAR 5.0 format describes
 * them (a CRC-32, the header's size as a vint, then its type, flags, extra area size and data
 * size), so a layout knows where encrypted film bytes are without decrypting them. Stateless.
 */
final class Rar5FileData {
    private static final int SIGNATURE = 8;
    private static final int FILE_HEADER = 2;

    private Rar5FileData() {}

    /** {offset, size} of the data area of the volume's first file header. */
    static long[] of(byte[] volume) {
        int p = SIGNATURE;
        while (p < volume.length) {
            long[] size = vint(volume, p + 4);
            int header = p + 4 + (int) size[1];
            int q = header;
            long[] type = vint(volume, q);
            q += (int) type[1];
            long[] flags = vint(volume, q);
            q += (int) flags[1];
            if ((flags[0] & 0x01) != 0) q += (int) vint(volume, q)[1];
            long data = (flags[0] & 0x02) != 0 ? vint(volume, q)[0] : 0;
            int next = header + (int) size[0];
            if (type[0] == FILE_HEADER) return new long[] {next, data};
            p = next + (int) data;
        }
        throw new IllegalStateException("no file header in the volume");
    }

    /** {value, length in bytes} of the vint at {@code at}. */
    private static long[] vint(byte[] b, int at) {
        long value = 0;
        for (int i = 0; ; i++) {
            int x = b[at + i] & 0xFF;
            value |= (long) (x & 0x7F) << (7 * i);
            if ((x & 0x80) == 0) return new long[] {value, i + 1};
        }
    }
}
