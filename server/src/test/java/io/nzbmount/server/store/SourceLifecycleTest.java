package io.nzbmount.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nzbmount.server.store.LifecycleFixture.Snapshot;
import io.nzbmount.server.store.LifecycleFixture.Subject;
import io.nzbmount.server.store.LifecycleFixture.Transition;
import io.nzbmount.server.store.TransitionRefused.Rule;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SourceLifecycle} as a state machine: every transition from every state a source can be
 * in, each either changing exactly what {@link Outcomes} says or, refused or left alone, changing
 * nothing at all (roles, states, reasons, the item's primary, the proofs' progress).
 */
class SourceLifecycleTest {
    private static final Instant T0 = Instant.parse("2025-03-01T20:00:00Z");
    private static final Instant NOW = T0.plus(Duration.ofHours(1));

    @TempDir
    Path dir;

    private Database db;
    private SourceLifecycle lifecycle;

    @BeforeEach
    void setUp() throws Exception {
        db = Database.open(dir);
        lifecycle = new SourceLifecycle(db, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    @AfterEach
    void tearDown() throws Exception {
        db.close();
    }

    @TestFactory
    Stream<DynamicTest> everyTransitionFromEveryStateChangesExactlyWhatItsRulesSay() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Subject s : Subject.values()) {
            for (Transition t : Transition.values()) {
                tests.add(DynamicTest.dynamicTest(t + " from " + s, () -> check(s, t, Outcomes.of(s, t))));
            }
        }
        return tests.stream();
    }

    @Test
    void onlyAVerifiedStandbyBecomesPrimary() throws Exception {
        for (Subject s : List.of(Subject.PENDING, Subject.FAILED, Subject.DEAD)) {
            check(s, Transition.CHOOSE, Outcome.refused(Rule.NOT_VERIFIED));
        }
        check(Subject.VERIFIED, Transition.CHOOSE, Outcomes.of(Subject.VERIFIED, Transition.CHOOSE));
    }

    @Test
    void thePrimaryNeverLeavesThePoolNorFails() throws Exception {
        check(Subject.PRIMARY, Transition.REMOVE, Outcome.refused(Rule.IS_PRIMARY));
        for (Transition t : List.of(
                Transition.MARK_DEAD,
                Transition.MARK_VERIFIED,
                Transition.MARK_FAILED,
                Transition.RESTORE_DUE,
                Transition.PROOF_VERIFIED,
                Transition.PROOF_MISMATCH)) {
            check(Subject.PRIMARY, t, Outcome.UNCHANGED);
        }
    }

    @Test
    void aDeadSourceNeverComesBackToThePool() throws Exception {
        check(Subject.DEAD, Transition.REMOVE, Outcome.refused(Rule.NOT_IN_POOL));
        for (Transition t : List.of(
                Transition.LEAVE,
                Transition.MARK_DEAD,
                Transition.MARK_VERIFIED,
                Transition.MARK_FAILED,
                Transition.RESTORE_DUE,
                Transition.PROOF_VERIFIED,
                Transition.PROOF_MISMATCH)) {
            check(Subject.DEAD, t, Outcome.UNCHANGED);
        }
    }

    @Test
    void aFailedStandbyComesBackInTheStateItsProofLeftOnceItsCoolDownHasPassed() throws Exception {
        check(Subject.FAILED, Transition.RESTORE_DUE, Outcome.changed("standby/pending", Optional.empty(), "P", false));
    }

    @Test
    void aPrimaryTheUserChoseIsReplacedByACutoverOnlyAfterAPermanentFailure() throws Exception {
        LifecycleFixture f = LifecycleFixture.create(db, "Chosen", Subject.VERIFIED);
        lifecycle.choosePrimary(f.item, f.ids.get("S"));
        Snapshot chosen = Snapshot.of(db, f);

        assertEquals(false, lifecycle.cutOver(f.item, f.ids.get("S"), f.ids.get("O"), false));
        assertEquals(chosen, Snapshot.of(db, f), "a failure that may pass changes nothing");

        assertEquals(true, lifecycle.cutOver(f.item, f.ids.get("S"), f.ids.get("O"), true));
        Snapshot after = Snapshot.of(db, f);
        assertEquals("O", after.primary());
        assertEquals("standby/validated", after.roleState("S"));
        assertEquals("primary/ready", after.roleState("O"));
    }

    private void check(Subject subject, Transition t, Outcome expected) throws Exception {
        LifecycleFixture f =
                LifecycleFixture.create(db, "Film-" + subject + "-" + t + "-" + System.nanoTime(), subject);
        Snapshot before = Snapshot.of(db, f);
        Optional<Rule> refused = Optional.empty();
        try {
            t.apply(lifecycle, db, f);
        } catch (TransitionRefused e) {
            refused = Optional.of(e.rule());
        }
        Snapshot after = Snapshot.of(db, f);
        String what = t + " from " + subject;
        assertEquals(expected.refused(), refused, what);
        if (expected.subject().isEmpty()) {
            assertEquals(before, after, what + " changes nothing");
            return;
        }
        Map<String, String> roles = new LinkedHashMap<>(before.roleStates());
        roles.put("S", expected.subject().get());
        expected.previousPrimary().ifPresent(rs -> roles.put("P", rs));
        if (expected.primary().equals("O")) roles.put("O", "primary/ready");
        assertEquals(roles, after.roleStates(), what);
        assertEquals(expected.primary(), after.primary(), what);
        assertEquals(expected.byUser(), after.byUser(), what);
        assertTrue(
                after.roleStates().values().stream()
                                .filter(v -> v.startsWith("primary/"))
                                .count()
                        == 1,
                what + ": one primary");
    }

    /** What a transition does to the fixture's sources; empty subject: nothing changes. */
    record Outcome(
            Optional<Rule> refused,
            Optional<String> subject,
            Optional<String> previousPrimary,
            String primary,
            boolean byUser) {
        static final Outcome UNCHANGED = new Outcome(Optional.empty(), Optional.empty(), Optional.empty(), "", false);

        static Outcome refused(Rule rule) {
            return new Outcome(Optional.of(rule), Optional.empty(), Optional.empty(), "", false);
        }

        static Outcome changed(String subject, Optional<String> previousPrimary, String primary, boolean byUser) {
            return new Outcome(Optional.empty(), Optional.of(subject), previousPrimary, primary, byUser);
        }
    }

    /** The rules, as the expected outcome of each (state, transition) pair. */
    static final class Outcomes {
        private Outcomes() {}

        static Outcome of(Subject s, Transition t) {
            String keepPrimary = s == Subject.PRIMARY ? "S" : "P";
            Optional<String> demoted = Optional.of("standby/validated");
            return switch (t) {
                case CHOOSE ->
                    switch (s) {
                        case PRIMARY -> Outcome.changed("primary/ready", Optional.empty(), "S", true);
                        case VERIFIED -> Outcome.changed("primary/ready", demoted, "S", true);
                        default -> Outcome.refused(Rule.NOT_VERIFIED);
                    };
                case REMOVE ->
                    switch (s) {
                        case PRIMARY -> Outcome.refused(Rule.IS_PRIMARY);
                        case DEAD -> Outcome.refused(Rule.NOT_IN_POOL);
                        default -> Outcome.changed("standby/dead", Optional.empty(), "P", false);
                    };
                // The stream reads from the source already: the store follows it, whatever the
                // source's state (the cutover only goes to candidates it offered and proved).
                case ARRIVE ->
                    s == Subject.PRIMARY
                            ? Outcome.changed("primary/ready", Optional.empty(), "S", false)
                            : Outcome.changed("primary/ready", demoted, "S", false);
                case LEAVE ->
                    switch (s) {
                        case PRIMARY -> Outcome.changed("standby/validated", Optional.empty(), "O", false);
                        case DEAD -> Outcome.UNCHANGED;
                        default -> Outcome.changed("standby/validated", Optional.empty(), "P", false);
                    };
                case MARK_DEAD ->
                    s == Subject.PRIMARY || s == Subject.DEAD
                            ? Outcome.UNCHANGED
                            : Outcome.changed("standby/dead", Optional.empty(), "P", false);
                case MARK_VERIFIED ->
                    s == Subject.PRIMARY || s == Subject.DEAD
                            ? Outcome.UNCHANGED
                            : Outcome.changed("standby/validated", Optional.empty(), "P", false);
                case MARK_FAILED ->
                    s == Subject.PRIMARY || s == Subject.DEAD
                            ? Outcome.UNCHANGED
                            : Outcome.changed("standby/failed", Optional.empty(), "P", false);
                case RESTORE_DUE ->
                    s == Subject.FAILED
                            ? Outcome.changed("standby/pending", Optional.empty(), keepPrimary, false)
                            : Outcome.UNCHANGED;
                // Only a standby waiting for its proof can be claimed; a verified one is decided.
                case PROOF_VERIFIED ->
                    s == Subject.PENDING || s == Subject.FAILED
                            ? Outcome.changed("standby/validated", Optional.empty(), "P", false)
                            : Outcome.UNCHANGED;
                case PROOF_MISMATCH ->
                    s == Subject.PENDING || s == Subject.FAILED
                            ? Outcome.changed("standby/dead", Optional.empty(), "P", false)
                            : Outcome.UNCHANGED;
            };
        }
    }
}
