package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the RAR4, RAR5 and 7z archives among a release's files by their signatures (names only
 * order volumes when the headers do not) and reads only their headers. Stateless; thread-safe.
 *
 * <p>Cost: one read of the first {@link VolumeBytes#MIN_READ} bytes of every file except par2
 * files and the later parts of a split 7z (known by name); then, per RAR volume, one read per
 * header that does not sit in an already-read range (typically the start and the end of a
 * volume); per 7z archive, the region of its end header. To prove a RAR set's order
 * ({@link RarProof}) without par2, the last part of each split member when it is small (about one
 * article per volume of the member); with par2, the first 16 KiB of each described volume
 * (already read for most) and nothing more.
 */
public final class ArchiveScanner {
    private static final byte[] RAR5 = {0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00};
    private static final byte[] SEVEN_ZIP = {0x37, 0x7A, (byte) 0xBC, (byte) 0xAF, 0x27, 0x1C};

    private ArchiveScanner() {}

    private enum Kind {
        NONE,
        RAR4,
        RAR5,
        SEVEN_ZIP
    }

    /**
     * Reads the first bytes of each file and the headers of every archive set found.
     *
     * @throws IOException when bytes the scan needs cannot be read (not when an archive is
     *     malformed: that is a {@link Refusal} of the set)
     */
    public static ArchiveScan scan(VolumeSource source) throws IOException {
        return scan(source, List.of());
    }

    /**
     * {@link #scan(VolumeSource)}, checking every RAR set against the release's par2 file
     * descriptions and proving its order with its part checksums ({@link RarProof}).
     *
     * @param par2 the par2 descriptions of the release's files (any number of sets), matched to
     *             the volumes by name
     */
    public static ArchiveScan scan(VolumeSource source, List<Par2File> par2) throws IOException {
        return scan(source, par2, Passwords.none());
    }

    /**
     * {@link #scan(VolumeSource, List)} of a release whose archives may be encrypted: each
     * password offered is tried in turn, and the scan names the one that opened them.
     */
    public static ArchiveScan scan(VolumeSource source, List<Par2File> par2, Passwords passwords) throws IOException {
        int count = source.count();
        VolumeBytes[] files = new VolumeBytes[count];
        Kind[] kinds = new Kind[count];
        Arrays.fill(kinds, Kind.NONE);
        List<Integer> laterSplitParts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = source.name(i);
            files[i] = new VolumeBytes(source, i);
            if (name.toLowerCase(Locale.ROOT).endsWith(".par2")) continue;
            Optional<VolumeNames.Parsed> split = VolumeNames.split(name);
            if (split.isPresent() && split.get().position() > 0) {
                laterSplitParts.add(i);
                continue;
            }
            kinds[i] = kindOf(files[i]);
        }
        Map<String, Par2File> described = new java.util.HashMap<>();
        for (Par2File f : par2) described.putIfAbsent(f.name(), f);
        List<ArchiveSet> sets = new ArrayList<>();
        Set<Integer> claimed = new HashSet<>();
        List<Integer> heads = new ArrayList<>();
        for (int i = 0; i < count; i++) if (kinds[i] == Kind.SEVEN_ZIP) heads.add(i);
        for (int i : heads) {
            if (claimed.contains(i)) continue;
            List<VolumeBytes> parts = new ArrayList<>();
            List<Integer> positions = new ArrayList<>();
            List<SplitRepeats.Repeat> repeats = new ArrayList<>();
            collectSplitParts(files, i, heads, laterSplitParts, parts, positions, repeats);
            parts.forEach(p -> claimed.add(p.file()));
            repeats.forEach(r -> claimed.add(r.part().file()));
            sets.add(sevenZip(source, parts, positions, repeats, described, passwords));
        }
        for (int i : laterSplitParts) {
            if (!claimed.contains(i)) kinds[i] = kindOf(files[i]);
        }
        List<RarVolume> rar = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (kinds[i] == Kind.RAR4) rar.add(Rar4Reader.read(files[i], passwords));
            if (kinds[i] == Kind.RAR5) rar.add(Rar5Reader.read(files[i], passwords));
        }
        Map<Integer, RarVolume> byFile = new java.util.HashMap<>();
        rar.forEach(v -> byFile.put(v.file(), v));
        for (ArchiveSet set : RarSets.assemble(rar, (a, b) -> identical(source, files, a, b))) {
            sets.add(RarPasswords.open(RarProof.check(set, byFile, files, described), byFile, files, passwords));
        }
        sets = oneRefusalForSealedVolumes(sets, source, passwords);
        sets.sort(Comparator.comparingInt(s -> s.volumes().get(0)));
        Set<Integer> archived = new HashSet<>(claimed);
        rar.forEach(v -> archived.add(v.file()));
        return new ArchiveScan(sets, archived, passwords.opened());
    }

    /** Volume names listed in a refusal of several volumes; the count is always whole. */
    private static final int NAMES_LISTED = 3;

    /**
     * Volumes whose encrypted headers no password given opens (or none was given) cannot be put
     * into sets: each stands alone, refused. Under hidden names they are the volumes of one
     * archive as likely as not, so those of one format and reason are one refusal that names
     * them, not one refusal a volume.
     */
    private static List<ArchiveSet> oneRefusalForSealedVolumes(
            List<ArchiveSet> sets, VolumeSource source, Passwords passwords) {
        Map<String, List<ArchiveSet>> sealed = new LinkedHashMap<>();
        List<ArchiveSet> out = new ArrayList<>();
        for (ArchiveSet set : sets) {
            Optional<Refusal.Reason> reason = set.refusal().map(Refusal::reason);
            boolean password = reason.isPresent()
                    && (reason.get() == Refusal.Reason.WRONG_PASSWORD || reason.get() == Refusal.Reason.ENCRYPTED);
            if (password
                    && set.members().isEmpty()
                    && set.volumes().size() == 1
                    && set.format() != ArchiveSet.Format.SEVEN_ZIP) {
                sealed.computeIfAbsent(set.format() + "/" + reason.get(), k -> new ArrayList<>())
                        .add(set);
            } else {
                out.add(set);
            }
        }
        for (List<ArchiveSet> group : sealed.values()) {
            if (group.size() == 1) {
                out.add(group.get(0));
                continue;
            }
            Refusal.Reason reason = group.get(0).refusal().orElseThrow().reason();
            String why = (reason == Refusal.Reason.ENCRYPTED
                            ? SevenZipReader.noPassword()
                            : SevenZipReader.wrongPassword(passwords.toTry().size()))
                    .getMessage();
            List<Integer> volumes =
                    group.stream().flatMap(g -> g.volumes().stream()).sorted().toList();
            List<String> names = volumes.stream().map(source::name).toList();
            String listed = String.join(", ", names.subList(0, Math.min(NAMES_LISTED, names.size())))
                    + (names.size() > NAMES_LISTED ? " and " + (names.size() - NAMES_LISTED) + " more" : "");
            out.add(new ArchiveSet(
                    group.get(0).name(),
                    group.get(0).format(),
                    volumes,
                    List.of(),
                    Optional.of(new Refusal(
                            reason,
                            "the " + names.size() + " encrypted "
                                    + group.get(0).format().name() + " volumes " + listed + ": " + why)),
                    ArchiveSet.Order.UNKNOWN));
        }
        return out;
    }

    /**
     * Two volumes are copies of one when they are posted as the same articles, or when they have
     * the same size, the same first bytes and the same headers: every part header carries the
     * CRC-32 of its part's data, so the same headers mean the same data.
     */
    private static boolean identical(VolumeSource source, VolumeBytes[] files, RarVolume a, RarVolume b) {
        if (source.sameArticles(a.file(), b.file())) return true;
        try {
            VolumeBytes x = files[a.file()];
            VolumeBytes y = files[b.file()];
            if (x.size() != y.size() || a.entries().size() != b.entries().size()) return false;
            for (int i = 0; i < a.entries().size(); i++) {
                RarEntry e = a.entries().get(i);
                RarEntry f = b.entries().get(i);
                if (!e.name().equals(f.name())
                        || e.dataOffset() != f.dataOffset()
                        || e.dataSize() != f.dataSize()
                        || e.crc() != f.crc()
                        || e.time() != f.time()
                        || e.unpackedSize() != f.unpackedSize()
                        || e.crc() < 0) {
                    return false;
                }
            }
            return Arrays.equals(x.readUpTo(0, VolumeBytes.MIN_READ), y.readUpTo(0, VolumeBytes.MIN_READ));
        } catch (IOException e) {
            return false; // what cannot be compared is not the same
        }
    }

    private static Kind kindOf(VolumeBytes file) throws IOException {
        byte[] head = file.readUpTo(0, RAR5.length);
        if (startsWith(head, RAR5)) return Kind.RAR5;
        if (startsWith(head, Rar4Reader.SIGNATURE)) return Kind.RAR4;
        if (startsWith(head, SEVEN_ZIP)) return Kind.SEVEN_ZIP;
        return Kind.NONE; // par2 under another name lands here too: not an archive
    }

    static boolean startsWith(byte[] head, byte[] signature) {
        if (head.length < signature.length) return false;
        return Arrays.equals(head, 0, signature.length, signature, 0, signature.length);
    }

    /** A 7z set with the copy of each part posted twice that {@link SplitRepeats} keeps, or refused. */
    private static ArchiveSet sevenZip(
            VolumeSource source,
            List<VolumeBytes> parts,
            List<Integer> positions,
            List<SplitRepeats.Repeat> repeats,
            Map<String, Par2File> described,
            Passwords passwords)
            throws IOException {
        Map<Integer, VolumeBytes> kept = new java.util.HashMap<>();
        for (int i = 0; i < parts.size(); i++) kept.put(positions.get(i), parts.get(i));
        String name = SevenZipReader.setName(parts.get(0).name());
        SplitRepeats.Resolved resolved = SplitRepeats.resolve(name, source, kept, repeats, described);
        if (resolved.refusal().isEmpty()) {
            List<VolumeBytes> chosen =
                    positions.stream().map(resolved.kept()::get).toList();
            return SevenZipReader.read(chosen, positions, described, passwords);
        }
        List<Integer> all =
                new ArrayList<>(parts.stream().map(VolumeBytes::file).toList());
        repeats.forEach(r -> all.add(r.part().file()));
        return new ArchiveSet(name, ArchiveSet.Format.SEVEN_ZIP, all, List.of(), resolved.refusal());
    }

    /**
     * A 7z named {@code x.001} takes {@code x.002}, {@code x.003}... as its later parts; a part
     * named again (the first one too: {@code heads} are the files that start a 7z) goes to
     * {@code repeats}.
     */
    private static void collectSplitParts(
            VolumeBytes[] files,
            int first,
            List<Integer> heads,
            List<Integer> laterSplitParts,
            List<VolumeBytes> parts,
            List<Integer> positions,
            List<SplitRepeats.Repeat> repeats) {
        parts.add(files[first]);
        positions.add(0);
        Optional<VolumeNames.Parsed> head = VolumeNames.split(files[first].name());
        if (head.isEmpty()) return;
        for (int i : heads) {
            Optional<VolumeNames.Parsed> p = VolumeNames.split(files[i].name());
            if (i > first && p.isPresent() && p.get().base().equals(head.get().base())) {
                repeats.add(new SplitRepeats.Repeat(0, files[i]));
            }
        }
        Map<Integer, VolumeBytes> later = new LinkedHashMap<>();
        for (int i : laterSplitParts) {
            Optional<VolumeNames.Parsed> p = VolumeNames.split(files[i].name());
            if (p.isEmpty() || !p.get().base().equals(head.get().base())) continue;
            if (later.putIfAbsent(p.get().position(), files[i]) != null) {
                repeats.add(new SplitRepeats.Repeat(p.get().position(), files[i]));
            }
        }
        later.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> {
            parts.add(e.getValue());
            positions.add(e.getKey());
        });
    }
}
