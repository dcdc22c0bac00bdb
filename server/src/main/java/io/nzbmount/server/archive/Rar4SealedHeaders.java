package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.List;
import java.util.zip.CRC32;

/**
 * The encrypted headers of a RAR4 volume made with {@code -hp}: after the main header, each block
 * is an 8-byte salt, then its header AES-128-CBC encrypted on its own chain (key and IV from the
 * password and that salt, {@link Rar3Kdf}) and padded to whole blocks, then its data as usual.
 * The first header proves the password: a wrong one decrypts to noise that fails the header's
 * CRC. Not thread-safe; one walk uses it.
 */
final class Rar4SealedHeaders {
    private static final int MIN_HEAD = 7;

    private final VolumeBytes volume;
    private String password;

    /** A decrypted header and where the block's data starts. */
    record Block(byte[] head, long dataOffset) {
    }

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
                read(pos);
                passwords.opened(candidate);
                return candidate;
            } catch (ArchiveException e) {
                // noise from a wrong key: its size, type or CRC does not hold
            }
        }
        password = null;
        throw named(SevenZipReader.wrongPassword(candidates.size()));
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
            throw ArchiveException.damaged(volume.name() + ": the encrypted header at offset " + pos + " does not decrypt");
        }
        int padded = (headSize + Sealing.BLOCK - 1) / Sealing.BLOCK * Sealing.BLOCK;
        byte[] head = java.util.Arrays.copyOf(AesKeys.decrypt(key, iv, volume.read(at, padded)), headSize);
        CRC32 crc = new CRC32();
        crc.update(head, 2, headSize - 2);
        if ((crc.getValue() & 0xFFFF) != ((head[0] & 0xFF) | (head[1] & 0xFF) << 8)) {
            throw ArchiveException.damaged(volume.name() + ": the encrypted header at offset " + pos + " fails its checksum");
        }
        return new Block(head, at + padded);
    }
}
