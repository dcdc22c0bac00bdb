package io.nzbmount.server.archive;

import io.nzbmount.nntp.ReadFailure;
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
    /** Bytes compared at a time: a hole of one copy leaves out no more than this around it. */
    static final int STEP = 64 * 1024;

    private SplitRepeats() {}

    /** A part found again at a position that already has one. */
    record Repeat(int position, VolumeBytes part) {}

    /**
     * Why the set cannot be served, when a repeat differs from the part kept at its position
     * ({@code kept} by position); empty when every repeat is a copy.
     */
    static Optional<Refusal> conflict(String name, VolumeSource source, Map<Integer, VolumeBytes> kept,
                                      List<Repeat> repeats) throws IOException {
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
     * size and the same bytes wherever both can be read: compared in steps of {@link #STEP}, the
     * first and last first (copies that differ mostly differ there already, and the rest is then
     * not read). A step that one copy lacks for good (an article missing or corrupt on every
     * provider) is left out: the copy kept then serves its own bytes there, or has a hole there,
     * exactly as a part posted once would, so a repeat that agrees wherever it can be read takes
     * nothing away from what a single post proves.
     *
     * @throws IOException when a step cannot be read now (it may be later): the import says so
     */
    private static boolean copies(VolumeSource source, VolumeBytes a, VolumeBytes b) throws IOException {
        if (source.sameArticles(a.file(), b.file())) return true;
        long size = a.size();
        if (size != b.size()) return false;
        long last = size == 0 ? 0 : (size - 1) / STEP * STEP;
        if (!sameWhereReadable(source, a, b, 0, size) || !sameWhereReadable(source, a, b, last, size)) return false;
        for (long at = STEP; at < last; at += STEP) {
            if (!sameWhereReadable(source, a, b, at, size)) return false;
        }
        return true;
    }

    /** Whether the step at {@code at} is equal in both copies, or lacking for good in one of them. */
    private static boolean sameWhereReadable(VolumeSource source, VolumeBytes a, VolumeBytes b, long at, long size)
            throws IOException {
        int n = (int) Math.min(STEP, size - at);
        if (n <= 0) return true;
        try {
            return Arrays.equals(source.read(a.file(), at, n), source.read(b.file(), at, n));
        } catch (ReadFailure e) {
            if (e.permanent() && e.sourceFault()) return true;
            throw e;
        }
    }
}
