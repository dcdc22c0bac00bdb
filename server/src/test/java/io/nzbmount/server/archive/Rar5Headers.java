package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** RAR5 headers for {@link RarBuilder}, after the RAR 5.0 archive format description. */
final class Rar5Headers implements RarBuilder.RarHeaders {

    @Override
    public byte[] signature() {
        return new byte[] {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00};
    }

    @Override
    public byte[] main(int number, boolean multiVolume, boolean solid, boolean newNumbering) {
        int flags = (multiVolume ? 0x01 : 0) | (multiVolume && number > 0 ? 0x02 : 0) | (solid ? 0x04 : 0);
        LittleEndianBytes f = new LittleEndianBytes().vint(1).vint(0).vint(flags);
        if (multiVolume && number > 0) f.vint(number);
        return header(f.toByteArray());
    }

    @Override
    public byte[] encryptedMain(int number, boolean multiVolume, boolean newNumbering) {
        // the archive encryption header: version 0, no check value, KDF count 15, a salt
        return header(new LittleEndianBytes()
                .vint(4)
                .vint(0)
                .vint(0)
                .vint(0)
                .u8(15)
                .bytes(new byte[16])
                .toByteArray());
    }

    @Override
    public byte[] file(
            RarBuilder.Entry entry,
            boolean solid,
            int partOffset,
            int partSize,
            boolean splitBefore,
            boolean splitAfter) {
        byte[] name = entry.name().getBytes(StandardCharsets.UTF_8);
        byte[] extra = entry.encrypted()
                ? record(
                        1,
                        new LittleEndianBytes()
                                .vint(0)
                                .vint(0)
                                .u8(15)
                                .bytes(new byte[16])
                                .bytes(new byte[16])
                                .toByteArray())
                : new byte[0];
        int flags = 0x02 | (extra.length > 0 ? 0x01 : 0) | (splitBefore ? 0x08 : 0) | (splitAfter ? 0x10 : 0);
        long compression = (entry.compressed() ? 3L << 7 : 0) | (solid ? 0x40 : 0);
        LittleEndianBytes f = new LittleEndianBytes().vint(2).vint(flags);
        if (extra.length > 0) f.vint(extra.length);
        f.vint(partSize)
                .vint(0x04 | 0x02)
                .vint(entry.data().length)
                .vint(0x20)
                .u32(entry.time())
                .u32(RarBuilder.dataCrc(entry, partOffset, partSize, splitAfter))
                .vint(compression)
                .vint(1)
                .vint(name.length)
                .bytes(name)
                .bytes(extra);
        return header(f.toByteArray());
    }

    @Override
    public byte[] end(boolean moreFollow, int number) {
        return header(
                new LittleEndianBytes().vint(5).vint(0).vint(moreFollow ? 1 : 0).toByteArray());
    }

    static byte[] record(int type, byte[] data) {
        LittleEndianBytes typed = new LittleEndianBytes().vint(type).bytes(data);
        return new LittleEndianBytes()
                .vint(typed.size())
                .bytes(typed.toByteArray())
                .toByteArray();
    }

    /** CRC32 of (size vint + body), then the size vint and the body (type onwards). */
    static byte[] header(byte[] body) {
        byte[] sized = new LittleEndianBytes().vint(body.length).bytes(body).toByteArray();
        CRC32 crc = new CRC32();
        crc.update(sized);
        return new LittleEndianBytes().u32(crc.getValue()).bytes(sized).toByteArray();
    }
}
