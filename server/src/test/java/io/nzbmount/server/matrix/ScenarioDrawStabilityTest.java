package io.nzbmount.server.matrix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/**
 * A seed names one case for good: a failing seed is replayed by its number, and the named
 * regressions are numbers. So drawing something new (archives, articles only a refusing provider
 * holds) must leave every seed it does not touch exactly the scenario it was, and a regression
 * named for a plain case must stay plain.
 */
class ScenarioDrawStabilityTest {
    /**
     * SHA-256 of the descriptions of seeds 1..2000 that draw no archive and nothing of
     * {@link RefusedDraw}, as the draw made them before either was drawn at all (one line per
     * seed: the seed, a tab, its description with line breaks as " | "). The plain-only
     * regressions are among them.
     */
    private static final String PLAIN_SEEDS_1_TO_2000 = "3c55d4f9e68b0162633f38fe95d077529b370b44e549411eec6e5116c62d0544";

    @Test
    void seedsThatDrawNoArchiveDrawTheScenarioTheyDrewBeforeArchivesExisted() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        int plain = 0;
        for (long seed = 1; seed <= 2000; seed++) {
            Scenario s = ScenarioDraw.draw(seed);
            if (archived(s) || refusedOnlyOnA(s)) continue;
            plain++;
            sha.update((seed + "\t" + s.describe().replace("\n", " | ") + "\n").getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(plain < 2000, "some seeds draw archives");
        assertEquals(1722, plain, "the seeds of 1..2000 that draw no archive and no primary article only a refusing a holds");
        assertEquals(PLAIN_SEEDS_1_TO_2000, HexFormat.of().formatHex(sha.digest()));
    }

    @Test
    void regressionsNamedForPlainCasesStayPlainAndArchiveOnesStayArchived() {
        for (Regressions.Regression r : Regressions.SEEDS) {
            assertEquals(r.archived(), archived(ScenarioDraw.draw(r.seed())), () -> "regression seed " + r.seed());
        }
    }

    private static boolean archived(Scenario s) {
        return s.sources().stream().anyMatch(x -> x.archive() != null);
    }

    /** Whether {@link RefusedDraw} gave the primary an article only a refusing provider holds (the draw before it never did). */
    private static boolean refusedOnlyOnA(Scenario s) {
        return s.loginFault() && s.primary().faults().values().stream().anyMatch(f -> f.damage() == Scenario.Damage.MISSING_ON_B);
    }
}
