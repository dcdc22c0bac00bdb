package io.nzbmount.server.policy;

import static io.nzbmount.server.policy.Decision.Action.CLOSE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.nntp.ArticleMissingException;
import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.nntp.ReadCancelledException;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.SourceHoles;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Every response the failure policy ends carries its own typed cause; only "no source could
 * serve the bytes" says "No stable source is available right now.". Pure, time passed in.
 */
class CloseCauseTest {
    /** Source ids, as the store gives them. */
    private static final long A = 1;

    private static final Hole AT = Hole.at(0, 400_000);

    private static Decision fail(FailurePolicy p, IOException e, long now) {
        return p.onFailure(p.current(), AT, e, now);
    }

    @Test
    void providersDownPastTheirPatienceCloseWithTheProvidersCauseNotNoStableSource() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), new SourceHoles(), A, false);
        IOException down = new ProvidersUnavailableException("<p@x>", "every provider cooling down", null);
        Decision d = null;
        for (long now = 0; now <= FailureRules.defaults().providerPatience().toMillis(); now += 2_000) {
            d = fail(p, down, now);
        }
        assertEquals(CLOSE, d.action());
        assertEquals(CloseCause.PROVIDERS, d.cause().orElseThrow());
        assertNotEquals(FailurePolicy.NO_STABLE_SOURCE, d.cause().get().message());
        assertTrue(d.cause().get().problem(), "the item shows why");
    }

    @Test
    void noCandidateAfterASwitchClosesWithNoStableSource() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), new SourceHoles(), A, false);
        fail(p, new ArticleMissingException("<m@x>", "no provider has it"), 0);
        Decision d = p.onNoCandidate(1);
        assertEquals(CloseCause.NO_SOURCE, d.cause().orElseThrow());
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, d.cause().get().message());
        assertEquals(FailurePolicy.NO_STABLE_SOURCE, d.reason(), "the event's reason stays what it was");
    }

    @Test
    void automaticCutoverOffClosesWithItsOwnCause() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults().withEnabled(false), new SourceHoles(), A, false);
        Decision d = fail(p, new ArticleMissingException("<m@x>", "no provider has it"), 0);
        assertEquals(CloseCause.CUTOVER_OFF, d.cause().orElseThrow());
        assertEquals(FailurePolicy.CUTOVER_OFF, d.reason());
    }

    @Test
    void aChosenReleaseThatKeepsFailingClosesWithItsOwnCause() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), new SourceHoles(), A, true);
        IOException timeout = new ArticleUnavailableException("<t@x>", "timed out", null);
        Decision d = null;
        for (int i = 0; i < FailureRules.defaults().transientStrikes(); i++) d = fail(p, timeout, i * 1_000L);
        assertEquals(CLOSE, d.action());
        assertEquals(CloseCause.CHOSEN_SOURCE, d.cause().orElseThrow());
    }

    @Test
    void aPlayerThatLeftIsNoProblemOfTheItem() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), new SourceHoles(), A, false);
        Decision d = fail(p, new ReadCancelledException("reader closed"), 0);
        assertEquals(CloseCause.CLIENT_LEFT, d.cause().orElseThrow());
        assertFalse(d.cause().get().problem());
    }

    @Test
    void onlyACloseHasACause() {
        FailurePolicy p = new FailurePolicy(FailureRules.defaults(), new SourceHoles(), A, false);
        Decision d = fail(p, new ArticleUnavailableException("<t@x>", "timed out", null), 0);
        assertTrue(d.cause().isEmpty());
    }
}
