package io.nzbmount.server.matrix;

import io.nzbmount.server.matrix.Scenario.Client;
import io.nzbmount.server.matrix.Scenario.Damage;
import io.nzbmount.server.matrix.Scenario.Fault;
import io.nzbmount.server.matrix.Scenario.SourceSpec;
import io.nzbmount.server.sweep.Sample;
import io.nzbmount.server.sweep.SamplePlan;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Broken releases that together hold the film, drawn from a random stream of its own after
 * everything else, so a seed it leaves alone is exactly the scenario it was before it existed.
 * It takes half the eligible seeds and redraws their sources (the file, its size and the client
 * stay) as one of:
 * <ul>
 *   <li><b>standbys with holes of their own</b>: the primary with 0 to 2 holes, 1 to 3 standbys
 *       with 1 or 2 each, at least one of them inside a fingerprint sample; holes may meet, so
 *       some bytes may be held by no source (the oracle decides);</li>
 *   <li><b>a disjoint cover</b>: 3 to 5 sources, each with holes, no byte lacked by two of them,
 *       so together they hold every byte and a response must be whole.</li>
 * </ul>
 * The primary keeps its name, article size and the provider faults the draw gave it (its holes
 * are redrawn); an impostor the draw added is kept. One such seed in four with two standbys or more also gets a provider
 * outage during a standby's background proof ({@link Scenario#outage}): the second or a later
 * standby, after the earlier ones were proved, so the primary's first sample is already known.
 *
 * <p>Bounds, each so the {@link Oracle} can stay exact: at most {@link ScenarioDraw#MAX_HOLES}
 * holes in all (so no range needs more than the round's 5 cutovers); no hole in a source's first
 * or last article (the import may refuse such a source, and this draw is about the reads); files
 * of at least {@link #MIN_SIZE}, so every pair of sources shares room for a full-strength proof
 * ({@link Oracle#sharesProofRoom}); no provider refusing connections (its cool-down is
 * {@link RefusedDraw}'s case), no archive (a hole there moves by volume, {@link ArchiveDraw}),
 * no identity client (it reads a second release without standbys). A named regression from
 * before this draw existed is left alone ({@link Regressions#namedBefore}).
 */
final class BrokenDraw {
    /**
     * Room for 20 samples of 64 KiB when five holes of up to 64 KiB split the readable bytes:
     * each costs at most two windows (30 windows of 64 KiB are under 2 MiB).
     */
    static final int MIN_SIZE = 2 * 1024 * 1024;

    private static final long STREAM = 0xC2B2AE3D27D4EB4FL;

    private BrokenDraw() {}

    /** Whether the draw takes {@code seed} (before anything else is drawn from its stream). */
    static boolean takes(long seed, int size, List<SourceSpec> sources, Client client, boolean loginFault) {
        if (Regressions.namedBefore(seed, Regressions.Era.BROKEN_RELEASES)
                || loginFault
                || client == Client.IDENTITY
                || size < MIN_SIZE) return false;
        for (SourceSpec s : sources) if (s.archive() != null) return false;
        return new SplittableRandom(seed ^ STREAM).nextInt(4) < 2;
    }

    /** Whether a seed the draw takes gets a disjoint cover (else standbys with holes of their own). */
    static boolean cover(long seed) {
        SplittableRandom r = new SplittableRandom(seed ^ STREAM);
        r.nextInt(4);
        return r.nextBoolean();
    }

    /**
     * Redraws {@code sources} when the draw takes the seed.
     *
     * @return the standby whose proof meets a provider outage, or -1
     */
    static int apply(long seed, int size, List<SourceSpec> sources, Client client, boolean loginFault) {
        if (!takes(seed, size, sources, client, loginFault)) return -1;
        SplittableRandom r = new SplittableRandom(seed ^ STREAM);
        r.nextInt(4);
        boolean cover = r.nextBoolean();
        assert cover == cover(seed);
        SourceSpec base = sources.get(0);
        SourceSpec impostor =
                sources.stream().filter(SourceSpec::impostor).findFirst().orElse(null);
        TreeMap<Integer, Fault> primaryFaults = new TreeMap<>();
        for (Map.Entry<Integer, Fault> e : base.faults().entrySet()) {
            if (!e.getValue().damage().hole()) primaryFaults.put(e.getKey(), e.getValue());
        }
        sources.clear();
        sources.add(new SourceSpec(base.fileName(), base.partSize(), primaryFaults, false));
        int standbys = cover ? 2 + r.nextInt(3) : 1 + r.nextInt(3);
        for (int i = 0; i < standbys; i++) {
            String name = r.nextBoolean() ? base.fileName() : HexFormat.of().toHexDigits(r.nextLong()) + ".mkv";
            int part = r.nextBoolean()
                    ? base.partSize()
                    : ScenarioDraw.MIN_PART + r.nextInt(ScenarioDraw.MAX_PART - ScenarioDraw.MIN_PART + 1);
            sources.add(new SourceSpec(name, part, new TreeMap<>(), false));
        }
        if (cover) disjointCover(r, size, sources);
        else ownHoles(r, size, sources);
        int outage = standbys >= 2 && r.nextInt(4) == 0 ? 2 + r.nextInt(standbys - 1) : -1;
        if (impostor != null) sources.add(impostor);
        return outage;
    }

    /** Each standby a hole (the first one's in a sample), the primary 0 to 2, then a second for some standbys; within the budget. */
    private static void ownHoles(SplittableRandom r, int size, List<SourceSpec> sources) {
        int left = ScenarioDraw.MAX_HOLES;
        for (int i = 1; i < sources.size(); i++, left--)
            hole(r, size, sources.get(i), at(r, size, i == 1 || r.nextBoolean()));
        int primary = Math.min(left, r.nextInt(3));
        for (int h = 0; h < primary; h++, left--) hole(r, size, sources.get(0), at(r, size, r.nextBoolean()));
        for (int i = 1; i < sources.size() && left > 0; i++) {
            if (r.nextBoolean()) {
                hole(r, size, sources.get(i), at(r, size, r.nextBoolean()));
                left--;
            }
        }
    }

    /** Every source gets holes, none of whose bytes another source lacks; within the budget. */
    private static void disjointCover(SplittableRandom r, int size, List<SourceSpec> sources) {
        int extra = ScenarioDraw.MAX_HOLES - sources.size();
        List<long[]> taken = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            int mine = 1;
            if (extra > 0 && r.nextBoolean()) {
                mine++;
                extra--;
            }
            for (int h = 0; h < mine; h++) {
                SourceSpec s = sources.get(i);
                for (int attempt = 0; attempt < 100; attempt++) {
                    int k = articleOf(s, size, at(r, size, r.nextBoolean()));
                    long from = (long) k * s.partSize();
                    long to = Math.min(size, from + s.partSize());
                    if (s.faults().containsKey(k) || overlaps(taken, from, to)) continue;
                    taken.add(new long[] {from, to});
                    s.faults().put(k, new Fault(r.nextInt(3) == 0 ? Damage.CORRUPT : Damage.MISSING, 0));
                    break;
                }
            }
        }
    }

    private static boolean overlaps(List<long[]> taken, long from, long to) {
        for (long[] t : taken) if (t[0] < to && from < t[1]) return true;
        return false;
    }

    /** A byte offset: inside a fingerprint sample, or anywhere. */
    private static long at(SplittableRandom r, int size, boolean onSample) {
        if (!onSample) return r.nextInt(size);
        List<Sample> samples = SamplePlan.forSize(size);
        Sample s = samples.get(r.nextInt(samples.size()));
        return s.offset() + r.nextInt(s.length());
    }

    /** The article of {@code s} holding {@code at}, moved off the first and the last article. */
    private static int articleOf(SourceSpec s, int size, long at) {
        return (int) Math.max(1, Math.min(s.articles(size) - 2, at / s.partSize()));
    }

    private static void hole(SplittableRandom r, int size, SourceSpec s, long at) {
        s.faults().put(articleOf(s, size, at), new Fault(r.nextInt(3) == 0 ? Damage.CORRUPT : Damage.MISSING, 0));
    }
}
