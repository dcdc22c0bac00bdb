package io.nzbmount.server.archive;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.zip.CRC32;

/**
 * Writes one file into a RAR5 volume set without compression (method "store"), the way most
 * releases wrap a film: each volume is the signature, a main header, a file header for the part
 * of the file it holds, those bytes, and an end-of-archive header. Headers carry their CRC32;
 * each part's header carries the CRC32 of that part's bytes, and the last part's the CRC32 of
 * the whole file (as the format has it). Pure and stateless.
 */
public final class StoredRar5Writer {
    private static final byte[] SIGNATURE = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00};
    private static final int MAIN = 1;
    private static final int FILE = 2;
    private static final int ENCRYPTION = 4;
    private static final int END = 5;
    private static final int ARCHIVE_IS_VOLUME = 0x01;
    private static final int HAS_VOLUME_NUMBER = 0x02;
    private static final int HEADER_HAS_EXTRA = 0x01;
    private static final int HEADER_HAS_DATA = 0x02;
    private static final int SPLIT_BEFORE = 0x08;
    private static final int SPLIT_AFTER = 0x10;
    private static final int FILE_HAS_TIME = 0x02;
    private static final int FILE_HAS_CRC = 0x04;
    private static final int NOT_LAST_VOLUME = 0x01;
    private static final int ATTRIBUTE_ARCHIVE = 0x20;
    private static final int HOST_WINDOWS = 0;

    private StoredRar5Writer() {}

    /**
     * The volumes holding {@code data} as the file {@code name}, each at most {@code volumeSize}
     * bytes (the last one shorter), in order.
     *
     * @param modified the file's modification time, in seconds since 1970 (UTC)
     * @throws IllegalArgumentException when a volume of {@code volumeSize} bytes cannot hold its
     *     headers and at least one byte of the file, or the name is empty
     */
    public static List<byte[]> write(String name, byte[] data, int volumeSize, long modified) {
        return write(name, data, volumeSize, modified, null);
    }

    /**
     * {@link #write(String, byte[], int, long)} with the file's data encrypted as RAR5 {@code -p}
     * does: the file's bytes padded to whole blocks are one AES-256-CBC chain, cut into the
     * volumes wherever they end (inside a block too), the key from PBKDF2-HMAC-SHA256 of the
     * password, the salt and 2^15 rounds; each part's header holds the encryption record (the
     * IV and the password check value) and the CRC-32 of its part as stored.
     *
     * @param random where the salt and the IVs come from
     */
    public static List<byte[]> writeEncrypted(
            String name, byte[] data, int volumeSize, long modified, String password, java.util.Random random) {
        byte[] salt = new byte[Sealing.BLOCK];
        random.nextBytes(salt);
        return write(name, data, volumeSize, modified, new Encryption(password, salt, random, false));
    }

    /**
     * {@link #writeEncrypted} with the headers encrypted too, as {@code -hp} does: after the
     * signature each volume holds the archive encryption header (KDF count, salt, password check
     * value), then every header as a fresh 16-byte IV and the header AES-256-CBC encrypted,
     * padded to whole blocks.
     */
    public static List<byte[]> writeEncryptedHeaders(
            String name, byte[] data, int volumeSize, long modified, String password, java.util.Random random) {
        byte[] salt = new byte[Sealing.BLOCK];
        random.nextBytes(salt);
        return write(name, data, volumeSize, modified, new Encryption(password, salt, random, true));
    }

    /** The password, salt and IV source of an encrypted set, with its key derived once. */
    private static final class Encryption {
        static final int COUNT = 15;
        final byte[] salt;
        final java.util.Random random;
        final Rar5Kdf kdf;
        final boolean headers;

        Encryption(String password, byte[] salt, java.util.Random random, boolean headers) {
            this.salt = salt;
            this.random = random;
            this.headers = headers;
            this.kdf = Rar5Kdf.derive(password, salt, COUNT);
            random.nextBytes(iv);
        }

        final byte[] iv = new byte[Sealing.BLOCK];

        /** The encryption record (type 1). */
        byte[] record() {
            byte[] sum = checkSum();
            byte[] body = new LittleEndianBytes()
                    .vint(1)
                    .vint(0)
                    .vint(0x01)
                    .bytes(new byte[] {(byte) COUNT})
                    .bytes(salt)
                    .bytes(iv)
                    .bytes(kdf.check())
                    .bytes(sum)
                    .toByteArray();
            return new LittleEndianBytes().vint(body.length).bytes(body).toByteArray();
        }

        /** The archive encryption header (type 4): what a reader needs to check the password. */
        byte[] archiveHeader() {
            return header(new LittleEndianBytes()
                    .vint(ENCRYPTION)
                    .vint(0)
                    .vint(0)
                    .vint(0x01)
                    .bytes(new byte[] {(byte) COUNT})
                    .bytes(salt)
                    .bytes(kdf.check())
                    .bytes(checkSum()));
        }

        /** A header as written: with {@code -hp} a fresh IV and the header encrypted. */
        byte[] seal(byte[] header) {
            if (!headers) return header;
            byte[] headerIv = new byte[Sealing.BLOCK];
            random.nextBytes(headerIv);
            return new LittleEndianBytes()
                    .bytes(headerIv)
                    .bytes(encrypt(headerIv, header))
                    .toByteArray();
        }

        private byte[] checkSum() {
            try {
                return java.util.Arrays.copyOf(
                        java.security.MessageDigest.getInstance("SHA-256").digest(kdf.check()), 4);
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java runtime has SHA-256", e);
            }
        }

        byte[] encrypt(byte[] data) {
            return encrypt(iv, data);
        }

        private byte[] encrypt(byte[] chain, byte[] data) {
            byte[] padded =
                    java.util.Arrays.copyOf(data, (data.length + Sealing.BLOCK - 1) / Sealing.BLOCK * Sealing.BLOCK);
            try {
                javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/CBC/NoPadding");
                c.init(
                        javax.crypto.Cipher.ENCRYPT_MODE,
                        new javax.crypto.spec.SecretKeySpec(kdf.key(), "AES"),
                        new javax.crypto.spec.IvParameterSpec(chain));
                return c.doFinal(padded);
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException("every Java runtime has AES/CBC/NoPadding", e);
            }
        }
    }

    private static List<byte[]> write(String name, byte[] data, int volumeSize, long modified, Encryption encryption) {
        Objects.requireNonNull(data, "data");
        byte[] encodedName = name.getBytes(StandardCharsets.UTF_8);
        if (encodedName.length == 0) throw new IllegalArgumentException("a file in an archive needs a name");
        if (modified < 0 || modified > 0xFFFFFFFFL)
            throw new IllegalArgumentException("time out of range: " + modified);
        // The headers of the largest volume bound every volume's (vints grow with their values).
        byte[] noRecord = new byte[0];
        int overhead = SIGNATURE.length
                + mainHeader(Integer.MAX_VALUE).length
                + endHeader(true).length
                + fileHeader(
                                encodedName,
                                data.length,
                                volumeSize,
                                0,
                                modified,
                                true,
                                true,
                                encryption == null ? noRecord : encryption.record())
                        .length
                + Sealing.BLOCK
                + (encryption != null && encryption.headers
                        ? encryption.archiveHeader().length + 3 * 2 * Sealing.BLOCK
                        : 0);
        int room = volumeSize - overhead;
        byte[] stored = encryption == null ? data : encryption.encrypt(data);
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
            ByteArrayOutputStream volume = new ByteArrayOutputStream(length + overhead);
            volume.writeBytes(SIGNATURE);
            java.util.function.UnaryOperator<byte[]> seal = encryption == null ? h -> h : encryption::seal;
            if (encryption != null && encryption.headers) volume.writeBytes(encryption.archiveHeader());
            volume.writeBytes(seal.apply(mainHeader(volumes.size())));
            volume.writeBytes(seal.apply(fileHeader(
                    encodedName,
                    data.length,
                    length,
                    crc.getValue(),
                    modified,
                    offset > 0,
                    !last,
                    encryption == null ? noRecord : encryption.record())));
            volume.write(stored, offset, length);
            volume.writeBytes(seal.apply(endHeader(!last)));
            volumes.add(volume.toByteArray());
            offset += length;
        } while (offset < stored.length);
        return List.copyOf(volumes);
    }

    /** The usual name of volume {@code index} (from 0) of {@code count}: {@code NAME.part01.rar}. */
    public static String volumeName(String archiveName, int index, int count) {
        int digits = Math.max(1, String.valueOf(count).length());
        return archiveName + ".part" + String.format("%0" + digits + "d", index + 1) + ".rar";
    }

    private static byte[] mainHeader(int volumeNumber) {
        LittleEndianBytes f = new LittleEndianBytes().vint(MAIN).vint(0);
        if (volumeNumber == 0) return header(f.vint(ARCHIVE_IS_VOLUME));
        return header(f.vint(ARCHIVE_IS_VOLUME | HAS_VOLUME_NUMBER).vint(volumeNumber));
    }

    private static byte[] fileHeader(
            byte[] name,
            long size,
            int partLength,
            long crc,
            long modified,
            boolean splitBefore,
            boolean splitAfter,
            byte[] extra) {
        int flags = HEADER_HAS_DATA
                | (splitBefore ? SPLIT_BEFORE : 0)
                | (splitAfter ? SPLIT_AFTER : 0)
                | (extra.length > 0 ? HEADER_HAS_EXTRA : 0);
        LittleEndianBytes head = new LittleEndianBytes().vint(FILE).vint(flags);
        if (extra.length > 0) head.vint(extra.length);
        return header(head.vint(partLength)
                .vint(FILE_HAS_TIME | FILE_HAS_CRC)
                .vint(size)
                .vint(ATTRIBUTE_ARCHIVE)
                .u32(modified)
                .u32(crc)
                .vint(0) // compression: format version 0, method 0 (store)
                .vint(HOST_WINDOWS)
                .vint(name.length)
                .bytes(name)
                .bytes(extra));
    }

    private static byte[] endHeader(boolean moreVolumes) {
        return header(new LittleEndianBytes().vint(END).vint(0).vint(moreVolumes ? NOT_LAST_VOLUME : 0));
    }

    /** CRC32 (of the size and the body), the body's size, then the body (type onwards). */
    private static byte[] header(LittleEndianBytes body) {
        byte[] sized = new LittleEndianBytes()
                .vint(body.size())
                .bytes(body.toByteArray())
                .toByteArray();
        CRC32 crc = new CRC32();
        crc.update(sized);
        return new LittleEndianBytes().u32(crc.getValue()).bytes(sized).toByteArray();
    }
}
