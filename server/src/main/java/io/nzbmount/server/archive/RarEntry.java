package io.nzbmount.server.archive;

import java.util.Optional;

/**
 * One file header of one RAR volume: a whole member, or the part of a member that this volume
 * holds.
 *
 * @param name         the member's path, {@code /} as separator
 * @param unpackedSize the whole member's unpacked size as this header declares it
 * @param dataOffset   where this part's data starts in the volume
 * @param dataSize     this part's data length in the volume
 * @param splitBefore  the member started in an earlier volume
 * @param splitAfter   the member continues in the next volume
 * @param crc          the CRC32 the header gives, -1 when none: of this part's data while the member
 *                     continues in the next volume, of the whole member in its last (or only) part
 * @param time         the modification time field as the header stores it, -1 when none; every
 *                     part of one member carries the same
 * @param refusal      why this member's data cannot be served (compressed, encrypted, solid)
 * @param crypt        the part's encryption record, when its data is encrypted
 */
record RarEntry(
        String name,
        long unpackedSize,
        long dataOffset,
        long dataSize,
        boolean splitBefore,
        boolean splitAfter,
        long crc,
        long time,
        Optional<Refusal> refusal,
        Optional<Crypt> crypt) {

    RarEntry(
            String name,
            long unpackedSize,
            long dataOffset,
            long dataSize,
            boolean splitBefore,
            boolean splitAfter,
            long crc,
            long time,
            Optional<Refusal> refusal) {
        this(name, unpackedSize, dataOffset, dataSize, splitBefore, splitAfter, crc, time, refusal, Optional.empty());
    }

    /**
     * How a file's data is encrypted: AES-CBC of the member's data as one chain through all its
     * parts (a volume may end inside a block), from {@code iv}, with the key from the password,
     * {@code salt} and 2^{@code count} rounds of {@code kdf}.
     *
     * @param iv    the IV (RAR5); zeros for RAR3, whose KDF gives the IV with the key
     * @param check the 8-byte password check value, when the record holds one (RAR5 only)
     */
    record Crypt(Sealing.Kdf kdf, int count, byte[] salt, byte[] iv, Optional<byte[]> check) {}

    /** The CRC32 of this part's data alone, when the header says it (not in a member's last part). */
    boolean hasPartCrc() {
        return splitAfter && crc >= 0;
    }
}
