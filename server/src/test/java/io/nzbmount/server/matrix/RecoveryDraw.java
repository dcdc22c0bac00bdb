package io.nzbmount.server.matrix;

import io.nzbmount.server.matrix.Scenario.Client;
import io.nzbmount.server.matrix.Scenario.Damage;
import io.nzbmount.server.matrix.Scenario.Recovery;
import io.nzbmount.server.matrix.Scenario.SourceSpec;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Posts some primaries with PAR2 recovery data: an index and a recovery volume over the film (a
 * plain primary, with a slice size drawn article-aligned, smaller or larger than an article) or
 * over its volumes (an archived one). The number of recovery slices is drawn around the number of
 * slices the primary's holes touch: often enough to rebuild them all, sometimes one short, so a
 * repair that cannot finish is drawn as well. Applied last, from a stream of its own, so the seeds
 * it does not take keep their draw.
 *
 * <p>Seeds it leaves alone: a provider refusing connections (a repair reads the whole release,
 * and the 30 s cool-down would outlast a response's wait for it), the identity client (its item is
 * deleted while it reads), and a primary whose NZB does not list some parts (a repair needs every
 * part's place, which such an NZB does not give).
 */
final class RecoveryDraw {
    private static final long STREAM = 0x2545F4914F6CDD1DL;

    private RecoveryDraw() {}

    static void apply(long seed, int size, List<SourceSpec> sources, Client client, boolean loginFault) {
        if (Regressions.namedBefore(seed, Regressions.Era.PAR2_RECOVERY) || loginFault || client == Client.IDENTITY)
            return;
        SourceSpec primary = sources.get(0);
        if (primary.faults().values().stream().anyMatch(f -> f.damage() == Damage.UNLISTED)) return;
        SplittableRandom r = new SplittableRandom(seed ^ STREAM);
        boolean holes = !primary.holes().isEmpty();
        if (r.nextInt(holes ? 2 : 10) != 0) return;
        int part = primary.partSize();
        int sliceSize = switch (r.nextInt(3)) {
            case 0 -> part / 4 * 4;
            case 1 -> 4 * (256 + r.nextInt(Math.max(1, part / 4 - 256)));
            default -> 4 * (part / 4 + 1 + r.nextInt(part / 4));
        };
        SourceSpec drawn = primary.withRecovery(new Recovery(sliceSize, 1));
        int touched = SourceLayout.of(drawn, SeedRun.content(seed, size, 1)).slicesTouched(primary.holes());
        int slices = Math.max(1, touched + new int[] {-1, 0, 0, 1, 3}[r.nextInt(5)]);
        sources.set(0, primary.withRecovery(new Recovery(sliceSize, slices)));
    }
}
