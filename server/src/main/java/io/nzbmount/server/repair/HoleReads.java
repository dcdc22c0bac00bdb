package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.NzbReader;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.SegmentMap;
import io.nzbmount.server.holes.Hole;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the articles behind a source's known holes that asking the providers (STAT) cannot find:
 * an article every provider serves damaged is there to STAT, and only reading it shows it cannot
 * be had. The holes of a posted input file are read where they lie; a hole of a file inside
 * archive volumes (its offsets are the film's, not a volume's) has every input read whole.
 * Stateless.
 */
final class HoleReads {
    /** The most bytes read at once. */
    private static final int CHUNK = 1 << 20;

    private HoleReads() {}

    /**
     * Reads the input bytes under {@code holes} (background priority) and records in {@code damage}
     * every article that cannot be read for good.
     *
     * @throws ReadFailure a failure that may pass
     */
    static void find(Par2Release release, List<NzbFile> files, PostedBytes bytes, Damage damage, List<Hole> holes)
            throws ReadFailure, ReadCancelledException {
        if (holes.isEmpty()) return;
        List<Integer> posted = new ArrayList<>();
        for (Par2Release.Input in : release.inputs()) if (in.posted()) posted.add(in.nzbIndex());
        boolean insideVolumes = holes.stream().anyMatch(h -> !posted.contains(h.fileIndex()));
        for (int i = 0; i < release.inputs().size(); i++) {
            Par2Release.Input in = release.inputs().get(i);
            if (!in.posted()) continue;
            for (Hole h : holes) {
                if (h.fileIndex() == in.nzbIndex())
                    read(release, i, files.get(in.nzbIndex()), bytes, damage, h.start(), h.end());
            }
            if (insideVolumes)
                read(
                        release,
                        i,
                        files.get(in.nzbIndex()),
                        bytes,
                        damage,
                        0,
                        in.map().size());
        }
    }

    private static void read(
            Par2Release release, int input, NzbFile file, PostedBytes bytes, Damage damage, long start, long end)
            throws ReadFailure, ReadCancelledException {
        SegmentMap map = release.inputs().get(input).map();
        end = Math.min(end, map.size());
        byte[] buffer = new byte[(int) Math.min(CHUNK, Math.max(1, end - start))];
        try (NzbReader reader = bytes.open(map)) {
            long at = Math.max(0, start);
            while (at < end) {
                int n = (int) Math.min(buffer.length, end - at);
                long gap = bytes.read(reader, at, buffer, n);
                if (gap < 0) {
                    at += n;
                    continue;
                }
                InputFeed.recordGap(damage, release, input, file, map, gap);
                at = Math.max(gap + 1, map.span(gap).end());
            }
        }
    }
}
