package io.nzbmount.server.matrix;

import io.nzbmount.server.matrix.Scenario.Client;
import io.nzbmount.server.matrix.Scenario.Damage;
import io.nzbmount.server.matrix.Scenario.Fault;
import io.nzbmount.server.matrix.Scenario.Format;
import io.nzbmount.server.matrix.Scenario.SourceSpec;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * NZBs that list their articles the way real posts do when something went wrong, drawn last and
 * from a random stream of its own (a seed it leaves alone is the scenario it was before). For one
 * eligible seed in four:
 * <ul>
 *   <li>a plain seed: some sources (at least one) get parts listed twice, the first copy missing on
 *       every provider or served damaged, the second good (anywhere, the first and last article
 *       too: the source has those bytes), and/or an NZB that does not list its first or its last
 *       parts (1 or 2 each; those bytes are holes of the source, and the import must still take it
 *       when the parts it lists at either end can be had);</li>
 *   <li>a seed with sources in split 7z archives: one of them has a part posted twice under the same
 *       name, the copies equal (the import must take the set) or different (it may refuse the set,
 *       or take the copy the CRCs prove; never a wrong byte). The copy is listed first.</li>
 * </ul>
 * Unlisted parts count against {@link ScenarioDraw#MAX_HOLES}, so no range needs more cutovers
 * than a round allows; a source keeps at least two listed parts. Not drawn where a provider
 * refuses connections (what the import then refuses depends on its read order) nor for the identity
 * client. A named regression from before this draw is left alone ({@link Regressions#namedBefore}).
 */
final class ListingDraw {
    private static final long STREAM = 0x165667B19E3779F9L;

    private ListingDraw() {}

    /** Whether the draw takes {@code seed} (it may still find nothing to change in it). */
    static boolean takes(long seed, Client client, boolean loginFault) {
        if (Regressions.namedBefore(seed, Regressions.Era.NZB_LISTINGS) || loginFault || client == Client.IDENTITY)
            return false;
        return new SplittableRandom(seed ^ STREAM).nextInt(4) == 0;
    }

    static void apply(long seed, int size, List<SourceSpec> sources, Client client, boolean loginFault) {
        if (!takes(seed, client, loginFault)) return;
        SplittableRandom r = new SplittableRandom(seed ^ STREAM);
        r.nextInt(4);
        if (sources.stream().anyMatch(s -> s.archive() != null)) {
            repeatAPart(r, seed, size, sources);
            return;
        }
        int holes = 0;
        for (SourceSpec s : sources) holes += s.holes().size();
        int forced = r.nextInt(sources.size());
        for (int i = 0; i < sources.size(); i++) {
            SourceSpec s = sources.get(i);
            boolean chosen = r.nextBoolean() || i == forced;
            int kind = r.nextInt(3);
            if (!chosen || s.impostor()) continue;
            if (kind != 1) listTwice(r, size, s);
            if (kind != 0) holes += leaveUnlisted(r, size, s, ScenarioDraw.MAX_HOLES - holes);
        }
    }

    /** One or two parts listed twice: first a bad copy, then the good one. */
    private static void listTwice(SplittableRandom r, int size, SourceSpec s) {
        int n = s.articles(size);
        List<Sample> samples = SamplePlan.forSize(size);
        for (int t = 1 + r.nextInt(2); t > 0; t--) {
            int k = switch (r.nextInt(4)) {
                case 0 -> 0;
                case 1 -> n - 1;
                case 2 -> (int) (samples.get(r.nextInt(samples.size())).offset() / s.partSize());
                default -> r.nextInt(n);
            };
            Damage d = r.nextBoolean() ? Damage.LISTED_TWICE_FIRST_MISSING : Damage.LISTED_TWICE_FIRST_CORRUPT;
            if (!s.faults().containsKey(k)) s.faults().put(k, new Fault(d, 0));
        }
    }

    /** Leaves the first and/or last parts unlisted, within {@code budget} holes; returns how many holes it added. */
    private static int leaveUnlisted(SplittableRandom r, int size, SourceSpec s, int budget) {
        int n = s.articles(size);
        int lead = r.nextInt(3);
        int trail = lead == 0 ? 1 + r.nextInt(2) : r.nextInt(3);
        int added = 0;
        List<Integer> marked = new ArrayList<>();
        for (int k = 0; k < lead; k++) marked.add(k);
        for (int k = n - trail; k < n; k++) marked.add(k);
        for (int k : marked) {
            if (k < 0 || n - marked.size() < 2 || marked.indexOf(k) != marked.lastIndexOf(k)) return added;
            Fault f = s.faults().get(k);
            boolean wasHole = f != null && f.damage().hole();
            if (!wasHole && added >= budget) continue;
            s.faults().put(k, new Fault(Damage.UNLISTED, 0));
            if (!wasHole) added++;
        }
        return added;
    }

    /** A part of a split 7z set posted twice, the copies equal or different. */
    private static void repeatAPart(SplittableRandom r, long seed, int size, List<SourceSpec> sources) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            SourceSpec s = sources.get(i);
            if (s.archive() != null && s.archive().format() == Format.SEVEN_ZIP) candidates.add(i);
        }
        if (candidates.isEmpty()) return;
        int i = candidates.get(r.nextInt(candidates.size()));
        SourceSpec s = sources.get(i);
        int volumes = SourceLayout.of(s, SeedRun.content(seed, size, 1)).files().size() - 1;
        Scenario.Repeat repeat = new Scenario.Repeat(r.nextInt(volumes), r.nextBoolean());
        sources.set(i, new SourceSpec(s.fileName(), s.partSize(), s.faults(), false, s.archive(), repeat));
    }
}
