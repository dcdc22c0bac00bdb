package io.nzbmount.server.archive;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A file inside an archive set.
 *
 * @param name    its path inside the archive, with {@code /} as separator
 * @param size    its unpacked size in bytes
 * @param pieces  where its bytes sit, in order; their lengths add up to {@code size}. Empty when
 *                refused
 * @param refusal why it cannot be served, when it cannot
 * @param crc     the CRC-32 of its bytes as the archive records it, -1 when it records none
 * @param sealing for an encrypted member, how its pieces (then whole AES blocks of ciphertext, from
 *                the one before its first byte) decrypt to its bytes; empty for a plain member
 * @param crcToVerify whether its bytes are still to be checked against {@code crc}: it is encrypted
 *                and the password that opens it was proved only by its first bytes decrypting to
 *                a known container's signature (RAR4 {@code -p} without {@code -hp}, 7z without
 *                encrypted headers), which a wrong password passes once in about 2^32 tries
 */
public record Member(
        String name,
        long size,
        List<Piece> pieces,
        Optional<Refusal> refusal,
        long crc,
        Optional<Sealing> sealing,
        boolean crcToVerify) {
    /** A member whose archive records no CRC for it. */
    public Member(String name, long size, List<Piece> pieces, Optional<Refusal> refusal) {
        this(name, size, pieces, refusal, -1);
    }

    /** A plain member. */
    public Member(String name, long size, List<Piece> pieces, Optional<Refusal> refusal, long crc) {
        this(name, size, pieces, refusal, crc, Optional.empty());
    }

    /** A member that needs no later check of its CRC. */
    public Member(
            String name,
            long size,
            List<Piece> pieces,
            Optional<Refusal> refusal,
            long crc,
            Optional<Sealing> sealing) {
        this(name, size, pieces, refusal, crc, sealing, false);
    }

    public Member {
        Objects.requireNonNull(name, "name");
        pieces = List.copyOf(pieces);
        Objects.requireNonNull(refusal, "refusal");
        Objects.requireNonNull(sealing, "sealing");
        long sum = pieces.stream().mapToLong(Piece::length).sum();
        if (refusal.isEmpty() && sealing.isEmpty() && sum != size) {
            throw new IllegalArgumentException("the pieces of " + name + " do not add up to " + size + " bytes");
        }
        if (refusal.isEmpty()
                && sealing.isPresent()
                && size > 0
                && (sum % Sealing.BLOCK != 0
                        || sum < sealing.get().lead() + size
                        || sum - sealing.get().lead() - size >= Sealing.BLOCK)) {
            throw new IllegalArgumentException(
                    "the pieces of " + name + " are not the whole blocks of " + size + " bytes");
        }
    }

    /**
     * This member with its CRC still to verify once its bytes are read, when it is encrypted and
     * its archive records a CRC for it; else this member.
     */
    Member withCrcToVerify() {
        if (sealing.isEmpty() || crc < 0 || refusal.isPresent()) return this;
        return new Member(name, size, pieces, refusal, crc, sealing, true);
    }

    public boolean servable() {
        return refusal.isEmpty();
    }
}
