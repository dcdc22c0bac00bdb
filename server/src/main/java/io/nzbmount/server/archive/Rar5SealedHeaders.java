package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The encrypted headers of a RAR5 volume made with {@code -hp}: the archive encryption header
 * right after the signature holds the KDF count, the salt and the password check value; every
 * header after it is a 16-byte IV, then the header AES-256-CBC encrypted (key from PBKDF2 of the
 * password, {@link Rar5Kdf}) and padded to whole blocks, then its data as usual. The check value
 * rejects a wrong password before any other header is read. Not thread-safe; one walk uses it.
 */
final class Rar5SealedHeaders {
    private static final int MAX_HEADER = 2 * 1024 * 1024;

    private final VolumeBytes volume;
    private final byte[] key;
    private final String password;

    /** A decrypted header (its CRC and size first, as a plain header is) and where its data starts. */
    record Block(byte[] head, long dataOffset) {}

    private Rar5SealedHeaders(VolumeBytes volume, byte[] key, String password) {
        this.volume = volume;
        this.key = key;
        this.password = password;
    }

    /**
     * Reads the archive encryption header's fields from {@code c} and finds the password among
     * those offered that its check value accepts (or, when it holds none, that decrypts the header
     * at {@code next} to its CRC).
     *
     * @throws ArchiveException ENCRYPTED when none is offered, WRONG_PASSWORD when none passes
     */
    static Rar5SealedHeaders open(VolumeBytes volume, ByteCursor c, long next, Passwords passwords)
            throws IOException, ArchiveException {
        long version = c.vint();
        if (version != 0)
            throw new ArchiveException(
                    Refusal.Reason.UNSUPPORTED, volume.name() + " uses encryption version " + version);
        long flags = c.vint();
        int count = c.u8();
        byte[] salt = c.bytes(Sealing.BLOCK);
        if (count > Rar5Kdf.MAX_COUNT) {
            throw new ArchiveException(
                    Refusal.Reason.UNSUPPORTED,
                    volume.name() + ": its key work factor 2^" + count + " is beyond any archiver's");
        }
        Optional<byte[]> check = Optional.empty();
        if ((flags & 0x01) != 0) {
            byte[] value = c.bytes(8);
            if (Rar5Kdf.checkSumHolds(value, c.bytes(4))) check = Optional.of(value);
        }
        if (!passwords.given()) {
            throw new ArchiveException(
                    Refusal.Reason.ENCRYPTED,
                    volume.name() + ": " + SevenZipReader.noPassword().getMessage());
        }
        Sealing sealing = new Sealing(Sealing.Kdf.RAR5, count, salt, new byte[Sealing.BLOCK], 0);
        List<String> candidates = passwords.toTry();
        for (String candidate : candidates) {
            Rar5SealedHeaders headers = new Rar5SealedHeaders(volume, AesKeys.key(sealing, candidate), candidate);
            if (check.isPresent()
                    ? Arrays.equals(AesKeys.passwordCheck(sealing, candidate), check.get())
                    : headers.opens(next)) {
                passwords.opened(candidate);
                return headers;
            }
        }
        throw new ArchiveException(
                Refusal.Reason.WRONG_PASSWORD,
                volume.name() + ": "
                        + SevenZipReader.wrongPassword(candidates.size()).getMessage());
    }

    private boolean opens(long pos) throws IOException {
        try {
            read(pos);
            return true;
        } catch (ArchiveException e) {
            return false; // a wrong key decrypts to noise that fails the header's CRC
        }
    }

    /** The password the check value accepted. */
    Passwords.Opened opened() {
        return new Passwords.Opened(password);
    }

    /** The header at {@code pos}, decrypted and its CRC checked. */
    Block read(long pos) throws IOException, ArchiveException {
        byte[] iv = volume.read(pos, Sealing.BLOCK);
        long at = pos + Sealing.BLOCK;
        byte[] first = AesKeys.decrypt(key, iv, volume.read(at, Sealing.BLOCK));
        ByteCursor pre = new ByteCursor(first);
        long crc = pre.u32();
        long headSize = pre.vint();
        if (headSize < 2 || headSize > MAX_HEADER) {
            throw ArchiveException.damaged(
                    volume.name() + ": the encrypted header at offset " + pos + " has an impossible size");
        }
        int length = pre.position() + (int) headSize;
        int padded = (length + Sealing.BLOCK - 1) / Sealing.BLOCK * Sealing.BLOCK;
        byte[] head = Arrays.copyOf(AesKeys.decrypt(key, iv, volume.read(at, padded)), length);
        CRC32 check = new CRC32();
        check.update(head, 4, head.length - 4);
        if (check.getValue() != crc) {
            throw ArchiveException.damaged(
                    volume.name() + ": the encrypted header at offset " + pos + " fails its checksum");
        }
        return new Block(head, at + padded);
    }
}
