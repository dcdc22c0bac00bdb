package io.nzbmount.server.policy;

import static io.nzbmount.server.policy.Decision.Action.CLOSE;
import static io.nzbmount.server.policy.Decision.Action.RETRY;
import static io.nzbmount.server.policy.Decision.Action.SWITCH;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.SourceHoles;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link FailurePolicy} for failures that are the providers' and never the source's,
 * with literal times (epoch milliseconds from 0).
 */
class ProviderFaultPolicyTest {
    /** Source ids, as the store gives them. */
    private static final long A = 1, B = 2;

    private static final long AT_40 = 400_000;
    private static final long AT_70 = 700_000;

    private final SourceHoles holes = new SourceHoles();

    private FailurePolicy policy(long source) {
        return new FailurePolicy(FailureRules.defaults(), holes, source, false);
    }

    private static IOException timeout() {
        return new ArticleUnavailableException("<t@x>", "timed out", null);
    }

    private static IOException providersDown() {
        return new ProvidersUnavailableException("<p@x>", "every provider cooling down", null);
    }

    /** b answered that it lacks the article; a could not be asked. */
    private static IOException lackedWhereAsked() {
        return new ProvidersUnavailableException("<p@x>", "missing on b, a cooling down", null, true);
    }

    private static Decision fail(FailurePolicy p, IOException e, long offset, long now) {
        return p.onFailure(p.current(), Hole.at(0, offset), e, now);
    }

    @Test
    void providerFaultNeverBlamesTheSource() {
        FailurePolicy p = policy(A);
        for (long t = 0; t < 40_000; t += 2_000) {
            Decision d = fail(p, providersDown(), 10, t);
            assertEquals(RETRY, d.action(), "at " + t);
            assertEquals(2_000, d.waitMillis());
            assertEquals(FailureKind.PROVIDERS, d.kind());
        }
        assertEquals(0, p.switchesThisRound());
        assertEquals(0, p.excludedUntil(A, 40_000));
        assertTrue(p.eligible(A, 0, 10, 40_000));
        Decision last = fail(p, providersDown(), 10, 40_000);
        assertEquals(CLOSE, last.action(), "after a bounded wait the stream ends cleanly");
        assertEquals(0, p.switchesThisRound());
    }

    @Test
    void anArticleLackedByTheProvidersAskedTriesAStandbyBeforeWaiting() {
        FailurePolicy p = policy(A);
        Decision d = fail(p, lackedWhereAsked(), AT_40, 1_000);
        assertEquals(SWITCH, d.action(), "a standby's article may be on the providers that answer");
        assertEquals(FailureKind.PROVIDERS, d.kind());
        p.onCutover(B, 1_200);
        assertTrue(holes.holes(A).isEmpty(), "nothing is known against A");
        assertTrue(p.eligible(A, 0, AT_40, 1_300), "A is neither left nor excluded");
        assertEquals(0, p.excludedUntil(A, 1_300));
    }

    @Test
    void anArticleLackedByTheProvidersAskedWaitsForThemWhenNoSourceCanServe() {
        FailurePolicy p = policy(A);
        assertEquals(SWITCH, fail(p, lackedWhereAsked(), AT_40, 0).action());
        Decision none = p.onNoCandidate(500);
        assertEquals(RETRY, none.action(), "back to waiting for the providers, not the end");
        assertEquals(2_000, none.waitMillis());
        assertEquals(0, p.switchesThisRound(), "the switch that found nothing is not counted");
        assertEquals(A, p.current());
        for (long t = 2_500; t < 40_000; t += 2_000) {
            assertEquals(
                    RETRY, fail(p, lackedWhereAsked(), AT_40, t).action(), "one sweep per wait is enough, at " + t);
        }
        assertEquals(
                CLOSE, fail(p, lackedWhereAsked(), AT_40, 40_000).action(), "the providers' patience still ends it");
        assertTrue(holes.holes(A).isEmpty());
    }

    @Test
    void bytesReadAgainLetTheNextLackedArticleTryAStandbyAgain() {
        FailurePolicy p = policy(A);
        assertEquals(SWITCH, fail(p, lackedWhereAsked(), AT_40, 0).action());
        p.onNoCandidate(100);
        p.onRead(5_000);
        assertEquals(SWITCH, fail(p, lackedWhereAsked(), AT_70, 6_000).action());
    }

    @Test
    void aUserChoiceLackedByTheProvidersAskedStillTriesAStandby() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), holes, A, true);
        assertEquals(
                SWITCH,
                fail(p, lackedWhereAsked(), AT_40, 0).action(),
                "a cutover for the providers does not demote the user's choice, and the film goes on");
        assertTrue(holes.holes(A).isEmpty());
    }

    @Test
    void anArticleLackedByTheProvidersAskedWithCutoverOffOnlyWaits() {
        FailureRules r = FailureRules.defaults();
        FailureRules off = new FailureRules(
                false,
                r.warmUp(),
                r.smoothRound(),
                r.exclusion(),
                r.switchesPerRound(),
                r.transientStrikes(),
                r.retryWait(),
                r.providerWait(),
                r.providerPatience(),
                r.sweepBudget());
        FailurePolicy p = new FailurePolicy(off, holes, A, false);
        assertEquals(RETRY, fail(p, lackedWhereAsked(), AT_40, 0).action());
    }

    @Test
    void providerFaultsBetweenTransientFailuresAddNoStrike() {
        FailurePolicy p = policy(A);
        assertEquals(RETRY, fail(p, timeout(), 10, 0).action());
        assertEquals(RETRY, fail(p, providersDown(), 10, 1_000).action());
        assertEquals(RETRY, fail(p, providersDown(), 10, 3_000).action());
        assertEquals(RETRY, fail(p, timeout(), 10, 5_000).action());
        assertEquals(SWITCH, fail(p, timeout(), 10, 6_000).action());
    }

    @Test
    void providersThatCameBackStartTheirPatienceAfresh() {
        FailurePolicy p = policy(A);
        fail(p, providersDown(), 10, 0);
        p.onRead(30_000);
        assertEquals(RETRY, fail(p, providersDown(), 10, 45_000).action());
        assertEquals(RETRY, fail(p, providersDown(), 10, 84_999).action());
        assertEquals(CLOSE, fail(p, providersDown(), 10, 85_000).action());
    }
}
