package io.nzbmount.server.matrix;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Tallies seed outcomes and renders the run's summary. Not thread-safe. */
final class MatrixSummary {
    private final List<SeedOutcome> failed = new ArrayList<>();
    private final Map<String, int[]> classes = new TreeMap<>();
    private int seeds;
    private long longestWait;
    private long longestWaitSeed;
    private final List<Long> times = new ArrayList<>();
    private long slowest;
    private long slowestSeed;

    /** @param millis how long the seed took */
    void add(SeedOutcome o, long millis) {
        seeds++;
        times.add(millis);
        if (millis > slowest) {
            slowest = millis;
            slowestSeed = o.scenario().seed();
        }
        if (!o.passed()) failed.add(o);
        int[] c = classes.computeIfAbsent(o.scenario().scenarioClass(), k -> new int[2]);
        c[0]++;
        c[1] += o.cutovers();
        if (o.longestWaitMillis() > longestWait) {
            longestWait = o.longestWaitMillis();
            longestWaitSeed = o.scenario().seed();
        }
    }

    private long median() {
        if (times.isEmpty()) return 0;
        List<Long> sorted = times.stream().sorted().toList();
        return sorted.get(sorted.size() / 2);
    }

    List<SeedOutcome> failed() {
        return failed;
    }

    /** The command that runs {@code seed} alone. */
    static String replay(long seed) {
        return "mvn -o -pl server -am test -Dtest=FaultMatrixTest -Dmatrix.seed=" + seed
                + " -Dsurefire.failIfNoSpecifiedTests=false";
    }

    static String report(SeedOutcome o) {
        return "FAILED " + o.scenario().describe() + "\n  breaches:\n    - " + String.join("\n    - ", o.breaches())
                + (o.timeline().isEmpty() ? "" : "\n  timeline:\n    " + String.join("\n    ", o.timeline()))
                + "\n  replay: " + replay(o.scenario().seed());
    }

    String render(String title, long millis) {
        StringBuilder sb = new StringBuilder();
        sb.append("fault matrix (")
                .append(title)
                .append("): ")
                .append(seeds)
                .append(" seeds in ")
                .append(millis / 1000)
                .append(" s, ")
                .append(failed.size())
                .append(" failed");
        if (!failed.isEmpty()) {
            sb.append(" (seeds");
            for (SeedOutcome o : failed) sb.append(' ').append(o.scenario().seed());
            sb.append(')');
        }
        sb.append("; longest wait for bytes ")
                .append(longestWait)
                .append(" ms (seed ")
                .append(longestWaitSeed)
                .append("); median seed ")
                .append(median())
                .append(" ms, slowest seed ")
                .append(slowestSeed)
                .append(" (")
                .append(slowest)
                .append(" ms)\n");
        sb.append(String.format("  %-28s %6s %9s%n", "class", "seeds", "cutovers"));
        classes.forEach((k, v) -> sb.append(String.format("  %-28s %6d %9d%n", k, v[0], v[1])));
        return sb.toString();
    }
}
