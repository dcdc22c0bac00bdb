package io.nzbmount.server.archive;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Proves a 7z archive (one file or split parts) with the CRCs its header records for its files,
 * against par2: the stream's CRC-32 made from the header bytes and the files' CRCs (CRC-32
 * combination, no data read) must equal the one made from par2's slice checksums of its parts.
 * A 7z set's parts are ordered by their names; this proves that order and that the parts are the
 * ones the header describes. Not thread-safe (reads through the scan's {@link VolumeBytes}).
 */
final class SevenZipProof {
    /** Header bytes between files longer than this are not read for the proof. */
    private static final long MAX_GAP = 64 * 1024;

    private SevenZipProof() {}

    /**
     * @param known the stored files' stream ranges with their CRCs ({offset, length, crc})
     */
    static ArchiveSet check(
            ArchiveSet set, List<VolumeBytes> parts, SplitStream stream, List<long[]> known, Map<String, Par2File> par2)
            throws IOException {
        if (set.refusal().isPresent() || par2.isEmpty()) return set;
        for (VolumeBytes part : parts) {
            java.util.Optional<Refusal> wrong = Par2Check.against(set.name(), part, par2);
            if (wrong.isPresent()) return set.refused(wrong.get());
        }
        long actual = 0;
        for (VolumeBytes part : parts) {
            Par2File described = par2.get(part.name());
            if (described == null || described.paddedCrc().isEmpty()) return set;
            long crc = Crc32s.withoutZeros(described.paddedCrc().getAsLong(), described.padding());
            actual = Crc32s.combine(actual, crc, part.size());
        }
        try {
            List<long[]> ranges = new ArrayList<>(known);
            ranges.sort(Comparator.comparingLong(r -> r[0]));
            long expected = 0;
            long at = 0;
            for (long[] r : ranges) {
                if (r[0] < at || r[0] - at > MAX_GAP) return set;
                expected = Crc32s.combine(expected, crcOf(stream, at, r[0] - at), r[0] - at);
                expected = Crc32s.combine(expected, r[2], r[1]);
                at = r[0] + r[1];
            }
            if (stream.total() - at > MAX_GAP) return set;
            expected = Crc32s.combine(expected, crcOf(stream, at, stream.total() - at), stream.total() - at);
            if (expected != actual) {
                return set.refused(
                        new Refusal(
                                Refusal.Reason.CONFLICT,
                                "the parts of the 7z archive " + set.name()
                                        + " do not hold what its header and its par2 checksums say: parts in the wrong order or of another set"));
            }
        } catch (ArchiveException e) {
            return set.refused(e.refusal());
        }
        return set.withOrder(ArchiveSet.Order.PROVED);
    }

    private static long crcOf(SplitStream stream, long offset, long length) throws IOException, ArchiveException {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(stream.read(offset, (int) length));
        return crc.getValue();
    }
}
