package io.nzbmount.server.matrix;

import io.nzbmount.server.matrix.Scenario.SourceSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * What the promise requires of a drawn {@link Scenario}, decided from the scenario alone (its own
 * model of holes and faults), never from what the server says. Stateless beyond its scenario.
 *
 * <p>The words it decides by:
 * <ul>
 *   <li>A source <b>has</b> a byte when the article holding it (by that source's own article
 *       boundaries; for a source inside RAR5 or 7z volumes, the article of the volume that holds the
 *       byte in the volume's data, {@link SourceLayout}) is not a hole: at least one provider stores it undamaged. Provider faults
 *       ({@code *_ON_A}) never take a byte away: provider {@code b} has the article. An article
 *       only provider {@code a} stores ({@code MISSING_ON_B}) while {@code a} refuses connections
 *       ({@code loginFault}) cannot be had now: not counted as had, but it is no hole either, and the
 *       server must never record it as one. An impostor (a release of other bytes) has no byte.</li>
 *   <li>A source is <b>verified</b> when it is the primary, or a standby that has every byte
 *       (no hole). Such a standby can always be proved: every sample can be read on its side, and a
 *       sample the primary cannot read is replaced by one it can (DESIGN, "Proofs and holes"); the
 *       proof is made in the background or by the cutover's own sweep. A standby with holes may
 *       stay inconclusive; it is not counted on, though it may serve.</li>
 *   <li>A byte <b>could be served</b> at offset {@code p} when a verified source has it.</li>
 *   <li>A response must be <b>whole</b> when every requested byte could be served and every hole
 *       of a verified source in the range has another verified source that has the bytes from
 *       {@link #MARGIN} before the hole to its end: the range proof at a cutover compares the bytes
 *       just sent, so the next source must have those too. With at most
 *       {@link ScenarioDraw#MAX_HOLES} holes in all, the round's budget of 5 cutovers is never what
 *       ends it.</li>
 *   <li>Otherwise a response may end short (cleanly: only right bytes, then the connection ends).
 *       When it ends at a byte that no source at all has, the stream's close must name
 *       {@code No stable source is available right now.}</li>
 * </ul>
 */
final class Oracle {
    /** More than the sent-bytes ring (64 KiB) and two of the largest articles on either side. */
    static final long MARGIN = 64 * 1024 + 2L * ScenarioDraw.MAX_PART;

    private final Scenario scenario;
    private final List<SourceLayout> layouts = new ArrayList<>();

    Oracle(Scenario scenario) {
        this.scenario = scenario;
        byte[] film = SeedRun.content(scenario.seed(), scenario.size(), 1);
        for (SourceSpec s : scenario.sources()) {
            layouts.add(SourceLayout.of(s, s.impostor() ? SeedRun.content(scenario.seed(), scenario.size(), 3) : film));
        }
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
     * article of a volume's head ({@link SourceLayout#laterHeadArticle}), which must be refused.
     */
    boolean importable(int source) {
        SourceSpec s = scenario.sources().get(source);
        for (int k : s.holes()) if (layouts.get(source).laterHeadArticle(k)) return false;
        return true;
    }

    /** Whether the source has the byte and a provider that takes connections serves it (an impostor or a refused source has none). */
    boolean has(int source, long offset) {
        SourceSpec s = scenario.sources().get(source);
        if (s.impostor() || !importable(source)) return false;
        return hasArticle(source, layouts.get(source).articleAt(offset));
    }

    private boolean hasArticle(int source, int k) {
        SourceSpec s = scenario.sources().get(source);
        if (s.impostor()) return false;
        Scenario.Fault f = s.faults().get(k);
        return f == null || !(f.damage().hole() || scenario.loginFault() && f.damage().onlyOnA());
    }

    /** Whether the source stores the byte on some provider (refusing connections or not): never a hole. */
    boolean stores(int source, long offset) {
        Scenario.Fault f = scenario.sources().get(source).faults().get(layouts.get(source).articleAt(offset));
        return f == null || !f.damage().hole();
    }

    boolean verified(int source) {
        return source == 0 || !scenario.sources().get(source).impostor() && gaps(source).isEmpty();
    }

    /** Whether provider {@code b} lacks an article of {@code source} (a hole, or one only {@code a} has). */
    boolean someArticleNotOnB(int source) {
        for (Scenario.Fault f : scenario.sources().get(source).faults().values()) {
            if (f.damage().hole() || f.damage().onlyOnA()) return true;
        }
        return false;
    }

    /** Whether a verified source has the byte at {@code offset}. */
    boolean couldServe(long offset) {
        for (int i = 0; i < scenario.sources().size(); i++) if (verified(i) && has(i, offset)) return true;
        return false;
    }

    /** Whether any source, verified or not, has the byte at {@code offset}. */
    boolean anySourceHas(long offset) {
        for (int i = 0; i < scenario.sources().size(); i++) if (has(i, offset)) return true;
        return false;
    }

    /** Whether a response for {@code [start, end)} must be whole. */
    boolean mustBeWhole(long start, long end) {
        for (long[] h : holes()) {
            if (h[2] == 1 && h[1] > start && h[0] < end && !coveredElsewhere((int) h[3], Math.max(start, h[0] - MARGIN), h[1])) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first byte of {@code [start, end)} no verified source has, or -1. Only the primary's holes
     * can hold one (the primary is verified), and they are in order.
     */
    long firstUnservable(long start, long end) {
        for (int k : gaps(0)) {
            long hs = span(0, k)[0];
            long he = span(0, k)[1];
            for (long p = Math.max(start, hs); p < Math.min(end, he); p++) if (!couldServe(p)) return p;
        }
        return -1;
    }

    private boolean coveredElsewhere(int source, long from, long to) {
        for (int i = 0; i < scenario.sources().size(); i++) {
            if (i == source || !verified(i)) continue;
            if (holeFree(i, from, to)) return true;
        }
        return false;
    }

    private boolean holeFree(int source, long from, long to) {
        for (int k : gaps(source)) {
            long hs = span(source, k)[0];
            long he = span(source, k)[1];
            if (he > from && hs < to) return false;
        }
        return true;
    }

    /** The article indexes of {@code source} that cannot be had now, in order. */
    List<Integer> gaps(int source) {
        SourceSpec s = scenario.sources().get(source);
        List<Integer> out = new ArrayList<>();
        for (int k : s.faults().keySet()) if (!hasArticle(source, k) && span(source, k)[1] > span(source, k)[0]) out.add(k);
        return out;
    }

    /** Every article that cannot be had now, as {start, end, verified(0/1), source}. */
    List<long[]> holes() {
        List<long[]> out = new ArrayList<>();
        for (int i = 0; i < scenario.sources().size(); i++) {
            for (int k : gaps(i)) out.add(new long[] {span(i, k)[0], span(i, k)[1], verified(i) ? 1 : 0, i});
        }
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
