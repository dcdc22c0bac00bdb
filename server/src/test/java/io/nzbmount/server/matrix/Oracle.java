package io.nzbmount.server.matrix;

import io.nzbmount.server.matrix.Scenario.SourceSpec;
import io.nzbmount.server.sweep.SamplePlan;
import java.util.ArrayList;
import java.util.List;

/**
 * What the promise requires of a drawn {@link Scenario}, decided from the scenario alone (its own
 * model of holes and faults), from ground truth: which sources really hold which bytes. It never
 * asks which sources the server verified. Stateless beyond its scenario.
 *
 * <p>The words it decides by:
 * <ul>
 *   <li>A source <b>has</b> a byte when the article holding it (by that source's own article
 *       boundaries; for a source inside RAR5 or 7z volumes, the article of the volume that holds the
 *       byte in the volume's data, {@link SourceLayout}) is not a hole: at least one provider stores it undamaged. Provider faults
 *       ({@code *_ON_A}) never take a byte away: provider {@code b} has the article. An article
 *       only provider {@code a} stores ({@code MISSING_ON_B}) while {@code a} refuses connections
 *       ({@code loginFault}) cannot be had now: not counted as had, but it is no hole either, and the
 *       server must never record it as one. An impostor (a release of other bytes) has no byte, and
 *       neither has a source the import must refuse ({@link #importable}). A source posted with PAR2
 *       recovery data that can rebuild every slice its holes touch ({@link #repairable}) has the
 *       bytes of its holes too: a repair rebuilds them while a response that reaches one waits.</li>
 *   <li>A source <b>counts</b> when it is no impostor, the import must take it and took it (a refusal
 *       the promise allows, {@link #refused}, leaves no source), and a proof of it
 *       against the primary is possible at all: it has no hole (every sample it can read; a sample
 *       the primary cannot read is moved, or, in a small file whose samples tile it, excused), or
 *       it {@linkplain #sharesProofRoom shares room for the proof} with every other source that
 *       holds the film: at least {@link SamplePlan#sampleCount} disjoint sample-length windows
 *       that both can read. With less room no proof of the same strength exists, whatever the
 *       server does, and a weaker one would let a release of other bytes through. The primary
 *       always counts. Which sources the server proved plays no part.</li>
 *   <li>A byte <b>could be served</b> at offset {@code p} when a source that counts has it.</li>
 *   <li>A response must be <b>whole</b> when every requested byte could be served: the server
 *       routes each range to a source that holds it, cutting over at a hole and back at the next,
 *       in the same response, however the holes lie and whichever sources it has proved so far (a
 *       standby not yet proved is proved by the cutover's own sweep; one whose earlier proof met a
 *       provider outage is inconclusive, never dead, and is proved again).</li>
 *   <li>Otherwise a response may end short (cleanly: only right bytes, then the connection ends).
 *       When it ends at a byte that no source at all has, the stream's close must name
 *       {@code No stable source is available right now.}</li>
 * </ul>
 *
 * <p>What the server can honestly promise, and how the draws stay inside it rather than the
 * oracle asking less:
 * <ul>
 *   <li>The round's budget of cutovers (5, {@code FailurePolicy}): a response cuts over at most
 *       once per article its current source cannot serve, so it never needs more cutovers than
 *       {@link #switchesNeeded}, the fewest changes of source that cover the range from the
 *       primary on. The draws keep every unreadable article of every source ({@link
 *       ScenarioDraw#MAX_HOLES} holes in all, and the few articles only a refusing provider holds)
 *       so that this is never above the budget; {@code ScenarioDrawStabilityTest} checks it
 *       for seeds 1..1000. Unlisted first or last parts ({@link ListingDraw}) are holes too.</li>
 *   <li>A provider fault that makes a sample transiently unreadable (a stall, a reset, a 503)
 *       leaves a proof inconclusive by design, and a standby that could only be proved then would
 *       not count. The draws put delaying faults on the primary alone and every transient fault on
 *       a first answer only, which the reader's retry on the other provider gets past, so no
 *       proof stays inconclusive through one. A provider outage during a standby's background
 *       proof (every article 430 on both providers) is drawn on purpose: it must leave that
 *       standby inconclusive, not dead, so it still counts.</li>
 *   <li>A provider that refuses connections ({@code loginFault}) cools down for 30 s: an article
 *       only it stores cannot be had meanwhile (not counted, above), and where no source that
 *       counts has it a response rightly waits up to 40 s for the providers; the draws give the
 *       primary such articles only where a standby without holes has the bytes
 *       ({@link RefusedDraw}).</li>
 * </ul>
 */
final class Oracle {
    private final Scenario scenario;
    private final List<SourceLayout> layouts = new ArrayList<>();
    private final boolean[] refused;
    private boolean[] counts;

    Oracle(Scenario scenario) {
        this.scenario = scenario;
        byte[] film = SeedRun.content(scenario.seed(), scenario.size(), 1);
        for (SourceSpec s : scenario.sources()) {
            layouts.add(SourceLayout.of(s, s.impostor() ? SeedRun.content(scenario.seed(), scenario.size(), 3) : film));
        }
        refused = new boolean[scenario.sources().size()];
        decide();
    }

    private void decide() {
        boolean[] c = new boolean[refused.length];
        counts = c;
        for (int i = 0; i < c.length; i++) c[i] = decideCounts(i);
    }

    /**
     * Records that the import refused the source (a refusal {@link PromiseCheck#refusedImport}
     * judged allowed: it lacks its first or last byte, or a refusing provider hides whether it has
     * an article): it is no source of the item, so its bytes are owed to no response.
     */
    void refused(int source) {
        refused[source] = true;
        decide();
    }

    /** What source {@code source} posts and where the film's bytes lie in its articles. */
    SourceLayout layout(int source) {
        return layouts.get(source);
    }

    /** The film bytes {@code [from, to)} article {@code k} of {@code source} holds. */
    long[] span(int source, int k) {
        return layouts.get(source).span(k);
    }

    /**
     * Whether the import must take the source: false for an archived source with a hole in a later
     * article of a volume's head ({@link SourceLayout#laterHeadArticle}), which must be refused,
     * unless the source posts that volume again as an equal copy: the repeat is posted whole, and
     * par2's checksum proves it the volume that belongs.
     */
    boolean importable(int source) {
        SourceSpec s = scenario.sources().get(source);
        for (int k : s.holes()) {
            if (layouts.get(source).laterHeadArticle(k)
                    && !copiedWhole(s, layouts.get(source).fileOf(k))) return false;
        }
        return true;
    }

    private static boolean copiedWhole(SourceSpec s, int volume) {
        return s.repeat() != null && !s.repeat().differs() && s.repeat().volume() == volume;
    }

    /**
     * Whether the import must take the source: it holds the film, and the first and the last
     * article its NZB lists can be had (articles the NZB does not list, {@code UNLISTED}, are holes
     * the import places by part number; a part listed twice is had when one copy is). A source with
     * a 7z volume posted twice in two different copies may be refused too (or taken with the copy
     * par2's checksum proves).
     */
    boolean mustBeTaken(int source) {
        SourceSpec s = scenario.sources().get(source);
        if (!genuine(source) || s.repeat() != null && s.repeat().differs()) return false;
        int first = 0;
        int last = layouts.get(source).articles() - 1;
        if (s.archive() == null) {
            while (first < last && unlisted(s, first)) first++;
            while (last > first && unlisted(s, last)) last--;
        } else {
            first = layouts.get(source).articleAt(0);
            last = layouts.get(source).articleAt(scenario.size() - 1);
        }
        return hasArticle(source, first) && hasArticle(source, last);
    }

    private static boolean unlisted(SourceSpec s, int k) {
        Scenario.Fault f = s.faults().get(k);
        return f != null && f.damage() == Scenario.Damage.UNLISTED;
    }

    /**
     * Whether the source has the byte: a provider that takes connections serves it, or its PAR2
     * recovery data rebuilds it (an impostor or a refused source has none).
     */
    boolean has(int source, long offset) {
        if (!genuine(source)) return false;
        for (int k : layouts.get(source).needing(offset)) if (!hasOrRebuilds(source, k)) return false;
        return true;
    }

    /**
     * Whether the source's PAR2 recovery data can rebuild every input slice its holes touch: it
     * has at least as many recovery slices, and every one of them can be read (the draws never
     * fault a par2 article).
     */
    boolean repairable(int source) {
        SourceSpec s = scenario.sources().get(source);
        return s.recovery() != null
                && layouts.get(source).slicesTouched(s.holes()) <= s.recovery().slices();
    }

    private boolean hasOrRebuilds(int source, int k) {
        if (hasArticle(source, k)) return true;
        Scenario.Fault f = scenario.sources().get(source).faults().get(k);
        return f.damage().hole() && repairable(source);
    }

    private boolean genuine(int source) {
        return !scenario.sources().get(source).impostor() && importable(source) && !refused[source];
    }

    private boolean hasArticle(int source, int k) {
        SourceSpec s = scenario.sources().get(source);
        if (s.impostor()) return false;
        Scenario.Fault f = s.faults().get(k);
        return f == null
                || !(f.damage().hole() || scenario.loginFault() && f.damage().onlyOnA());
    }

    /** Whether the source stores the byte on some provider (refusing connections or not): never a hole. */
    boolean stores(int source, long offset) {
        for (int k : layouts.get(source).needing(offset)) {
            Scenario.Fault f = scenario.sources().get(source).faults().get(k);
            if (f != null && f.damage().hole()) return false;
        }
        return true;
    }

    /** Whether the source counts (see the class comment): its bytes are owed to a response. */
    boolean counts(int source) {
        return counts[source];
    }

    private boolean decideCounts(int source) {
        if (!genuine(source)) return false;
        if (source == 0 || gaps(source).isEmpty()) return true;
        for (int other = 0; other < refused.length; other++) {
            if (other != source && genuine(other) && !sharesProofRoom(source, other)) return false;
        }
        return true;
    }

    /**
     * Whether sources {@code x} and {@code y} can both read at least {@link SamplePlan#sampleCount}
     * disjoint windows of {@link SamplePlan#SAMPLE_LENGTH} bytes: room for a proof of full strength
     * with every sample moved off what either side lacks.
     */
    boolean sharesProofRoom(int x, int y) {
        List<long[]> lacking = new ArrayList<>();
        for (int s : new int[] {x, y}) for (int k : gaps(s)) lacking.add(span(s, k));
        lacking.sort((p, q) -> Long.compare(p[0], q[0]));
        long windows = 0;
        long from = 0;
        for (long[] l : lacking) {
            if (l[0] > from) windows += (l[0] - from) / SamplePlan.SAMPLE_LENGTH;
            from = Math.max(from, l[1]);
        }
        windows += Math.max(0, scenario.size() - from) / SamplePlan.SAMPLE_LENGTH;
        return windows >= SamplePlan.sampleCount(scenario.size());
    }

    /** Whether provider {@code b} lacks an article of {@code source} (a hole, or one only {@code a} has). */
    boolean someArticleNotOnB(int source) {
        for (Scenario.Fault f : scenario.sources().get(source).faults().values()) {
            if (f.damage().hole() || f.damage().onlyOnA()) return true;
        }
        return false;
    }

    /** Whether a source that counts has the byte at {@code offset}. */
    boolean couldServe(long offset) {
        for (int i = 0; i < counts.length; i++) if (counts[i] && has(i, offset)) return true;
        return false;
    }

    /**
     * Whether the byte at {@code offset} can be served only once a repair rebuilds it: a source that
     * counts has it through its PAR2 recovery data, and none has it from the providers.
     */
    boolean onlyRebuilt(long offset) {
        if (!couldServe(offset)) return false;
        for (int i = 0; i < counts.length; i++) {
            if (!counts[i] || !genuine(i)) continue;
            boolean raw = true;
            for (int k : layouts.get(i).needing(offset)) raw &= hasArticle(i, k);
            if (raw) return false;
        }
        return true;
    }

    /** Whether any source, counted or not, has the byte at {@code offset}. */
    boolean anySourceHas(long offset) {
        for (int i = 0; i < scenario.sources().size(); i++) if (has(i, offset)) return true;
        return false;
    }

    /** Whether a response for {@code [start, end)} must be whole: every byte of it could be served. */
    boolean mustBeWhole(long start, long end) {
        return firstUnservable(start, end) < 0;
    }

    /**
     * The first byte of {@code [start, end)} no source that counts has, or -1. Only the primary's
     * unreadable articles can hold one (the primary counts), and they are in order.
     */
    long firstUnservable(long start, long end) {
        for (int k : gaps(0)) {
            long p = Math.max(start, span(0, k)[0]);
            long he = Math.min(end, span(0, k)[1]);
            while (p < he) {
                long reach = reach(p);
                if (reach <= p) return p;
                p = reach;
            }
        }
        return -1;
    }

    /** The end of the furthest-reaching article of a counted source that has byte {@code p}; {@code p} when none has it. */
    private long reach(long p) {
        long best = p;
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] && has(i, p)) best = Math.max(best, runEnd(i, p));
        }
        return best;
    }

    /** Where the run of bytes source {@code i} has from {@code p} on ends (the start of its next unreadable article, or the size). */
    private long runEnd(int i, long p) {
        long end = scenario.size();
        for (int k : gaps(i)) {
            long hs = span(i, k)[0];
            if (hs > p) {
                end = Math.min(end, hs);
                break;
            }
        }
        return end;
    }

    /**
     * The fewest changes of source a response for {@code [start, end)} that starts on the primary
     * needs, each range going to a counted source that has it; -1 when some byte no counted source has.
     */
    int switchesNeeded(long start, long end) {
        int switches = 0;
        long p = start;
        if (p < end && has(0, p)) p = runEnd(0, p);
        while (p < end) {
            long next = reach(p);
            if (next <= p) return -1;
            switches++;
            p = next;
        }
        return switches;
    }

    /** The article indexes of {@code source} that cannot be had now, in order. */
    List<Integer> gaps(int source) {
        SourceSpec s = scenario.sources().get(source);
        List<Integer> out = new ArrayList<>();
        for (int k : s.faults().keySet())
            if (!hasOrRebuilds(source, k) && span(source, k)[1] > span(source, k)[0]) out.add(k);
        return out;
    }

    /** Whether {@code [start, end)} of {@code source} lies inside its holes (a hole the server records must be real). */
    boolean insideHoles(int source, long start, long end) {
        for (long p = start; p < end; ) {
            if (stores(source, p)) return false;
            p = span(source, layouts.get(source).articleAt(p))[1];
        }
        return true;
    }
}
