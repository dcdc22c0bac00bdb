package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** RAR4 block headers for {@link RarBuilder}, after the RAR 2.9/3.x technote. */
final class Rar4Headers implements RarBuilder.RarHeaders {
    private final boolean volumeNumbers;

    Rar4Headers(boolean volumeNumbers) {
        this.volumeNumbers = volumeNumbers;
    }

    @Override
    public byte[] signature() {
        return new byte[] {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00};
    }

    @Override
    public byte[] main(int number, boolean multiVolume, boolean solid, boolean newNumbering) {
        return mainHeader(number, multiVolume, solid, newNumbering, false);
    }

    @Override
    public byte[] encryptedMain(int number, boolean multiVolume, boolean newNumbering) {
        return mainHeader(number, multiVolume, false, newNumbering, true);
    }

    private static byte[] mainHeader(
            int number, boolean multiVolume, boolean solid, boolean newNumbering, boolean password) {
        int flags = (multiVolume ? 0x0001 : 0)
                | (solid ? 0x0008 : 0)
                | (newNumbering ? 0x0010 : 0)
                | (password ? 0x0080 : 0)
                | (multiVolume && number == 0 ? 0x0100 : 0);
        return block(0x73, flags, new byte[6]);
    }

    @Override
    public byte[] file(
            RarBuilder.Entry entry,
            boolean solid,
            int partOffset,
            int partSize,
            boolean splitBefore,
            boolean splitAfter) {
        String stored = entry.name().replace('/', '\\'); // written as a Windows RAR writes it
        boolean ascii = stored.chars().allMatch(ch -> ch < 0x80);
        byte[] name = ascii ? stored.getBytes(StandardCharsets.US_ASCII) : unicodeName(stored);
        int flags = 0x8000
                | (splitBefore ? 0x01 : 0)
                | (splitAfter ? 0x02 : 0)
                | (entry.encrypted() ? 0x04 : 0)
                | (solid ? 0x10 : 0)
                | (ascii ? 0 : 0x200)
                | (entry.encrypted() ? 0x400 : 0);
        LittleEndianBytes f = new LittleEndianBytes();
        f.u32(partSize)
                .u32(entry.data().length)
                .u8(2)
                .u32(RarBuilder.dataCrc(entry, partOffset, partSize, splitAfter))
                .u32(entry.time())
                .u8(29)
                .u8(entry.compressed() ? 0x33 : 0x30)
                .u16(name.length)
                .u32(0x20)
                .bytes(name);
        if (entry.encrypted()) f.bytes(new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        return block(0x74, flags, f.toByteArray());
    }

    @Override
    public byte[] end(boolean moreFollow, int number) {
        LittleEndianBytes f = new LittleEndianBytes();
        int flags = moreFollow ? 0x01 : 0;
        if (volumeNumbers) {
            flags |= 0x02 | 0x08;
            f.u32(0).u16(number);
        }
        return block(0x7B, flags, f.toByteArray());
    }

    /** The legacy name (non-ASCII as '_'), a NUL, then every char as a whole 16-bit value. */
    private static byte[] unicodeName(String name) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < name.length(); i++) out.write(name.charAt(i) < 0x80 ? name.charAt(i) : '_');
        out.write(0);
        out.write(0); // high byte, unused by whole-char opcodes
        for (int i = 0; i < name.length(); i++) {
            if (i % 4 == 0) out.write(0xAA); // four "whole 16-bit char" opcodes
            out.write(name.charAt(i) & 0xFF);
            out.write(name.charAt(i) >>> 8);
        }
        return out.toByteArray();
    }

    static byte[] block(int type, int flags, byte[] fields) {
        int size = 7 + fields.length;
        LittleEndianBytes head =
                new LittleEndianBytes().u8(type).u16(flags).u16(size).bytes(fields);
        byte[] body = head.toByteArray();
        CRC32 crc = new CRC32();
        crc.update(body);
        return new LittleEndianBytes()
                .u16((int) (crc.getValue() & 0xFFFF))
                .bytes(body)
                .toByteArray();
    }
}
