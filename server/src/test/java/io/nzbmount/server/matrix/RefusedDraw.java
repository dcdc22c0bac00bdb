package io.nzbmount.server.matrix;

import io.nzbmount.server.matrix.Scenario.Client;
import io.nzbmount.server.matrix.Scenario.Damage;
import io.nzbmount.server.matrix.Scenario.Fault;
import io.nzbmount.server.matrix.Scenario.SourceSpec;
import java.util.List;
import java.util.SplittableRandom;

/**
 * While provider {@code a} refuses connections, puts primary articles that only {@code a} stores
 * ({@link Damage#MISSING_ON_B}) where a standby without holes has the bytes, from a random stream of its
 * own (so every other seed draws as before). Nobody can tell whether such an article exists, so it
 * is no hole; but the standby can serve it, and the stream must go there at once instead of
 * waiting out {@code a}'s cool-down.
 *
 * <p>Never on the primary's last article without a fault: a primary nothing of which can be read
 * while {@code a} refuses can prove no standby (seed 20871, a one-article file, waited out the
 * cool-down). Only where a standby without holes covers the article and {@link #MARGIN} before it (what a
 * range proof at the cutover compares, so the standby is sure to be taken at once): where none
 * does, the response rightly waits for the providers (up to 40 s) before it ends, which hundreds
 * of seeds cannot afford. Applied after {@link ArchiveDraw}, which leaves such seeds plain.
 */
final class RefusedDraw {
    /** More than the sent-bytes ring (64 KiB) and two of the largest articles on either side. */
    static final long MARGIN = 64 * 1024 + 2L * ScenarioDraw.MAX_PART;

    private static final long STREAM = 0x9E3779B97F4A7C15L;

    private RefusedDraw() {}

    static void apply(long seed, int size, List<SourceSpec> sources, Client client, boolean loginFault) {
        if (!loginFault || sources.size() < 2) return;
        SplittableRandom r = new SplittableRandom(seed ^ STREAM);
        if (r.nextInt(3) == 0) return;
        SourceSpec primary = sources.get(0);
        Oracle oracle = new Oracle(new Scenario(seed, size, sources, client, true, List.of()));
        int tries = 1 + r.nextInt(3);
        for (int i = 0; i < tries; i++) {
            int k = r.nextInt(primary.articles(size));
            if (primary.faults().containsKey(k)) continue;
            // The primary keeps an article that b serves: with none, nothing of it can be read
            // while a refuses, so no standby can be proved against it and the stream rightly waits.
            if (primary.faults().size() + 1 >= primary.articles(size)) continue;
            long start = (long) k * primary.partSize();
            long end = Math.min(size, start + primary.partSize());
            if (coveredByAWholeStandby(oracle, sources, Math.max(0, start - MARGIN), end)) {
                primary.faults().put(k, new Fault(Damage.MISSING_ON_B, 0));
            }
        }
    }

    private static boolean coveredByAWholeStandby(Oracle oracle, List<SourceSpec> sources, long from, long to) {
        for (int i = 1; i < sources.size(); i++) {
            if (sources.get(i).impostor() || !oracle.gaps(i).isEmpty()) continue;
            if (hasAll(oracle, i, sources.get(i).partSize(), from, to)) return true;
        }
        return false;
    }

    private static boolean hasAll(Oracle oracle, int source, int part, long from, long to) {
        for (long k = from / part; k * part < to; k++) {
            if (!oracle.has(source, k * part)) return false;
        }
        return true;
    }
}
