package io.nzbmount.server.matrix;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.nntp.embedded.ArticleFault;
import io.nzbmount.nntp.embedded.Faults;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Plays one {@link Scenario} on a {@link MatrixRig}: posts and imports its sources, runs the
 * client, and has {@link PromiseCheck} judge every response by the {@link Oracle}. Not
 * thread-safe: one seed at a time on a rig.
 */
final class SeedRun {
    private final MatrixRig rig;
    private final Scenario scenario;
    private final Oracle oracle;
    private final String tag;
    private final byte[] content;
    private final Posting posting;
    private final PromiseCheck check;
    private final Map<Long, Integer> sourceIndex = new HashMap<>();
    private long item;

    /** @param tag makes this run's message ids and item name its own on a rig shared by seeds */
    SeedRun(MatrixRig rig, Scenario scenario, String tag) {
        this.rig = rig;
        this.scenario = scenario;
        this.oracle = new Oracle(scenario);
        this.tag = tag;
        this.content = content(scenario.seed(), scenario.size(), 1);
        this.posting = new Posting(rig);
        this.check = new PromiseCheck(rig, scenario, oracle);
    }

    /** The file's bytes: a pure function of the seed ({@code which} tells two releases apart). */
    static byte[] content(long seed, int size, int which) {
        byte[] b = new byte[size];
        new SplittableRandom(seed * 31 + which).nextBytes(b);
        return b;
    }

    /**
     * Runs {@code scenario} on {@code rig}; the outcome lists every breach of the promise found
     * (none: a pass). A seed that throws is a breach too, with the exception as its words.
     */
    static SeedOutcome play(MatrixRig rig, Scenario scenario, String tag) {
        try {
            return new SeedRun(rig, scenario, tag).run();
        } catch (Exception | AssertionError e) {
            return new SeedOutcome(scenario, List.of("the seed could not be played: " + e), 0, 0, List.of());
        }
    }

    /** Runs the seed; the outcome lists every breach of the promise found (none: a pass). */
    SeedOutcome run() throws Exception {
        try {
            if (!importAll()) return check.outcome(0);
            SeedOutcome o = play(check.paths(item));
            return o.passed() ? o : o.withTimeline(timeline());
        } finally {
            endOutage();
            posting.clearFaults();
            posting.withdraw();
        }
    }

    /** Runs the client with the faults armed, then the checks that follow every seed. */
    private SeedOutcome play(List<String> paths) throws Exception {
        posting.arm();
        client();
        posting.clearFaults();
        check.pathsUnchanged(item, paths);
        if (!sourceIndex.isEmpty()) check.recordedHolesAreReal(item, sourceIndex);
        check.nothingLeaks();
        return check.outcome(rig.events(item, "cutover").size());
    }

    /** The item's events, for a failure report. */
    private List<String> timeline() throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode e : rig.events(item, null)) out.add(e.get("kind").asText() + " " + e.get("detail"));
        return out;
    }

    private String title() {
        return "Matrix " + scenario.seed() + " " + tag;
    }

    /** Imports the primary and adds the standbys; false when the import was (rightly) refused. */
    private boolean importAll() throws Exception {
        String nzb = posting.post(scenario.primary(), oracle.layout(0), tag + "-0", title());
        HttpResponse<String> r = rig.postNzb(title(), 0, nzb);
        if (r.statusCode() != 201) {
            check.refusedImport(r, 0);
            return false;
        }
        check.accepted(0);
        item = MatrixRig.JSON.readTree(r.body()).get("id").asLong();
        sourceIndex.put(rig.item(item).get("primary").get("id").asLong(), 0);
        for (int i = 1; i < scenario.sources().size(); i++) {
            Scenario.SourceSpec spec = scenario.sources().get(i);
            if (i == scenario.outage()) for (long earlier : sourceIndex.keySet()) proofResult(earlier);
            HttpResponse<String> s = rig.postNzb(
                    title(), item, posting.post(spec, oracle.layout(i), tag + "-" + i, title() + " REPOST " + i));
            if (s.statusCode() != 201) {
                check.refusedImport(s, i);
                oracle.refused(i);
                continue;
            }
            check.accepted(i);
            long newest = -1;
            for (JsonNode n : MatrixRig.JSON.readTree(s.body()).get("standby"))
                newest = Math.max(newest, n.get("id").asLong());
            sourceIndex.put(newest, i);
            if (i == scenario.outage()) outage(newest, i);
        }
        return true;
    }

    /**
     * Both providers answer 430 for every article until the standby's background proof has a
     * result, which must not condemn it: the outage says nothing about the standby.
     */
    private void outage(long sourceId, int index) throws Exception {
        rig.a.faults().inject(Faults.ALL, new ArticleFault.Missing());
        rig.b.faults().inject(Faults.ALL, new ArticleFault.Missing());
        try {
            check.proofDuringOutage(index, proofResult(sourceId));
        } finally {
            endOutage();
        }
    }

    private void endOutage() {
        rig.a.faults().clear(Faults.ALL);
        rig.b.faults().clear(Faults.ALL);
    }

    /** The result word of the source's first proof (the primary: none), waiting up to 30 s for it; null when none came. */
    private String proofResult(long sourceId) throws Exception {
        if (sourceIndex.get(sourceId) != null && sourceIndex.get(sourceId) == 0) return null;
        JsonNode e = rig.awaitEvent(item, "standby-validation-result", "source", sourceId, 30_000);
        return e != null ? e.get("detail").get("result").asText() : null;
    }

    private URI file() throws Exception {
        return rig.uri(rig.item(item).get("files").get(0).get("path").asText());
    }

    private RawGet get(String range) throws Exception {
        RawGet g = new RawGet(file(), range, content, oracle::couldServe);
        g.readHeaders();
        return g;
    }

    /** A GET and the bytes {@code [start, end)} of the file it asked for. */
    private record Asked(RawGet get, long start, long end) {}

    private Asked ask(long start, long end, String range) throws Exception {
        return new Asked(get(range), start, end);
    }

    private void client() throws Exception {
        int size = scenario.size();
        List<long[]> r = scenario.ranges();
        List<Asked> done = new ArrayList<>();
        switch (scenario.client()) {
            case FULL -> done.add(readAll(ask(0, size, null)));
            case RANGE ->
                done.add(readAll(ask(r.get(0)[0], r.get(0)[1] + 1, "bytes=" + r.get(0)[0] + "-" + r.get(0)[1])));
            case SUFFIX -> done.add(readAll(ask(size + r.get(0)[0], size, "bytes=" + r.get(0)[0])));
            case OPEN -> done.add(readAll(ask(r.get(0)[0], size, "bytes=" + r.get(0)[0] + "-")));
            case SEEK -> {
                Asked first = ask(0, size, "bytes=0-");
                try (RawGet g = first.get()) {
                    List<Integer> holes = oracle.gaps(0);
                    long upTo = holes.isEmpty() ? size / 2 : Math.max(0, oracle.span(0, holes.get(0))[0] - 32 * 1024);
                    g.read(upTo);
                    done.add(readAll(ask(r.get(0)[0], size, "bytes=" + r.get(0)[0] + "-")));
                    g.readAll();
                }
                done.add(first);
            }
            case ABORT -> {
                Asked a = ask(0, size, "bytes=0-");
                try (RawGet g = a.get()) {
                    g.read(r.get(1)[0]);
                }
                check.response(a.get(), a.start(), a.end(), false);
                check.noProblemAfterAbort(item);
            }
            case KODI -> {
                Asked first = ask(0, size, "bytes=0-");
                try (RawGet g = first.get()) {
                    g.read(Math.min(size / 4, 1 << 20));
                    long tail = Math.max(0, size - 128 * 1024);
                    done.add(readAll(ask(tail, size, "bytes=" + tail + "-")));
                    done.add(readAll(ask(r.get(0)[0], size, "bytes=" + r.get(0)[0] + "-")));
                    check.idleHoldsNoConnection();
                    g.readAll();
                }
                done.add(first);
                rig.head(file().getRawPath());
            }
            case IDENTITY -> {
                done.add(readAll(ask(0, size, null)));
                identity();
            }
        }
        for (Asked a : done) check.response(a.get(), a.start(), a.end(), true);
    }

    private static Asked readAll(Asked a) throws Exception {
        try (RawGet g = a.get()) {
            g.readAll();
        }
        return a;
    }

    /**
     * Deletes the item and imports a release of other bytes under the same names and sizes: the
     * new item gets ids never used before and serves its own bytes, never the deleted ones.
     */
    private void identity() throws Exception {
        long oldItem = item;
        long oldSource = rig.item(item).get("primary").get("id").asLong();
        check.deleted(item, rig.delete(item));
        byte[] other = content(scenario.seed(), scenario.size(), 2);
        Scenario.SourceSpec plain = new Scenario.SourceSpec(
                scenario.primary().fileName(), scenario.primary().partSize(), new java.util.TreeMap<>(), false);
        HttpResponse<String> r =
                rig.postNzb(title(), 0, posting.post(plain, SourceLayout.of(plain, other), tag + "-again", title()));
        if (r.statusCode() != 201) {
            check.refusedImport(r, 0);
            return;
        }
        item = MatrixRig.JSON.readTree(r.body()).get("id").asLong();
        long newSource = rig.item(item).get("primary").get("id").asLong();
        sourceIndex.clear();
        check.idsNotReused(oldItem, item, oldSource, newSource);
        RawGet g = new RawGet(file(), null, other, p -> true);
        g.readHeaders();
        try (g) {
            g.readAll();
        }
        check.response(g, 0, scenario.size(), true);
    }
}
