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
    private static final String PLAIN_SEEDS_1_TO_2000 =
            "3c55d4f9e68b0162633f38fe95d077529b370b44e549411eec6e5116c62d0544";

    @Test
    void seedsThatDrawNoArchiveDrawTheScenarioTheyDrewBeforeArchivesExisted() throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        int plain = 0;
        for (long seed = 1; seed <= 2000; seed++) {
            Scenario s = ScenarioDraw.draw(seed, false);
            if (archived(s) || refusedOnlyOnA(s)) continue;
            plain++;
            sha.update((seed + "\t" + s.describe().replace("\n", " | ") + "\n").getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(plain < 2000, "some seeds draw archives");
        assertEquals(
                1722,
                plain,
                "the seeds of 1..2000 that draw no archive and no primary article only a refusing a holds");
        assertEquals(PLAIN_SEEDS_1_TO_2000, HexFormat.of().formatHex(sha.digest()));
    }

    /**
     * The broken releases and NZB listing draws leave every seed they do not take exactly as it was; each disjoint
     * cover it draws holds every byte between its sources; and no drawn seed needs more cutovers to
     * read its whole file than a round allows (5): the oracle asks for a whole response without
     * counting cutovers, which is exact only while that holds. Seeds 1..1000: the CI range and more.
     */
    @Test
    void brokenReleasesLeaveOtherSeedsAloneCoverWhatTheyPromiseAndStayInsideTheCutoverBudget() {
        int taken = 0;
        int covers = 0;
        for (long seed = 1; seed <= 1000; seed++) {
            Scenario before = ScenarioDraw.draw(seed, false);
            Scenario now = ScenarioDraw.draw(seed);
            boolean took =
                    BrokenDraw.takes(seed, before.size(), before.sources(), before.client(), before.loginFault());
            boolean listed = ListingDraw.takes(seed, before.client(), before.loginFault());
            boolean repaired = now.primary().recovery() != null;
            if (!took && !listed && !repaired) assertEquals(before.describe(), now.describe(), "seed " + seed);
            taken += took ? 1 : 0;
            boolean anyGap = now.sources().stream().anyMatch(x -> !x.faults().isEmpty());
            if (!anyGap) continue;
            Oracle oracle = new Oracle(now);
            int needed = oracle.switchesNeeded(0, now.size());
            assertTrue(needed <= 5, "seed " + seed + " needs " + needed + " cutovers to read the whole file");
            if (took && !listed && BrokenDraw.cover(seed)) {
                covers++;
                assertTrue(
                        now.sources().stream()
                                .filter(x -> !x.impostor())
                                .allMatch(x -> !x.holes().isEmpty()),
                        now.describe());
                assertTrue(oracle.mustBeWhole(0, now.size()), "seed " + seed + ": " + now.describe());
            }
        }
        assertTrue(taken > 40, "the broken releases draw takes " + taken + " seeds of 1..1000");
        assertTrue(covers > 10, covers + " disjoint covers in 1..1000");
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
        return s.loginFault()
                && s.primary().faults().values().stream().anyMatch(f -> f.damage() == Scenario.Damage.MISSING_ON_B);
    }
}
