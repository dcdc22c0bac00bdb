package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The later parts of a split 7z that a release posts more than once ({@code x.7z.002} twice). A
 * split part carries no header of its own, so nothing in the archive says which copy belongs:
 * a repeat is dropped only when it is a copy of the part kept, otherwise the set is refused, as
 * {@link RarSets} does for a RAR volume posted twice. Stateless.
 */
final class SplitRepeats {
    private SplitRepeats() {}

    /** A part found again at a position that already has one. */
    record Repeat(int position, VolumeBytes part) {}

    /**
     * Why the set cannot be served, when a repeat differs from the part kept at its position
     * ({@code kept} by position); empty when every repeat is a copy.
     */
    static Optional<Refusal> conflict(String name, VolumeSource source, Map<Integer, VolumeBytes> kept,
                                      List<Repeat> repeats) {
        for (Repeat r : repeats) {
            VolumeBytes first = kept.get(r.position());
            if (!copies(source, first, r.part())) {
                return Optional.of(new Refusal(Refusal.Reason.CONFLICT, "the 7z archive " + name + " has part "
                        + (r.position() + 1) + " twice with different contents (files " + (first.file() + 1) + " and "
                        + (r.part().file() + 1) + " of the release, both " + first.name()
                        + "): the release mixes parts of two archives"));
            }
        }
        return Optional.empty();
    }

    /**
     * Two parts are copies when they are posted as the same articles, or when they have the same
     * size, the same first and last bytes and the same CRC-32 over all of their bytes. The whole
     * parts are read only when their ends agree: copies that differ mostly differ there already.
     * What cannot be read to compare is not a copy.
     */
    private static boolean copies(VolumeSource source, VolumeBytes a, VolumeBytes b) {
        if (source.sameArticles(a.file(), b.file())) return true;
        try {
            long size = a.size();
            if (size != b.size()) return false;
            long tail = Math.max(0, size - VolumeBytes.MIN_READ);
            return Arrays.equals(a.readUpTo(0, VolumeBytes.MIN_READ), b.readUpTo(0, VolumeBytes.MIN_READ))
                    && Arrays.equals(a.readUpTo(tail, VolumeBytes.MIN_READ), b.readUpTo(tail, VolumeBytes.MIN_READ))
                    && a.crc(0, size) == b.crc(0, size);
        } catch (IOException | ArchiveException e) {
            return false;
        }
    }
}
