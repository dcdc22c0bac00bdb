package io.nzbmount.server.archive;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * Groups RAR volumes into sets and puts each set in volume order: by the volume numbers in the
 * headers when every volume has one, else by conventional names. Volumes join a set by a shared
 * conventional base name, or, when names are obfuscated, by the split member that runs from one
 * into the other. Pure.
 */
final class RarSets {
    private RarSets() {}

    static List<ArchiveSet> assemble(List<RarVolume> volumes) {
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
                Integer other = bySplitMember.putIfAbsent(v.format() + "/" + e.name(), i);
                if (other != null && compatible(base, baseKey(volumes.get(other)))) union(parent, other, i);
            }
        }
        Map<Integer, List<RarVolume>> groups = new LinkedHashMap<>();
        for (int i = 0; i < volumes.size(); i++) {
            groups.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(volumes.get(i));
        }
        List<ArchiveSet> sets = new ArrayList<>();
        for (List<RarVolume> group : groups.values()) sets.add(toSet(group));
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

    private static ArchiveSet toSet(List<RarVolume> group) {
        List<RarVolume> ordered = new ArrayList<>(group);
        List<Integer> positions = new ArrayList<>();
        if (ordered.stream().allMatch(v -> v.number().isPresent())) {
            ordered.sort(Comparator.comparingInt((RarVolume v) -> v.number().getAsInt()).thenComparingInt(RarVolume::file));
            dropRepeatedNumbers(ordered);
            ordered.forEach(v -> positions.add(v.number().getAsInt()));
        } else if (ordered.stream().allMatch(v -> VolumeNames.rar(v.fileName()).isPresent())) {
            ordered.sort(Comparator.comparingInt((RarVolume v) -> namePosition(v).getAsInt()).thenComparingInt(RarVolume::file));
            ordered.forEach(v -> positions.add(namePosition(v).getAsInt()));
        } else {
            ordered.sort(Comparator.comparing(RarVolume::fileName).thenComparingInt(RarVolume::file));
        }
        String name = setName(ordered.get(0));
        Optional<Refusal> refusal = ordered.stream().map(RarVolume::refusal).flatMap(Optional::stream).findFirst();
        if (refusal.isEmpty()) refusal = missingVolumes(name, ordered, positions);
        List<Member> members = RarMembers.chain(ordered, positions, refusal);
        return new ArchiveSet(name, ordered.get(0).format(), ordered.stream().map(RarVolume::file).toList(), members, refusal);
    }

    private static OptionalInt namePosition(RarVolume v) {
        return VolumeNames.rar(v.fileName()).map(p -> OptionalInt.of(p.position())).orElse(OptionalInt.empty());
    }

    /** A volume posted twice keeps its first copy in the set; the repeat is not a volume of it. */
    private static void dropRepeatedNumbers(List<RarVolume> ordered) {
        for (int i = ordered.size() - 1; i > 0; i--) {
            if (ordered.get(i).number().getAsInt() == ordered.get(i - 1).number().getAsInt()) ordered.remove(i);
        }
    }

    private static String setName(RarVolume first) {
        return VolumeNames.rar(first.fileName()).map(VolumeNames.Parsed::base)
                .orElse(VolumeNames.withoutExtension(first.fileName()));
    }

    /** Volumes named 1-based in messages, like the part numbers users see. */
    private static Optional<Refusal> missingVolumes(String name, List<RarVolume> ordered, List<Integer> positions) {
        TreeSet<Integer> missing = new TreeSet<>();
        RarVolume last = ordered.get(ordered.size() - 1);
        boolean lastContinues = last.moreFollow()
                || (!last.entries().isEmpty() && last.entries().get(last.entries().size() - 1).splitAfter());
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
            problems.add(missing.size() == 1 ? "volume " + missing.first() + " is missing" : "volumes " + joined(missing) + " are missing");
        }
        if (lastContinues) problems.add("volume " + (lastNumber + 1) + " and any after it are missing");
        if (problems.isEmpty()) return Optional.empty();
        return Optional.of(new Refusal(Refusal.Reason.MISSING_VOLUME,
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
