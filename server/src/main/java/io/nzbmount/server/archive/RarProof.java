package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Proves the order and membership of an ordered RAR set with the checksums the format carries,
 * before a byte is served. Every part header of a split member but the last holds the CRC-32 of
 * its part's data, the last one the CRC-32 of the whole member; the parts in the right order
 * combine ({@link Crc32s}) to the whole. What is missing is the last part's own CRC. It is taken,
 * in this order, from:
 * <ol>
 * <li>par2: the last volume's slice checksums give the CRC of the whole volume, and the CRC the
 *     last part must have (whole XOR the earlier parts shifted) together with the volume's header
 *     bytes must make exactly that. No data is read.</li>
 * <li>the last part's data, read and checksummed, when it is small: at most
 *     {@link #READ_PER_VOLUME} bytes per volume of the member, so an import stays within a few
 *     articles per volume.</li>
 * </ol>
 * Any volume par2 describes is also checked on its own (its size, and its header bytes with its
 * parts' CRCs against its slice checksums). A contradiction refuses the set; a set whose split
 * members were all proved is {@link ArchiveSet.Order#PROVED}; otherwise it stays as ordered. Not
 * thread-safe (reads through the scan's {@link VolumeBytes}).
 */
final class RarProof {
    /** One usual article (700 KiB): reading the last part costs at most about one article per volume. */
    static final long READ_PER_VOLUME = 716_800;
    /** Header bytes between data areas longer than this (recovery records) are not read for a check. */
    private static final long MAX_HEADER_RUN = 64 * 1024;

    private record Part(RarVolume volume, RarEntry entry) {}

    private RarProof() {}

    static ArchiveSet check(
            ArchiveSet set, Map<Integer, RarVolume> byFile, VolumeBytes[] files, Map<String, Par2File> par2)
            throws IOException {
        if (set.refusal().isPresent()) return set;
        List<RarVolume> ordered = set.volumes().stream().map(byFile::get).toList();
        java.util.IdentityHashMap<RarEntry, Long> dataCrcs = new java.util.IdentityHashMap<>();
        boolean splitMembers = false;
        boolean allProved = true;
        try {
            for (RarVolume v : ordered) {
                Optional<Refusal> r = Par2Check.against(set.name(), files[v.file()], par2);
                if (r.isPresent()) return set.refused(r.get());
            }
            // The checksums of encrypted parts are not of the bytes as stored: the order stays the headers'.
            if (set.members().stream().anyMatch(m -> m.sealing().isPresent())) return set;
            List<List<Part>> runs = runs(ordered);
            java.util.IdentityHashMap<List<Part>, Long> lastCrcs = new java.util.IdentityHashMap<>();
            for (List<Part> run : runs) {
                Part last = run.get(run.size() - 1);
                if (run.size() == 1) {
                    if (stored(last.entry()) && last.entry().crc() >= 0)
                        dataCrcs.put(last.entry(), last.entry().crc());
                    continue;
                }
                Optional<Long> expected = lastPartCrc(run);
                if (expected.isEmpty()) continue;
                lastCrcs.put(run, expected.get());
                dataCrcs.put(last.entry(), expected.get());
                for (Part p : run.subList(0, run.size() - 1))
                    dataCrcs.put(p.entry(), p.entry().crc());
            }
            for (List<Part> run : runs) {
                if (run.size() == 1) continue;
                splitMembers = true;
                Part last = run.get(run.size() - 1);
                Long expected = lastCrcs.get(run);
                Optional<Boolean> byPar2 = expected == null
                        ? Optional.empty()
                        : volumeMatchesPar2(last.volume(), files[last.volume().file()], par2, dataCrcs);
                boolean proved;
                if (byPar2.isPresent()) {
                    proved = byPar2.get();
                } else if (expected != null && last.entry().dataSize() <= READ_PER_VOLUME * run.size()) {
                    proved = files[last.volume().file()].crc(
                                    last.entry().dataOffset(), last.entry().dataSize())
                            == expected;
                } else {
                    allProved = false;
                    continue;
                }
                if (!proved)
                    return set.refused(sumsDisagree(set.name(), last.entry().name()));
            }
            for (RarVolume v : ordered) {
                if (volumeMatchesPar2(v, files[v.file()], par2, dataCrcs).orElse(true)) continue;
                return set.refused(
                        new Refusal(
                                Refusal.Reason.CONFLICT,
                                v.fileName() + " of the archive " + set.name()
                                        + " does not hold what its par2 checksums say: the volume is not the one its headers claim"));
            }
        } catch (ArchiveException e) {
            return set.refused(e.refusal());
        }
        return splitMembers && allProved ? set.withOrder(ArchiveSet.Order.PROVED) : set;
    }

    private static Refusal sumsDisagree(String archive, String member) {
        return new Refusal(
                Refusal.Reason.CONFLICT,
                "the parts of " + member + " in the archive " + archive
                        + " do not add up to its checksum: its volumes are in the wrong order or come from different sets");
    }

    /** The CRC the last part's data must have for the parts to make the whole, if the headers say enough. */
    private static Optional<Long> lastPartCrc(List<Part> run) {
        RarEntry last = run.get(run.size() - 1).entry();
        if (last.crc() < 0 || !stored(last)) return Optional.empty();
        long before = -1;
        for (Part p : run.subList(0, run.size() - 1)) {
            if (!p.entry().hasPartCrc() || !stored(p.entry())) return Optional.empty();
            before = before < 0
                    ? p.entry().crc()
                    : Crc32s.combine(before, p.entry().crc(), p.entry().dataSize());
        }
        // whole = before * x^(8 len) + last, so last = whole XOR (before shifted over len bytes)
        return Optional.of(last.crc() ^ Crc32s.combine(before, 0, last.dataSize()));
    }

    private static boolean stored(RarEntry e) {
        return e.refusal().isEmpty();
    }

    /** Consecutive entries of one member: its parts in volume order. */
    private static List<List<Part>> runs(List<RarVolume> ordered) {
        List<List<Part>> runs = new ArrayList<>();
        List<Part> current = null;
        for (RarVolume v : ordered) {
            for (RarEntry e : v.entries()) {
                boolean continues = e.splitBefore()
                        && current != null
                        && current.get(0).entry().name().equals(e.name());
                if (!continues) {
                    current = new ArrayList<>();
                    runs.add(current);
                }
                current.add(new Part(v, e));
                if (!e.splitAfter()) current = null;
            }
        }
        return runs;
    }

    /**
     * Whether the volume's header bytes with the CRCs its data must have make the CRC par2 gives
     * for the whole volume; empty when par2 does not describe it or a CRC is not known.
     */
    private static Optional<Boolean> volumeMatchesPar2(
            RarVolume v, VolumeBytes file, Map<String, Par2File> par2, Map<RarEntry, Long> dataCrcs)
            throws IOException, ArchiveException {
        Par2File described = par2.get(v.fileName());
        if (described == null
                || described.size() != file.size()
                || described.paddedCrc().isEmpty()) return Optional.empty();
        long crc = 0;
        long at = 0;
        for (RarEntry e : v.entries()) {
            Long data = dataCrcs.get(e);
            if (data == null || e.dataOffset() < at || e.dataOffset() - at > MAX_HEADER_RUN) return Optional.empty();
            crc = Crc32s.combine(crc, file.crc(at, e.dataOffset() - at), e.dataOffset() - at);
            crc = Crc32s.combine(crc, data, e.dataSize());
            at = e.dataOffset() + e.dataSize();
        }
        long tail = file.size() - at;
        if (tail > MAX_HEADER_RUN) return Optional.empty();
        crc = Crc32s.combine(crc, file.crc(at, tail), tail);
        crc = Crc32s.combine(crc, Crc32s.zeros(described.padding()), described.padding());
        return Optional.of(crc == described.paddedCrc().getAsLong());
    }
}
