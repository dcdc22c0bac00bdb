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
 */
record RarEntry(String name, long unpackedSize, long dataOffset, long dataSize, boolean splitBefore,
                boolean splitAfter, long crc, long time, Optional<Refusal> refusal) {

    /** The CRC32 of this part's data alone, when the header says it (not in a member's last part). */
    boolean hasPartCrc() {
        return splitAfter && crc >= 0;
    }
}
