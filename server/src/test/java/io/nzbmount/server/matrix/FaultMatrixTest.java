package io.nzbmount.server.matrix;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault matrix: seeded, randomized cases of files, standbys, holes, provider faults and
 * client behaviour, played through the whole application on embedded NNTP servers and judged by
 * the {@link Oracle} (docs/testing.md, "The fault matrix").
 *
 * <p>System properties: {@code matrix.seed} runs that one seed alone (or a comma-separated list); {@code matrix.first} (1)
 * and {@code matrix.seeds} (300) choose the drawn range (the named regressions are left out of
 * it: they run first anyway); {@code matrix.workers} (4) how many seeds run at once, each worker
 * on an application of its own. The seeds of a worker share its application, as the items of a
 * real server do; a seed that draws a provider refusing connections gets one of its own, so the
 * provider's cool-down does not reach the next seed.
 */
class FaultMatrixTest {
    @TempDir
    Path dataDir;

    @Test
    void namedRegressionSeedsKeepThePromise() throws Exception {
        if (System.getProperty("matrix.seed") != null) return;
        run("named regressions", Regressions.seeds());
    }

    @Test
    void everyDrawnSeedKeepsThePromise() throws Exception {
        List<Long> seeds = new ArrayList<>();
        String one = System.getProperty("matrix.seed");
        if (one != null) {
            for (String s : one.split(",")) seeds.add(Long.parseLong(s.trim()));
        } else {
            long first = Long.getLong("matrix.first", 1);
            long count = Long.getLong("matrix.seeds", 300);
            List<Long> named = Regressions.seeds();
            for (long s = first; s < first + count; s++) if (!named.contains(s)) seeds.add(s);
        }
        run(one != null ? "seed " + one : "seeds " + seeds.get(0) + ".." + seeds.get(seeds.size() - 1), seeds);
    }

    private void run(String title, List<Long> seeds) throws Exception {
        if (seeds.isEmpty()) return;
        long t0 = System.nanoTime();
        SeedOutcome[] outcomes = new SeedOutcome[seeds.size()];
        long[] millis = new long[seeds.size()];
        AtomicInteger next = new AtomicInteger();
        int workers = (int) Math.max(1, Math.min(seeds.size(), Long.getLong("matrix.workers", 4)));
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                Path home = dataDir.resolve("worker-" + w);
                running.add(pool.submit(() -> {
                    work(seeds, next, outcomes, millis, home);
                    return null;
                }));
            }
            for (Future<?> f : running) f.get();
        } finally {
            pool.shutdownNow();
        }
        MatrixSummary summary = new MatrixSummary();
        for (int i = 0; i < outcomes.length; i++) {
            summary.add(outcomes[i], millis[i]);
            if (!outcomes[i].passed()) System.out.println(MatrixSummary.report(outcomes[i]));
        }
        System.out.println(summary.render(title, (System.nanoTime() - t0) / 1_000_000));
        assertTrue(
                summary.failed().isEmpty(),
                () -> summary.failed().size() + " seeds broke the promise:\n"
                        + String.join(
                                "\n",
                                summary.failed().stream()
                                        .map(MatrixSummary::report)
                                        .toList()));
    }

    /** One worker: takes the next seed until none is left; its shared application lives in {@code home}. */
    private static void work(List<Long> seeds, AtomicInteger next, SeedOutcome[] outcomes, long[] millis, Path home)
            throws Exception {
        MatrixRig shared = null;
        try {
            for (int i; (i = next.getAndIncrement()) < seeds.size(); ) {
                long seed = seeds.get(i);
                Scenario scenario = ScenarioDraw.draw(seed);
                String tag = seed + "n" + i;
                long started = System.nanoTime();
                if (scenario.loginFault()) {
                    try (MatrixRig own = MatrixRig.start(Files.createDirectories(home.resolve(tag)), true)) {
                        outcomes[i] = SeedRun.play(own, scenario, tag);
                    }
                } else {
                    if (shared == null)
                        shared = MatrixRig.start(Files.createDirectories(home.resolve("shared")), false);
                    outcomes[i] = SeedRun.play(shared, scenario, tag);
                }
                millis[i] = (System.nanoTime() - started) / 1_000_000;
            }
        } finally {
            if (shared != null) shared.close();
        }
    }
}
