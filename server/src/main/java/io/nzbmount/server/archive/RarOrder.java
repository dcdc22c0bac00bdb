package io.nzbmount.server.archive;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Puts the volumes of one RAR set in order, only from what knows the order: the volume numbers of
 * the headers, names that follow one volume scheme (as posted, or as par2 gave them), or, for three
 * volumes or fewer, the split flags (the first starts its member, the last ends it, the middle
 * does neither). Obfuscated names sorted say nothing, and every middle volume of a set has the
 * same flags and sizes, so no other order is ever tried. Pure.
 */
final class RarOrder {
    /** Up to this many volumes, the split flags alone fix the order. */
    static final int ORDERED_BY_FLAGS = 3;

    private RarOrder() {}

    /**
     * Sorts {@code ordered} in place and fills {@code positions} with each volume's position
     * (0-based; equal positions for a volume posted twice).
     *
     * @return how the order is known; {@link ArchiveSet.Order#UNKNOWN} leaves the list as it was
     */
    static ArchiveSet.Order sort(List<RarVolume> ordered, List<Integer> positions) {
        positions.clear();
        if (ordered.size() == 1) {
            positions.add(ordered.get(0).number().orElse(0));
            return ArchiveSet.Order.SINGLE;
        }
        if (ordered.stream().allMatch(v -> v.number().isPresent())) {
            sortBy(ordered, positions, v -> v.number().getAsInt());
            return ArchiveSet.Order.HEADERS;
        }
        if (ordered.stream().allMatch(v -> namePosition(v).isPresent())) {
            sortBy(ordered, positions, v -> namePosition(v).getAsInt());
            return ArchiveSet.Order.NAMES;
        }
        if (ordered.size() <= ORDERED_BY_FLAGS) {
            List<RarVolume> byFlags = byFlags(ordered);
            if (!byFlags.isEmpty()) {
                ordered.clear();
                ordered.addAll(byFlags);
                for (int i = 0; i < ordered.size(); i++) positions.add(i);
                return ArchiveSet.Order.FLAGS;
            }
        }
        return ArchiveSet.Order.UNKNOWN;
    }

    /** Why a set without a known order is refused. */
    static Refusal unknown(String name, List<RarVolume> volumes) {
        return new Refusal(
                Refusal.Reason.UNKNOWN_ORDER,
                "the order of the " + volumes.size() + " volumes of the archive "
                        + name + " cannot be known: their headers carry no volume numbers, their names follow no volume"
                        + " scheme and no par2 file names them");
    }

    /**
     * One part of a member in two volumes (the same part checksum and size) means a volume was
     * posted again in place of another: the set cannot be right.
     */
    static Optional<Refusal> samePartTwice(String name, List<RarVolume> ordered, List<Integer> positions) {
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < ordered.size(); i++) {
            for (RarEntry e : ordered.get(i).entries()) {
                if (!e.hasPartCrc()) continue;
                Integer before = seen.putIfAbsent(e.name() + "/" + e.crc() + "/" + e.dataSize(), positions.get(i));
                if (before != null && !before.equals(positions.get(i))) {
                    return Optional.of(new Refusal(
                            Refusal.Reason.CONFLICT,
                            "volumes " + (before + 1) + " and "
                                    + (positions.get(i) + 1) + " of the archive " + name + " hold the same part of "
                                    + e.name()
                                    + ": one of them was posted in place of another"));
                }
            }
        }
        return Optional.empty();
    }

    private static void sortBy(
            List<RarVolume> ordered, List<Integer> positions, java.util.function.ToIntFunction<RarVolume> position) {
        ordered.sort(Comparator.comparingInt(position).thenComparingInt(RarVolume::file));
        ordered.forEach(v -> positions.add(position.applyAsInt(v)));
    }

    private static OptionalInt namePosition(RarVolume v) {
        return VolumeNames.rar(v.fileName())
                .map(p -> OptionalInt.of(p.position()))
                .orElse(OptionalInt.empty());
    }

    /** The volumes in the one order their flags allow, or empty when the flags allow none or several. */
    private static List<RarVolume> byFlags(List<RarVolume> volumes) {
        RarVolume first = null;
        RarVolume last = null;
        List<RarVolume> middles = new ArrayList<>();
        for (RarVolume v : volumes) {
            if (v.entries().isEmpty()) return List.of();
            boolean starts = !v.entries().get(0).splitBefore() || v.number().orElse(-1) == 0;
            boolean ends = !v.entries().get(v.entries().size() - 1).splitAfter() && !v.moreFollow();
            if (starts && ends) return List.of();
            if (starts) {
                if (first != null) return List.of();
                first = v;
            } else if (ends) {
                if (last != null) return List.of();
                last = v;
            } else {
                middles.add(v);
            }
        }
        if (first == null || last == null || middles.size() > 1) return List.of();
        List<RarVolume> out = new ArrayList<>();
        out.add(first);
        out.addAll(middles);
        out.add(last);
        return out;
    }
}
