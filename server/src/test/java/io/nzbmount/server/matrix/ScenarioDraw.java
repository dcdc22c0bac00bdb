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
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Draws a {@link Scenario} from a seed. Everything comes from one {@link SplittableRandom} of the
 * seed, in a fixed order, so a seed is the same case on every machine and every run.
 *
 * <p>Bounds that keep the oracle exact (see {@link Oracle}): at most {@link #MAX_HOLES} holes over
 * all sources, so the failure budget of a round (5 cutovers) can never be what ends a response;
 * faults that only delay bytes are put on the primary alone, so a standby's proof is never slowed
 * by them; every transient fault hits the first answer only, which the reader's own retry gets past.
 *
 * <p>When provider {@code a} refuses connections, the primary gets no hole, and this draw gives it
 * no article only {@code a} holds (its standbys still may): while {@code a} cools down (30 s) nobody
 * can tell whether an article {@code b} lacks exists, and where no standby has it a response rightly
 * waits for the providers, up to 40 s; hundreds of seeds cannot afford that.
 *
 * <p>Last, each from a stream of its own: {@link ArchiveDraw} puts some sources inside RAR5 or 7z
 * volumes, {@link RefusedDraw} gives the primary articles only {@code a} holds where a
 * standby without holes has the bytes, and {@link BrokenDraw} redraws the sources of some seeds
 * as broken releases that together hold the film, and {@link ListingDraw} changes how some NZBs
 * list their articles (parts listed twice, first or last parts not listed, a 7z part posted twice),
 * and {@link RecoveryDraw} posts some primaries with PAR2 recovery data.
 */
final class ScenarioDraw {
    static final int MAX_HOLES = 5;
    static final int MIN_PART = 2 * 1024;
    static final int MAX_PART = 64 * 1024;
    /** The faults {@link #placeFaults} draws from, in the order the seeds were named with. */
    private static final Damage[] PROVIDER_FAULTS = {
        Damage.MISSING_ON_A,
        Damage.MISSING_ON_B,
        Damage.CORRUPT_ON_A,
        Damage.SERVICE_ERROR_ON_A,
        Damage.RESET_ON_A,
        Damage.STALL_ON_A,
        Damage.SILENT_ON_A,
        Damage.TRICKLE_ON_A
    };

    private ScenarioDraw() {}

    static Scenario draw(long seed) {
        return draw(seed, true);
    }

    /**
     * The draw of {@code seed}; without {@link BrokenDraw}, {@link ListingDraw} and {@link RecoveryDraw} when {@code broken}
     * is false (as every seed drew before they existed).
     */
    static Scenario draw(long seed, boolean broken) {
        SplittableRandom r = new SplittableRandom(seed);
        int articles = switch (r.nextInt(20)) {
            case 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 -> 1 + r.nextInt(20);
            case 10, 11, 12, 13, 14, 15, 16 -> 21 + r.nextInt(80);
            default -> 101 + r.nextInt(200);
        };
        int part = MIN_PART + r.nextInt(MAX_PART - MIN_PART + 1);
        int size = (articles - 1) * part + 1 + r.nextInt(part);
        Client client = Client.values()[r.nextInt(Client.values().length)];
        boolean loginFault = r.nextInt(12) == 0;
        int standbys = client == Client.IDENTITY ? 0 : new int[] {0, 1, 1, 1, 2, 2, 3, 4}[r.nextInt(8)];

        String name = "Matrix." + seed + ".1080p.mkv";
        List<SourceSpec> sources = new ArrayList<>();
        sources.add(new SourceSpec(name, part, new TreeMap<>(), false));
        for (int i = 0; i < standbys; i++) {
            String other = r.nextBoolean() ? name : HexFormat.of().toHexDigits(r.nextLong()) + ".mkv";
            int otherPart = r.nextBoolean() ? part : MIN_PART + r.nextInt(MAX_PART - MIN_PART + 1);
            sources.add(new SourceSpec(other, otherPart, new TreeMap<>(), false));
        }
        if (client != Client.IDENTITY) placeHoles(r, size, sources, loginFault);
        placeFaults(r, size, sources, loginFault);
        addImpostor(seed, sources);
        ArchiveDraw.apply(seed, size, sources, loginFault);
        RefusedDraw.apply(seed, size, sources, client, loginFault);
        List<long[]> ranges = ranges(r, client, size);
        int outage = broken ? BrokenDraw.apply(seed, size, sources, client, loginFault) : -1;
        if (broken) ListingDraw.apply(seed, size, sources, client, loginFault);
        if (broken) RecoveryDraw.apply(seed, size, sources, client, loginFault);
        return new Scenario(seed, size, sources, client, loginFault, ranges, outage);
    }

    /** Holes in any source: anywhere, the first or last article, a sample position, or where another source has one. */
    private static void placeHoles(SplittableRandom r, int size, List<SourceSpec> sources, boolean loginFault) {
        int holes = new int[] {0, 0, 1, 1, 1, 2, 2, 3, 4, MAX_HOLES}[r.nextInt(10)];
        List<Sample> samples = SamplePlan.forSize(size);
        List<Long> placed = new ArrayList<>();
        for (int h = 0; h < holes; h++) {
            SourceSpec s = sources.get(r.nextInt(4) == 0 ? 0 : r.nextInt(sources.size()));
            long at = switch (r.nextInt(8)) {
                case 0 -> 0;
                case 1 -> size - 1;
                case 2, 3 -> samples.get(r.nextInt(samples.size())).offset();
                case 4 -> placed.isEmpty() ? r.nextInt(size) : placed.get(r.nextInt(placed.size()));
                default -> r.nextInt(size);
            };
            placed.add(at);
            Damage d = r.nextInt(3) == 0 ? Damage.CORRUPT : Damage.MISSING;
            if (loginFault && s == sources.get(0)) continue;
            s.faults().put((int) (at / s.partSize()), new Fault(d, 0));
        }
    }

    /** Provider faults on articles that are no holes; the ones that delay only on the primary. */
    private static void placeFaults(SplittableRandom r, int size, List<SourceSpec> sources, boolean loginFault) {
        int faults = new int[] {0, 0, 1, 1, 2, 3}[r.nextInt(6)];
        for (int i = 0; i < faults; i++) {
            Damage d = PROVIDER_FAULTS[r.nextInt(PROVIDER_FAULTS.length)];
            SourceSpec s = d.delays() ? sources.get(0) : sources.get(r.nextInt(sources.size()));
            int article = r.nextInt(s.articles(size));
            int value = switch (d) {
                case STALL_ON_A -> 200 + r.nextInt(2300);
                case RESET_ON_A -> 1 + r.nextInt(Math.max(1, s.partSize()));
                case TRICKLE_ON_A -> Math.max(4096, s.partSize() / 2);
                default -> 0;
            };
            if (loginFault && d.onlyOnA() && s == sources.get(0)) continue;
            s.faults().putIfAbsent(article, new Fault(d, value));
        }
    }

    /**
     * One seed in six with standbys gets one more: a release of the same size and name with other
     * bytes. Drawn from a stream of its own (still a function of the seed alone), so adding it
     * changed no other draw.
     */
    private static void addImpostor(long seed, List<SourceSpec> sources) {
        SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
        if (sources.size() < 2 || r.nextInt(6) != 0) return;
        int part = r.nextBoolean() ? sources.get(0).partSize() : MIN_PART + r.nextInt(MAX_PART - MIN_PART + 1);
        sources.add(new SourceSpec(sources.get(0).fileName(), part, new TreeMap<>(), true));
    }

    /** The byte ranges the client asks for, inclusive; an end of -1 is open. */
    private static List<long[]> ranges(SplittableRandom r, Client client, int size) {
        long a = r.nextInt(size);
        long b = a + r.nextInt((int) (size - a));
        long n = 1L + r.nextInt(size);
        return switch (client) {
            case RANGE -> List.of(new long[] {a, b});
            case SUFFIX -> List.of(new long[] {-n, -1});
            case OPEN, SEEK, KODI -> List.of(new long[] {a, -1});
            case ABORT -> List.of(new long[] {0, -1}, new long[] {1 + r.nextInt(size), 0});
            case FULL, IDENTITY -> List.of();
        };
    }
}
