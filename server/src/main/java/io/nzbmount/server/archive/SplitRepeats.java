package io.nzbmount.server.archive;

import io.nzbmount.nntp.ReadFailure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The later parts of a split 7z that a release posts more than once ({@code x.7z.002} twice). A
 * split part carries no header of its own, so nothing in the archive says which copy belongs. A
 * repeat that is a copy of the part kept is dropped. Otherwise, and when another copy of a part
 * cannot even be read ({@link VolumeSource#postedAgainUnread}), the copy kept is the one whose
 * every byte makes the CRC par2 gives for the part; without such a copy the set is refused, as
 * {@link RarSets} does for a RAR volume posted twice. Stateless.
 */
final class SplitRepeats {
    private SplitRepeats() {}

    /** A part found again at a position that already has one. */
    record Repeat(int position, VolumeBytes part) {}

    /** The part to keep at each position, or why the set cannot be served. */
    record Resolved(Map<Integer, VolumeBytes> kept, Optional<Refusal> refusal) {}

    /**
     * Chooses the copy of each repeated part ({@code kept} by position holds the first copy found).
     *
     * @param par2 the release's par2 descriptions by file name
     * @throws IOException when a copy could not be read now (a read that may pass later)
     */
    static Resolved resolve(
            String name,
            VolumeSource source,
            Map<Integer, VolumeBytes> kept,
            List<Repeat> repeats,
            Map<String, Par2File> par2)
            throws IOException {
        Map<Integer, List<VolumeBytes>> copies = new HashMap<>();
        kept.forEach((position, part) -> {
            if (source.postedAgainUnread(part.file()))
                copies.computeIfAbsent(position, p -> new ArrayList<>()).add(part);
        });
        for (Repeat r : repeats) {
            List<VolumeBytes> at = copies.computeIfAbsent(r.position(), p -> new ArrayList<>(List.of(kept.get(p))));
            at.add(r.part());
        }
        Map<Integer, VolumeBytes> chosen = new HashMap<>(kept);
        for (Map.Entry<Integer, List<VolumeBytes>> e : copies.entrySet()) {
            List<VolumeBytes> at = e.getValue();
            if (!source.postedAgainUnread(at.get(0).file()) && allCopies(source, at)) continue;
            Optional<VolumeBytes> proved = provedByPar2(at, par2);
            if (proved.isEmpty()) return new Resolved(kept, Optional.of(conflict(name, e.getKey(), at)));
            chosen.put(e.getKey(), proved.get());
        }
        return new Resolved(chosen, Optional.empty());
    }

    private static Refusal conflict(String name, int position, List<VolumeBytes> at) {
        VolumeBytes first = at.get(0);
        String copies = at.size() > 1
                ? " in copies that cannot be shown equal (files " + (first.file() + 1) + " and "
                        + (at.get(1).file() + 1) + " of the release, both " + first.name() + ")"
                : " (file " + (first.file() + 1) + " of the release and another copy of " + first.name()
                        + " whose first bytes cannot be read)";
        return new Refusal(
                Refusal.Reason.CONFLICT,
                "the 7z archive " + name + " has part " + (position + 1) + " twice"
                        + copies + ", and no copy can be read whole to make the checksum par2 gives for that part:"
                        + " the release mixes parts of two archives, or the part that belongs is damaged");
    }

    private static boolean allCopies(VolumeSource source, List<VolumeBytes> at) {
        for (int i = 1; i < at.size(); i++) if (!copies(source, at.get(0), at.get(i))) return false;
        return true;
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

    /**
     * The first copy whose every byte, padded as par2 pads the last slice, makes the CRC par2
     * gives for the part; empty when par2 does not describe the part with slice checksums or no
     * copy can be read whole to match it.
     */
    private static Optional<VolumeBytes> provedByPar2(List<VolumeBytes> at, Map<String, Par2File> par2)
            throws IOException {
        Par2File described = par2.get(at.get(0).name());
        if (described == null || described.paddedCrc().isEmpty()) return Optional.empty();
        for (VolumeBytes copy : at) {
            try {
                if (copy.size() != described.size()) continue;
                long crc = Crc32s.combine(
                        copy.crc(0, copy.size()), Crc32s.zeros(described.padding()), described.padding());
                if (crc == described.paddedCrc().getAsLong()) return Optional.of(copy);
            } catch (ReadFailure f) {
                if (!f.permanent()) throw f;
            } catch (ArchiveException damaged) {
                // a copy that ends early is not the part par2 describes
            }
        }
        return Optional.empty();
    }
}
