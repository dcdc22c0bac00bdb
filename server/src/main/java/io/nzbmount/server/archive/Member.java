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
 */
public record Member(String name, long size, List<Piece> pieces, Optional<Refusal> refusal, long crc) {
    /** A member whose archive records no CRC for it. */
    public Member(String name, long size, List<Piece> pieces, Optional<Refusal> refusal) {
        this(name, size, pieces, refusal, -1);
    }

    public Member {
        Objects.requireNonNull(name, "name");
        pieces = List.copyOf(pieces);
        Objects.requireNonNull(refusal, "refusal");
        if (refusal.isEmpty() && pieces.stream().mapToLong(Piece::length).sum() != size) {
            throw new IllegalArgumentException("the pieces of " + name + " do not add up to " + size + " bytes");
        }
    }

    public boolean servable() {
        return refusal.isEmpty();
    }
}
