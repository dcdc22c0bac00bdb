package io.nzbmount.server.repair;

import io.nzbmount.nntp.NzbFile;
import io.nzbmount.nntp.Priority;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.nntp.ReadFailure;
import io.nzbmount.nntp.Usenet;
import io.nzbmount.server.policy.FailureKind;
import io.nzbmount.server.repair.par2.Par2RecoverySet;
import io.nzbmount.server.repair.par2.RecoverySlice;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads recovery slices until there are enough: the par2 files in the order the release gives
 * (fewest bytes first), each read whole at background priority, its intact recovery packets of
 * the set kept. A packet that lies across a missing article fails its MD5 and is not used, so
 * the count is of slices that can really be read. Stateless.
 */
final class RecoveryFetch {
    private RecoveryFetch() {}

    /**
     * At least {@code needed} recovery slices when the release has them, otherwise all it has;
     * by exponent, in the order read.
     *
     * @throws ReadFailure a failure that may pass (asking again later may find more)
     */
    static Map<Integer, RecoverySlice> atLeast(
            int needed, Par2Release release, List<NzbFile> files, Usenet usenet, PostedBytes bytes)
            throws ReadFailure, ReadCancelledException {
        Map<Integer, RecoverySlice> found = new LinkedHashMap<>(release.set().recovery());
        for (int i : release.par2()) {
            if (found.size() >= needed) break;
            if (i == release.index()) continue;
            byte[] whole;
            try {
                whole = bytes.readTolerating(usenet.map(files.get(i), Priority.BACKGROUND));
            } catch (ReadFailure e) {
                // A par2 file whose first article is gone cannot even be placed: it adds nothing.
                if (FailureKind.of(e) != FailureKind.PERMANENT) throw e;
                continue;
            }
            Par2RecoverySet.recoveryIn(
                            whole, release.set().setId(), release.set().sliceSize())
                    .forEach(found::putIfAbsent);
        }
        return found;
    }
}
