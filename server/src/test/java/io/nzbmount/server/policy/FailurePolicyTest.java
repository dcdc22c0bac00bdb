package io.nzbmount.server.policy;

import static io.nzbmount.server.policy.Decision.Action.CLOSE;
import static io.nzbmount.server.policy.Decision.Action.RETRY;
import static io.nzbmount.server.policy.Decision.Action.SWITCH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleCorruptException;
import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.RangeRouter;
import io.nzbmount.server.holes.SourceHoles;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every rule of the failure budget, with literal times (epoch milliseconds from 0). */
class FailurePolicyTest {
    /** Source ids, as the store gives them. */
    private static final long A = 1, B = 2, C = 3;

    private static final long SIZE = 1_000_000;
    private static final long AT_40 = 400_000;
    private static final long AT_70 = 700_000;

    private final SourceHoles holes = new SourceHoles();

    private FailurePolicy policy(long source) {
        return new FailurePolicy(FailureRules.defaults(), holes, source, false);
    }

    private static IOException missing() {
        return new ArticleMissingException("<m@x>", "no provider has it");
    }

    private static IOException timeout() {
        return new ArticleUnavailableException("<t@x>", "timed out", null);
    }

    /** The reader spent its whole budget on providers that sent nothing. */
    private static IOException stalled() {
        return new ArticleUnavailableException("<s@x>", "no bytes within the budget", null, true);
    }

    private static IOException providersDown() {
        return new ProvidersUnavailableException("<p@x>", "every provider cooling down", null);
    }

    private static IOException playerGone() {
        return new ReadCancelledException("reader closed");
    }

    private static Decision fail(FailurePolicy p, IOException e, long offset, long now) {
        return p.onFailure(p.current(), Hole.at(0, offset), e, now);
    }

    @Test
    void aSimulatedFailureSwitchesButLeavesNoHole() {
        FailurePolicy p = policy(A);
        Decision d = p.onSimulatedFailure(A, new Hole(0, AT_40, AT_40 + 1000), 1_000);
        assertEquals(SWITCH, d.action());
        assertEquals(FailureKind.PERMANENT, d.kind());
        assertTrue(holes.holes(A).isEmpty());
        p.onCutover(B, 1_000);
        assertTrue(p.eligible(A, 0, AT_40, 2_000), "A still has those bytes");
    }

    @Test
    void playerAbortIsNotAFailure() {
        FailurePolicy p = policy(A);
        assertEquals(RETRY, fail(p, timeout(), 10, 1_000).action());
        Decision d = fail(p, playerGone(), 10, 2_000);
        assertEquals(CLOSE, d.action());
        assertEquals(FailureKind.CANCELLED, d.kind());
        assertEquals(RETRY, fail(p, timeout(), 10, 3_000).action(), "the abort did not count as a strike");
        assertEquals(0, p.switchesThisRound());
        assertTrue(p.eligible(A, 0, 10, 3_000));
    }

    @Test
    void transientFailuresAreRetriedBeforeSwitching() {
        FailurePolicy p = policy(A);
        Decision first = fail(p, timeout(), 10, 0);
        assertEquals(RETRY, first.action());
        assertEquals(1_000, first.waitMillis());
        assertEquals(RETRY, fail(p, timeout(), 10, 1_000).action());
        Decision third = fail(p, timeout(), 10, 2_000);
        assertEquals(SWITCH, third.action());
        assertEquals(FailureKind.TRANSIENT, third.kind());
        assertEquals(Set.of(A), p.leftThisRound());
        assertEquals(302_000, p.excludedUntil(A, 2_000));
    }

    @Test
    void aStallLeavesTheSourceAtOnceForAnotherThatCanServe() {
        FailurePolicy p = policy(A);
        Decision d = fail(p, stalled(), 10, 0);
        assertEquals(SWITCH, d.action(), d.toString());
        assertEquals(FailureKind.TRANSIENT, d.kind());
        assertTrue(d.reason().contains("stalled"), d.reason());
        assertEquals(Set.of(A), p.leftThisRound());
        p.onCutover(B, 100);
        assertEquals(B, p.current());
    }

    @Test
    void aStallWithNoOtherSourceReadsTheSameSourceAgainWhileItsStrikesLast() {
        FailurePolicy p = policy(A);
        assertEquals(SWITCH, fail(p, stalled(), 10, 0).action());
        Decision again = p.onNoCandidate(50);
        assertEquals(RETRY, again.action(), again.toString());
        assertEquals(A, p.current());
        assertTrue(p.leftThisRound().isEmpty(), "A stays eligible: nothing else can serve");
        assertTrue(p.eligible(A, 0, 10, 60));
        assertEquals(SWITCH, fail(p, stalled(), 10, 5_000).action());
        assertEquals(RETRY, p.onNoCandidate(5_050).action());
        assertEquals(SWITCH, fail(p, stalled(), 10, 10_000).action());
        Decision last = p.onNoCandidate(10_050);
        assertEquals(CLOSE, last.action(), "the third stall in a row ends the response cleanly");
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, last.reason());
    }

    @Test
    void aStallOfTheReleaseTheUserChoseIsRetriedLikeAnyTransientFailure() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), holes, A, true);
        assertEquals(RETRY, fail(p, stalled(), 10, 0).action());
    }

    @Test
    void aSuccessfulReadClearsTheStrikes() {
        FailurePolicy p = policy(A);
        fail(p, timeout(), 10, 0);
        fail(p, timeout(), 10, 1_000);
        p.onRead(2_000);
        assertEquals(RETRY, fail(p, timeout(), 20, 3_000).action());
        assertEquals(RETRY, fail(p, timeout(), 20, 4_000).action());
        assertEquals(SWITCH, fail(p, timeout(), 20, 5_000).action());
    }

    @Test
    void permanentFailureSwitchesAtOnce() {
        FailurePolicy p = policy(A);
        Decision d = fail(p, missing(), AT_40, 0);
        assertEquals(SWITCH, d.action());
        assertEquals(FailureKind.PERMANENT, d.kind());
        assertEquals(List.of(Hole.at(0, AT_40)), holes.holes(A));
        FailurePolicy q = policy(B);
        assertEquals(
                SWITCH,
                fail(q, new ArticleCorruptException("<c@x>", "crc", null), 5, 0).action());
    }

    @Test
    void transientOnNewSourceIsRetriedDuringWarmUp() {
        FailurePolicy p = policy(A);
        assertEquals(SWITCH, fail(p, missing(), AT_40, 0).action());
        p.onCutover(B, 100);
        for (long t = 1_000; t < 30_100; t += 1_000) {
            assertEquals(RETRY, fail(p, timeout(), AT_40, t).action(), "at " + t);
        }
        assertTrue(p.warmingUp(30_099));
        assertFalse(p.warmingUp(30_100));
        assertEquals(RETRY, fail(p, timeout(), AT_40, 30_100).action(), "strikes count from the end of the warm-up");
        assertEquals(RETRY, fail(p, timeout(), AT_40, 31_100).action());
        assertEquals(SWITCH, fail(p, timeout(), AT_40, 32_100).action());
    }

    @Test
    void permanentOnNewSourceSwitchesEvenDuringWarmUp() {
        FailurePolicy p = policy(A);
        fail(p, missing(), AT_40, 0);
        p.onCutover(B, 100);
        assertEquals(SWITCH, fail(p, missing(), AT_40 + 1_000, 2_000).action());
    }

    @Test
    void thirtySecondsOfSmoothReadingEndsTheRound() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults().withSwitchesPerRound(1), holes, A, false);
        assertEquals(SWITCH, fail(p, missing(), 100_000, 0).action());
        p.onCutover(B, 500);
        assertEquals(1, p.switchesThisRound());
        for (long t = 1_000; t <= 30_999; t += 1_000) p.onRead(t);
        p.onRead(30_999);
        assertEquals(1, p.switchesThisRound(), "29.999 s of reading is not yet a smooth round");
        p.onRead(31_000);
        assertEquals(0, p.switchesThisRound(), "30 s after the first good read the round is over");
        assertEquals(SWITCH, fail(p, missing(), 200_000, 40_000).action(), "the budget is whole again");
    }

    @Test
    void budgetSpentInARoundEndsTheResponse() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults().withSwitchesPerRound(1), holes, A, false);
        assertEquals(SWITCH, fail(p, missing(), 100_000, 0).action());
        p.onCutover(B, 500);
        for (long t = 1_000; t <= 29_000; t += 1_000) p.onRead(t);
        Decision d = fail(p, missing(), 200_000, 29_500);
        assertEquals(CLOSE, d.action());
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, d.reason());
    }

    @Test
    void atMostFiveCutoversARoundByDefault() {
        FailurePolicy p = policy(100);
        for (int i = 0; i < 5; i++) {
            assertEquals(SWITCH, fail(p, missing(), 1_000L * i, 1_000L * i).action(), "cutover " + (i + 1));
            p.onCutover(100 + i + 1, 1_000L * i + 100);
        }
        Decision sixth = fail(p, missing(), 9_000, 9_000);
        assertEquals(CLOSE, sixth.action());
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, sixth.reason());
    }

    @Test
    void aFailureInterruptsTheSmoothStretch() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults().withSwitchesPerRound(1), holes, A, false);
        fail(p, missing(), 100_000, 0);
        p.onCutover(B, 0);
        p.onRead(1_000);
        p.onRead(20_000);
        assertEquals(RETRY, fail(p, timeout(), 150_000, 21_000).action(), "still warming up");
        p.onRead(22_000);
        p.onRead(51_999);
        assertEquals(1, p.switchesThisRound(), "the smooth stretch restarted at 22 s");
        p.onRead(52_000);
        assertEquals(0, p.switchesThisRound());
    }

    @Test
    void excludedSourceReturnsAfterFiveMinutes() {
        FailurePolicy p = policy(A);
        fail(p, timeout(), 10, 0);
        fail(p, timeout(), 10, 1_000);
        assertEquals(SWITCH, fail(p, timeout(), 10, 2_000).action());
        p.onCutover(B, 2_500);
        p.onRead(3_000);
        p.onRead(33_000);
        assertEquals(Set.of(), p.leftThisRound(), "the round is over");
        assertFalse(p.eligible(A, 0, 10, 301_999), "still excluded");
        assertTrue(p.eligible(A, 0, 10, 302_000), "eligible again 5 minutes after it was left");
    }

    @Test
    void theBarredSourcesAreTheOnesNotEligibleAnywhereAndAnExclusionEndsOnTime() {
        FailurePolicy p = policy(A);
        fail(p, timeout(), 10, 0);
        fail(p, timeout(), 10, 1_000);
        assertEquals(SWITCH, fail(p, timeout(), 10, 2_000).action());
        assertEquals(Set.of(A), p.barred(2_000), "left in this round");
        p.onCutover(B, 2_500);
        p.onRead(3_000);
        p.onRead(33_000);
        assertEquals(Set.of(A), p.barred(301_999), "the round is over, the exclusion is not");
        assertFalse(p.eligible(A, 0, 10, 301_999));
        assertEquals(Set.of(), p.barred(302_000), "excluded for 5 minutes, then back");
        assertTrue(p.eligible(A, 0, 10, 302_000));
    }

    @Test
    void neverBounceBackInTheSameRound() {
        FailureRules noExclusion = new FailureRules(
                true,
                Duration.ofSeconds(30),
                Duration.ofSeconds(30),
                Duration.ZERO,
                5,
                3,
                Duration.ofSeconds(1),
                Duration.ofSeconds(2),
                Duration.ofSeconds(40),
                Duration.ofSeconds(6));
        FailurePolicy p = new FailurePolicy(noExclusion, holes, A, false);
        fail(p, timeout(), 10, 0);
        fail(p, timeout(), 10, 1_000);
        assertEquals(SWITCH, fail(p, timeout(), 10, 2_000).action());
        p.onCutover(B, 3_000);
        p.onRead(4_000);
        fail(p, timeout(), 5_000, 40_000);
        fail(p, timeout(), 5_000, 41_000);
        assertEquals(SWITCH, fail(p, timeout(), 5_000, 42_000).action());
        assertFalse(p.eligible(A, 0, 5_000, 42_000), "A failed in this round: no return to it");
        assertTrue(p.eligible(C, 0, 5_000, 42_000));
        p.onCutover(C, 43_000);
        p.onRead(44_000);
        p.onRead(74_000);
        assertTrue(p.eligible(A, 0, 5_000, 74_000), "a new round");
        assertTrue(p.eligible(B, 0, 5_000, 74_000));
    }

    @Test
    void abaAcrossDifferentHoles() {
        FailurePolicy p = policy(A);
        List<Long> preference = List.of(A, B);
        assertEquals(SWITCH, fail(p, missing(), AT_40, 0).action());
        assertFalse(p.eligible(A, 0, AT_40, 0));
        RangeRouter.Route at40 = RangeRouter.route(preference, holes, 0, AT_40, s -> p.eligible(s, 0, AT_40, 0))
                .orElseThrow();
        assertEquals(new RangeRouter.Route(B, Long.MAX_VALUE), at40);
        p.onCutover(B, 100);
        assertEquals(SWITCH, fail(p, missing(), AT_70, 10_000).action(), "B lacks 70 % (still in the same round)");
        RangeRouter.Route at70 = RangeRouter.route(List.of(B, A), holes, 0, AT_70, s -> p.eligible(s, 0, AT_70, 10_000))
                .orElseThrow();
        assertEquals(new RangeRouter.Route(A, Long.MAX_VALUE), at70, "A's hole is at 40 %, so A serves 70 %");
        p.onCutover(A, 10_100);
        RangeRouter.Route later =
                RangeRouter.route(List.of(A, B), holes, 0, 300_000, s -> true).orElseThrow();
        assertEquals(new RangeRouter.Route(A, AT_40), later, "a new read at 30 % goes to A up to its hole");
        assertEquals(
                B,
                RangeRouter.route(List.of(A, B), holes, 0, AT_40, s -> true)
                        .orElseThrow()
                        .sourceId());
        assertTrue(RangeRouter.route(List.of(A, B), holes, 0, SIZE, s -> s != B).isPresent());
    }

    @Test
    void userChoiceIsDemotedOnlyByAPermanentFailure() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), holes, A, true);
        assertEquals(RETRY, fail(p, timeout(), 10, 0).action());
        assertEquals(RETRY, fail(p, timeout(), 10, 1_000).action());
        Decision third = fail(p, timeout(), 10, 2_000);
        assertEquals(CLOSE, third.action(), "never switched away from for transient failures");
        assertEquals(Set.of(), p.leftThisRound());
        assertEquals(0, p.excludedUntil(A, 2_000));
        assertEquals(SWITCH, fail(p, missing(), 10, 3_000).action());
    }

    @Test
    void userChoiceWinsOverAnAutomaticOne() {
        FailurePolicy p = policy(A);
        fail(p, timeout(), 10, 0);
        fail(p, timeout(), 10, 1_000);
        fail(p, timeout(), 10, 2_000);
        p.onCutover(B, 3_000);
        assertFalse(p.eligible(A, 0, 10, 4_000));
        p.onUserChoice(A, 5_000);
        assertEquals(A, p.current());
        assertTrue(p.currentChosenByUser());
        assertTrue(p.eligible(A, 0, 10, 5_000), "the user's pick lifts the exclusion");
        assertEquals(0, p.switchesThisRound());
        fail(p, timeout(), 10, 6_000);
        fail(p, timeout(), 10, 7_000);
        assertEquals(CLOSE, fail(p, timeout(), 10, 8_000).action(), "no automatic choice replaces it");
    }

    @Test
    void cutoverOffClosesEveryFailureOfTheSource() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults().withEnabled(false), holes, A, false);
        Decision t = fail(p, timeout(), 10, 0);
        assertEquals(CLOSE, t.action());
        assertEquals(FailurePolicy.CUTOVER_OFF, t.reason());
        Decision m = fail(p, missing(), 10, 1_000);
        assertEquals(CLOSE, m.action());
        assertEquals(FailurePolicy.CUTOVER_OFF, m.reason());
        assertEquals(RETRY, fail(p, providersDown(), 10, 2_000).action(), "a provider fault is not the source's");
        assertEquals(0, p.switchesThisRound());
    }

    @Test
    void cutoverOffFollowsTheSetting() {
        assertFalse(FailureRules.from(new io.nzbmount.config.FallbackSettings(false, 5, 120))
                .enabled());
        assertTrue(FailureRules.from(io.nzbmount.config.FallbackSettings.defaults())
                .enabled());
    }

    @Test
    void onlyFailuresOfTheCurrentSourceCount() {
        FailurePolicy p = policy(A);
        fail(p, missing(), AT_40, 0);
        p.onCutover(B, 100);
        p.onRead(200);
        for (int i = 0; i < 10; i++) {
            Decision d = p.onFailure(A, Hole.at(0, AT_40), timeout(), 40_000 + i);
            assertEquals(RETRY, d.action());
            assertEquals(0, d.waitMillis());
        }
        assertEquals(List.of(Hole.at(0, AT_40)), holes.holes(A));
        p.onFailure(A, Hole.at(0, 5), missing(), 40_100);
        assertEquals(List.of(Hole.at(0, AT_40)), holes.holes(A), "no hole from a source the stream left");
        assertEquals(RETRY, fail(p, timeout(), AT_40, 41_000).action(), "B has no strikes from A's failures");
    }

    @Test
    void noCandidateLeftClosesCleanly() {
        FailurePolicy p = policy(A);
        assertEquals(SWITCH, fail(p, missing(), AT_40, 0).action());
        Decision d = p.onNoCandidate(10);
        assertEquals(CLOSE, d.action());
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, d.reason());
        assertEquals(FailureKind.PERMANENT, d.kind());
    }

    @Test
    void unknownFailureEndsTheResponse() {
        assertEquals(CLOSE, fail(policy(A), new IOException("disk"), 0, 0).action());
    }

    @Test
    void cutoverToTheSameSourceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> policy(A).onCutover(A, 0));
    }
}
