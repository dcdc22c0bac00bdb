package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The encrypted headers of a RAR4 volume made with {@code -hp}: after the main header, each block
 * is an 8-byte salt, then its header AES-128-CBC encrypted on its own chain (key and IV from the
 * password and that salt, {@link Rar3Kdf}) and padded to whole blocks, then its data as usual.
 * The first header proves the password: a wrong one decrypts to noise that fails the header's
 * CRC, or fields no RAR writes ({@link #plausible}). Not thread-safe; one walk uses it.
 */
final class Rar4SealedHeaders {
    private static final int MIN_HEAD = 7;
    private static final int FILE = 0x74;
    private static final int SERVICE = 0x7A;
    private static final int END = 0x7B;
    /** An end header: 7 bytes, the archive's data CRC, the volume number and 7 reserved bytes at most. */
    private static final int MAX_END_HEAD = 7 + 4 + 2 + 7;
    /** A file header's fields before its name: 7 of the block, then sizes, host, CRC, time, version, method, name size, attributes. */
    private static final int FILE_FIXED = 32;

    private static final int LHD_LARGE = 0x0100;
    private static final int LHD_SALT = 0x0400;
    /** MS-DOS, OS/2, Windows, Unix, Mac OS, BeOS. */
    private static final int MAX_HOST_OS = 5;
    /** The unpack versions RAR writes: 1.5 to 3.6, and room around them. */
    private static final int MIN_VERSION = 10;

    private static final int MAX_VERSION = 50;
    private static final int METHOD_STORE = 0x30;
    private static final int METHOD_BEST = 0x35;

    private final VolumeBytes volume;
    private String password;

    /** A decrypted header and where the block's data starts. */
    record Block(byte[] head, long dataOffset) {}

    Rar4SealedHeaders(VolumeBytes volume) {
        this.volume = volume;
    }

    /** How a header or a member's data with {@code salt} is sealed. */
    static Sealing sealing(byte[] salt) {
        return new Sealing(Sealing.Kdf.RAR3, Rar3Kdf.CYCLES, salt, new byte[Sealing.BLOCK], 0);
    }

    /**
     * Finds the password among those offered that decrypts the header at {@code pos} to its CRC.
     *
     * @throws ArchiveException ENCRYPTED when none is offered, WRONG_PASSWORD when none does
     */
    String open(long pos, Passwords passwords) throws IOException, ArchiveException {
        if (!passwords.given()) throw named(SevenZipReader.noPassword());
        List<String> candidates = passwords.toTry();
        for (String candidate : candidates) {
            password = candidate;
            try {
                if (!plausible(read(pos).head())) continue;
                passwords.opened(candidate);
                return candidate;
            } catch (ArchiveException e) {
                // noise from a wrong key: its size, type or CRC does not hold
            }
        }
        password = null;
        throw named(SevenZipReader.wrongPassword(candidates.size()));
    }

    /**
     * Whether the first header after the main header, decrypted and past its 16-bit CRC, is one
     * RAR 2.9 and later writes there (encrypted headers came with that format): a file or service
     * header whose host OS, unpack version and method are known values and whose name fits in it,
     * or an end header of an end header's size. The CRC alone lets a wrong password through once
     * in about 2^16 tries (2^19 with the type and size read); these fields make it about 2^35.
     */
    static boolean plausible(byte[] head) {
        int type = head[2] & 0xFF;
        int flags = (head[3] & 0xFF) | (head[4] & 0xFF) << 8;
        if (type == END) return head.length <= MAX_END_HEAD;
        if (type != FILE && type != SERVICE || head.length < FILE_FIXED) return false;
        int hostOs = head[15] & 0xFF;
        int version = head[24] & 0xFF;
        int method = head[25] & 0xFF;
        int nameSize = (head[26] & 0xFF) | (head[27] & 0xFF) << 8;
        int fixed = FILE_FIXED + ((flags & LHD_LARGE) != 0 ? 8 : 0) + ((flags & LHD_SALT) != 0 ? Rar3Kdf.SALT : 0);
        return hostOs <= MAX_HOST_OS
                && version >= MIN_VERSION
                && version <= MAX_VERSION
                && method >= METHOD_STORE
                && method <= METHOD_BEST
                && nameSize > 0
                && fixed + nameSize <= head.length;
    }

    private ArchiveException named(ArchiveException e) {
        return new ArchiveException(e.reason(), volume.name() + ": " + e.getMessage());
    }

    /** The block at {@code pos}, decrypted with the password {@link #open} found. */
    Block read(long pos) throws IOException, ArchiveException {
        if (password == null) throw new IllegalStateException("no password opened the headers yet");
        byte[] salt = volume.read(pos, Rar3Kdf.SALT);
        Sealing sealing = sealing(salt);
        byte[] key = AesKeys.key(sealing, password);
        byte[] iv = AesKeys.firstChain(sealing, password);
        long at = pos + Rar3Kdf.SALT;
        byte[] first = AesKeys.decrypt(key, iv, volume.read(at, Sealing.BLOCK));
        int headSize = (first[5] & 0xFF) | (first[6] & 0xFF) << 8;
        int type = first[2] & 0xFF;
        if (headSize < MIN_HEAD || type < 0x72 || type > 0x7B) {
            throw ArchiveException.damaged(
                    volume.name() + ": the encrypted header at offset " + pos + " does not decrypt");
        }
        int padded = (headSize + Sealing.BLOCK - 1) / Sealing.BLOCK * Sealing.BLOCK;
        byte[] head = java.util.Arrays.copyOf(AesKeys.decrypt(key, iv, volume.read(at, padded)), headSize);
        CRC32 crc = new CRC32();
        crc.update(head, 2, headSize - 2);
        if ((crc.getValue() & 0xFFFF) != ((head[0] & 0xFF) | (head[1] & 0xFF) << 8)) {
            throw ArchiveException.damaged(
                    volume.name() + ": the encrypted header at offset " + pos + " fails its checksum");
        }
        return new Block(head, at + padded);
    }
}
