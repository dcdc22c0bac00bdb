package io.nzbmount.server.archive;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import javax.crypto.Cipher;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Writes one stored file into an encrypted RAR4 (RAR 2.9/3.x) volume set, after the RAR 3.x
 * technote, for tests: the file's data is AES-128-CBC with the key and IV of {@link Rar3Kdf}
 * (password and the 8-byte salt its headers carry), padded to whole blocks and cut into the
 * volumes wherever they end (inside a block too), as {@code rar -p} does. With {@code -hp} every
 * block after the main header is a salt, then the header encrypted on its own chain and padded to
 * whole blocks. Part headers carry the CRC-32 of their part as stored, the last one of the whole
 * file. Pure.
 */
public final class EncryptedRar4Writer {
    private static final byte[] SIGNATURE = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00};

    /** How to write: naming style, encrypted headers, and the salt. */
    public record Options(boolean oldStyleNames, boolean encryptedHeaders, byte[] salt) {}

    private EncryptedRar4Writer() {}

    /** Volumes of at most {@code volumeSize} bytes (0: one plain {@code .rar}), named as RAR names them. */
    public static List<ArchiveVolume> write(
            String archiveName, String member, byte[] data, int volumeSize, String password, Options options) {
        Rar3Kdf kdf = Rar3Kdf.derive(password, options.salt());
        byte[] stored = crypt(kdf, Arrays.copyOf(data, (data.length + 15) / 16 * 16));
        boolean multi = volumeSize > 0;
        int overhead = SIGNATURE.length
                + 13
                + sealed(kdf, options, fileHeader(member, data.length, 0, 0, true, true, options)).length
                + sealed(kdf, options, endHeader(true, 999)).length;
        int room = multi ? volumeSize - overhead : stored.length;
        if (room < 1)
            throw new IllegalArgumentException("volumes of " + volumeSize + " bytes cannot hold their headers");
        List<byte[]> volumes = new ArrayList<>();
        int offset = 0;
        do {
            int length = Math.min(room, stored.length - offset);
            boolean last = offset + length == stored.length;
            CRC32 crc = new CRC32();
            if (last) crc.update(data);
            else crc.update(stored, offset, length);
            LittleEndianBytes v = new LittleEndianBytes().bytes(SIGNATURE);
            int number = volumes.size();
            int mainFlags = (multi ? 0x0001 : 0)
                    | (options.oldStyleNames() ? 0 : 0x0010)
                    | (options.encryptedHeaders() ? 0x0080 : 0)
                    | (multi && number == 0 ? 0x0100 : 0);
            v.bytes(Rar4Headers.block(0x73, mainFlags, new byte[6]));
            v.bytes(sealed(
                    kdf, options, fileHeader(member, data.length, length, crc.getValue(), offset > 0, !last, options)));
            v.bytes(Arrays.copyOfRange(stored, offset, offset + length));
            v.bytes(sealed(kdf, options, endHeader(!last, number)));
            volumes.add(v.toByteArray());
            offset += length;
        } while (offset < stored.length);
        List<ArchiveVolume> named = new ArrayList<>();
        for (int i = 0; i < volumes.size(); i++) {
            String name;
            if (!multi) name = archiveName + ".rar";
            else if (options.oldStyleNames())
                name = i == 0 ? archiveName + ".rar" : archiveName + String.format(".r%02d", i - 1);
            else name = archiveName + String.format(".part%02d.rar", i + 1);
            named.add(new ArchiveVolume(name, volumes.get(i)));
        }
        return named;
    }

    /**
     * The volumes of a set written with plain headers, but with the file's CRC-32 in the last
     * volume's header changed (its header CRC made again to fit): the archive then records a CRC
     * its decrypted data does not have, as a wrong password that decrypts to a container's
     * signature, or damaged data, would show.
     */
    public static List<ArchiveVolume> withWrongCrc(List<ArchiveVolume> volumes) {
        List<ArchiveVolume> out = new ArrayList<>(volumes.subList(0, volumes.size() - 1));
        ArchiveVolume last = volumes.get(volumes.size() - 1);
        byte[] bytes = last.bytes().clone();
        int header = SIGNATURE.length + 13;
        int size = (bytes[header + 5] & 0xFF) | (bytes[header + 6] & 0xFF) << 8;
        if (bytes[header + 2] != 0x74) throw new IllegalArgumentException("no plain file header where one should be");
        bytes[header + 16] ^= 0x5A;
        CRC32 crc = new CRC32();
        crc.update(bytes, header + 2, size - 2);
        bytes[header] = (byte) crc.getValue();
        bytes[header + 1] = (byte) (crc.getValue() >>> 8);
        out.add(new ArchiveVolume(last.name(), bytes));
        return out;
    }

    private static byte[] fileHeader(
            String member,
            long size,
            int partSize,
            long crc,
            boolean splitBefore,
            boolean splitAfter,
            Options options) {
        byte[] name = member.replace('/', '\\').getBytes(StandardCharsets.US_ASCII);
        int flags = 0x8000 | (splitBefore ? 0x01 : 0) | (splitAfter ? 0x02 : 0) | 0x04 | 0x0400;
        LittleEndianBytes f = new LittleEndianBytes()
                .u32(partSize)
                .u32(size)
                .u8(2)
                .u32(crc)
                .u32(RarBuilder.Entry.TIME)
                .u8(29)
                .u8(0x30)
                .u16(name.length)
                .u32(0x20)
                .bytes(name)
                .bytes(options.salt());
        return Rar4Headers.block(0x74, flags, f.toByteArray());
    }

    private static byte[] endHeader(boolean moreFollow, int number) {
        return Rar4Headers.block(
                0x7B,
                (moreFollow ? 0x01 : 0) | 0x08,
                new LittleEndianBytes().u16(number).toByteArray());
    }

    /** The header as it is written: plain, or with {@code -hp} the salt and the header encrypted. */
    private static byte[] sealed(Rar3Kdf kdf, Options options, byte[] header) {
        if (!options.encryptedHeaders()) return header;
        byte[] body = crypt(kdf, Arrays.copyOf(header, (header.length + 15) / 16 * 16));
        return new LittleEndianBytes().bytes(options.salt()).bytes(body).toByteArray();
    }

    private static byte[] crypt(Rar3Kdf kdf, byte[] padded) {
        try {
            Cipher c = Cipher.getInstance("AES/CBC/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(kdf.key(), "AES"), new IvParameterSpec(kdf.iv()));
            return c.doFinal(padded);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has AES/CBC/NoPadding", e);
        }
    }
}
