package io.nzbmount.server.matrix;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault matrix: seeded, randomized cases of files, standbys, holes, provider faults and
 * client behaviour, played through the whole application on embedded NNTP servers and judged by
 * the {@link Oracle} (docs/testing.md, "The fault matrix").
 *
 * <p>System properties: {@code matrix.seed} runs that one seed alone; {@code matrix.first} (1)
 * and {@code matrix.seeds} (300) choose the drawn range. Seeds share one application, as seeds of
 * a real server would; a seed that draws a provider refusing connections gets one of its own, so
 * the provider's cool-down does not reach the next seed.
 */
class FaultMatrixTest {
    @TempDir Path dataDir;

    @Test
    void namedRegressionSeedsKeepThePromise() throws Exception {
        if (System.getProperty("matrix.seed") != null) return;
        List<Long> seeds = new ArrayList<>();
        for (Regressions.Regression r : Regressions.SEEDS) seeds.add(r.seed());
        run("named regressions", seeds);
    }

    @Test
    void everyDrawnSeedKeepsThePromise() throws Exception {
        List<Long> seeds = new ArrayList<>();
        String one = System.getProperty("matrix.seed");
        if (one != null) {
            seeds.add(Long.parseLong(one.trim()));
        } else {
            long first = Long.getLong("matrix.first", 1);
            long count = Long.getLong("matrix.seeds", 300);
            for (long s = first; s < first + count; s++) seeds.add(s);
        }
        run(one != null ? "seed " + one : "seeds " + seeds.get(0) + ".." + seeds.get(seeds.size() - 1), seeds);
    }

    private void run(String title, List<Long> seeds) throws Exception {
        MatrixSummary summary = new MatrixSummary();
        long t0 = System.nanoTime();
        MatrixRig shared = null;
        int n = 0;
        try {
            for (long seed : seeds) {
                Scenario scenario = ScenarioDraw.draw(seed);
                String tag = seed + "n" + (++n);
                SeedOutcome outcome;
                long started = System.nanoTime();
                if (scenario.loginFault()) {
                    try (MatrixRig own = MatrixRig.start(Files.createDirectories(dataDir.resolve(tag)), true)) {
                        outcome = new SeedRun(own, scenario, tag).run();
                    }
                } else {
                    if (shared == null) shared = MatrixRig.start(Files.createDirectories(dataDir.resolve("shared")), false);
                    outcome = new SeedRun(shared, scenario, tag).run();
                }
                summary.add(outcome, (System.nanoTime() - started) / 1_000_000);
                if (!outcome.passed()) System.out.println(MatrixSummary.report(outcome));
            }
        } finally {
            if (shared != null) shared.close();
        }
        System.out.println(summary.render(title, (System.nanoTime() - t0) / 1_000_000));
        assertTrue(summary.failed().isEmpty(), () -> summary.failed().size() + " seeds broke the promise:\n"
                + String.join("\n", summary.failed().stream().map(MatrixSummary::report).toList()));
    }
}
