package io.nzbmount.server.archive;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Groups RAR volumes into sets and puts each set in volume order ({@link RarOrder}): by the
 * volume numbers in the headers when every volume has one, else by conventional names, else by
 * the split flags of at most three volumes; any other set is refused, never put in a guessed
 * order. Volumes join a set by a shared conventional base name, or, when names are obfuscated, by
 * a split member (name, whole size and time) that runs from one into the other. A volume posted
 * twice is dropped only when the copies are identical; otherwise, like one part held by two
 * volumes or parts of a member that disagree, the set is refused. Pure.
 */
final class RarSets {
    private RarSets() {}

    /** Says whether two volumes posted at the same position are copies of one volume. */
    @FunctionalInterface
    interface Copies {
        boolean identical(RarVolume a, RarVolume b);
    }

    static List<ArchiveSet> assemble(List<RarVolume> volumes, Copies copies) {
        int[] parent = new int[volumes.size()];
        for (int i = 0; i < parent.length; i++) parent[i] = i;
        Map<String, Integer> byBase = new HashMap<>();
        Map<String, Integer> bySplitMember = new HashMap<>();
        for (int i = 0; i < volumes.size(); i++) {
            RarVolume v = volumes.get(i);
            if (!v.multiVolume()) continue;
            Optional<String> base = baseKey(v);
            if (base.isPresent()) {
                Integer first = byBase.putIfAbsent(v.format() + "/" + base.get(), i);
                if (first != null) union(parent, first, i);
            }
            for (RarEntry e : v.entries()) {
                if (!e.splitBefore() && !e.splitAfter()) continue;
                // A member is known by all its part headers repeat: name, whole size and time.
                String member = v.format() + "/" + e.name() + "/" + e.unpackedSize() + "/" + e.time();
                Integer other = bySplitMember.putIfAbsent(member, i);
                if (other != null && compatible(base, baseKey(volumes.get(other)))) union(parent, other, i);
            }
        }
        Map<Integer, List<RarVolume>> groups = new LinkedHashMap<>();
        for (int i = 0; i < volumes.size(); i++) {
            groups.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(volumes.get(i));
        }
        List<ArchiveSet> sets = new ArrayList<>();
        for (List<RarVolume> group : groups.values()) sets.add(toSet(group, copies));
        return sets;
    }

    private static Optional<String> baseKey(RarVolume v) {
        return VolumeNames.rar(v.fileName()).map(VolumeNames.Parsed::key);
    }

    private static boolean compatible(Optional<String> a, Optional<String> b) {
        return a.isEmpty() || b.isEmpty() || a.equals(b);
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) i = parent[i] = parent[parent[i]];
        return i;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }

    private static ArchiveSet toSet(List<RarVolume> group, Copies copies) {
        List<RarVolume> ordered = new ArrayList<>(group);
        List<Integer> positions = new ArrayList<>();
        ArchiveSet.Order order = RarOrder.sort(ordered, positions);
        String name = setName(ordered);
        Optional<Refusal> refusal = ordered.stream()
                .map(RarVolume::refusal)
                .flatMap(Optional::stream)
                .findFirst();
        if (refusal.isEmpty() && order == ArchiveSet.Order.UNKNOWN)
            refusal = Optional.of(RarOrder.unknown(name, ordered));
        if (refusal.isEmpty()) refusal = dropRepeats(name, ordered, positions, copies);
        if (refusal.isEmpty()) refusal = RarOrder.samePartTwice(name, ordered, positions);
        if (refusal.isEmpty()) refusal = missingVolumes(name, ordered, positions);
        List<Member> members = RarMembers.chain(ordered, positions, refusal);
        if (refusal.isEmpty()) {
            refusal = members.stream()
                    .map(Member::refusal)
                    .flatMap(Optional::stream)
                    .filter(r -> r.reason() == Refusal.Reason.CONFLICT)
                    .findFirst();
        }
        ArchiveSet set = new ArchiveSet(
                name,
                ordered.get(0).format(),
                ordered.stream().map(RarVolume::file).toList(),
                members,
                Optional.empty(),
                order);
        return refusal.map(set::refused).orElse(set);
    }

    /**
     * A volume posted twice is kept once when the copies are identical; copies that differ mean
     * two sets are mixed, and nothing says which copy belongs.
     */
    private static Optional<Refusal> dropRepeats(
            String name, List<RarVolume> ordered, List<Integer> positions, Copies copies) {
        for (int i = ordered.size() - 1; i > 0; i--) {
            if (!positions.get(i).equals(positions.get(i - 1))) continue;
            RarVolume kept = ordered.get(i - 1);
            RarVolume repeat = ordered.get(i);
            if (!copies.identical(kept, repeat)) {
                return Optional.of(new Refusal(
                        Refusal.Reason.CONFLICT,
                        "the archive " + name + " has volume "
                                + (positions.get(i) + 1) + " twice with different contents (" + kept.fileName()
                                + " and "
                                + repeat.fileName() + "): the release mixes volumes of two sets"));
            }
            ordered.remove(i);
            positions.remove(i);
        }
        return Optional.empty();
    }

    private static String setName(List<RarVolume> ordered) {
        RarVolume first = ordered.get(0);
        return VolumeNames.rar(first.fileName())
                .map(VolumeNames.Parsed::base)
                .orElse(VolumeNames.withoutExtension(first.fileName()));
    }

    /** Volumes named 1-based in messages, like the part numbers users see. */
    private static Optional<Refusal> missingVolumes(String name, List<RarVolume> ordered, List<Integer> positions) {
        TreeSet<Integer> missing = new TreeSet<>();
        RarVolume last = ordered.get(ordered.size() - 1);
        boolean lastContinues = last.moreFollow()
                || (!last.entries().isEmpty()
                        && last.entries().get(last.entries().size() - 1).splitAfter());
        int lastNumber;
        if (!positions.isEmpty()) {
            int expected = 0;
            for (int p : positions) {
                for (; expected < p; expected++) missing.add(expected + 1);
                expected = Math.max(expected, p + 1);
            }
            lastNumber = positions.get(positions.size() - 1) + 1;
        } else {
            RarVolume first = ordered.get(0);
            if (!first.entries().isEmpty() && first.entries().get(0).splitBefore()) missing.add(1);
            lastNumber = ordered.size();
        }
        List<String> problems = new ArrayList<>();
        if (!missing.isEmpty()) {
            problems.add(
                    missing.size() == 1
                            ? "volume " + missing.first() + " is missing"
                            : "volumes " + joined(missing) + " are missing");
        }
        if (lastContinues) problems.add("volume " + (lastNumber + 1) + " and any after it are missing");
        if (problems.isEmpty()) return Optional.empty();
        return Optional.of(new Refusal(
                Refusal.Reason.MISSING_VOLUME,
                "the archive " + name + " is incomplete: " + String.join("; ", problems)));
    }

    private static String joined(TreeSet<Integer> numbers) {
        StringBuilder out = new StringBuilder();
        for (int n : numbers) {
            if (out.length() > 0) out.append(", ");
            if (out.length() > 60) return out.append("...").toString();
            out.append(n);
        }
        return out.toString();
    }
}
