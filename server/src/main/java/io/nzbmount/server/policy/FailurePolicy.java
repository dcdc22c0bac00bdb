package io.nzbmount.server.policy;

import io.nzbmount.nntp.ArticleUnavailableException;
import io.nzbmount.nntp.ProvidersUnavailableException;
import io.nzbmount.server.holes.Hole;
import io.nzbmount.server.holes.SourceHoles;
import io.nzbmount.server.policy.Decision.Action;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Decides what a read failure of a stream's source means: read again ({@link Action#RETRY}), cut
 * over to another source ({@link Action#SWITCH}) or end the response ({@link Action#CLOSE}).
 *
 * <p>The rules (docs/observability.md has them for users):
 * <ul>
 *   <li>Only failures of the current source count; a failure of a source this stream has left is
 *       answered with an immediate retry and changes nothing.</li>
 *   <li>A player that stops reading ({@code ReadCancelledException}) is not a failure: CLOSE, and
 *       nothing is counted.</li>
 *   <li>No provider can be asked: the providers' fault, never the source's. RETRY every
 *       {@code providerWait}; once they have been unreachable for {@code providerPatience}, CLOSE.
 *       When the providers that answered lack the article and only the others cannot be asked,
 *       a standby's articles may be on the ones that answer: SWITCH once, before the first wait.
 *       That cutover leaves nothing behind (no hole, no strike, no exclusion), and when no source
 *       can serve, the stream goes back to waiting for the providers.</li>
 *   <li>Transient failures (the reader has already retried with backoff) are retried; the
 *       {@code transientStrikes}-th in a row leaves the source, which is then barred for the rest of
 *       the round and excluded for {@code exclusion} (5 minutes). A stall (the reader spent its
 *       whole time budget on providers that sent nothing) leaves the source at once: reading
 *       again would make the player wait that long once more.</li>
 *   <li>A permanent failure (missing or corrupt on every provider) leaves the source at once and
 *       records a {@link Hole} there. A hole bars the source at that position only: it still serves
 *       other ranges, also in the same round (A-B-A across different holes).</li>
 *   <li>For {@code warmUp} (30 s) after a cutover, transient failures of the new source are retried
 *       and not counted; permanent ones still switch.</li>
 *   <li>{@code smoothRound} (30 s) of reading without a failure ends the round: the sources left in
 *       it become eligible (unless still excluded) and the budget of {@code switchesPerRound}
 *       cutovers is whole again. A failure that would switch with the budget spent CLOSEs.</li>
 *   <li>A source the user chose is never left for transient failures (their strikes end the
 *       response instead); only a permanent failure demotes it. A user's choice also starts a new
 *       round and lifts that source's exclusion.</li>
 *   <li>Automatic cutover off: every failure of the source CLOSEs with {@link #CUTOVER_OFF}.</li>
 * </ul>
 *
 * <p>Pure: time is passed in as epoch milliseconds, nothing sleeps, nothing runs in the
 * background. Not thread-safe: one stream's serve loop owns it. The {@link SourceHoles} it writes
 * to may be shared (it is thread-safe).
 */
public final class FailurePolicy {

    /** The reason given when no source can serve the bytes (shown by the UI as is). */
    public static final String NO_STABLE_SOURCE = "No stable source is available right now.";
    /** The reason given for every failure while automatic cutover is off. */
    public static final String CUTOVER_OFF = "automatic cutover is off";

    private static final long NEVER = Long.MIN_VALUE;

    private final FailureRules rules;
    private final SourceHoles holes;
    private final Set<Long> leftThisRound = new LinkedHashSet<>();
    private final Map<Long, Long> excludedUntil = new HashMap<>();
    private long current;
    private boolean currentByUser;
    private int switches;
    private boolean inRound;
    private long smoothSince = NEVER;
    private long warmUntil = NEVER;
    private int strikes;
    private long providersDownSince = NEVER;
    private FailureKind lastKind = FailureKind.UNKNOWN;
    /** The strikes before a stall made the policy leave the source at once; -1 when it did not. */
    private int strikesBeforeStall = -1;
    /** A switch for providers was tried since the last bytes were read: do not sweep again for it. */
    private boolean triedForProviders;
    /** When the stream began to wait for a repair of its source at this position; NEVER when it is not waiting. */
    private long repairWaitSince = NEVER;

    /**
     * @param source       the source the stream starts on
     * @param chosenByUser whether the user picked it as the item's primary
     */
    public FailurePolicy(FailureRules rules, SourceHoles holes, long source, boolean chosenByUser) {
        this.rules = Objects.requireNonNull(rules, "rules");
        this.holes = Objects.requireNonNull(holes, "holes");
        this.current = source;
        this.currentByUser = chosenByUser;
    }

    /**
     * What to do about a failed read.
     *
     * @param sourceId the source the failed read went to
     * @param at       where it failed: the failing article's byte range when known, else {@link Hole#at}
     * @param failure  the exception the read threw (a {@code ReadFailure} or {@code ReadCancelledException})
     * @param now      epoch milliseconds
     */
    public Decision onFailure(long sourceId, Hole at, Throwable failure, long now) {
        FailureKind kind = FailureKind.of(failure);
        if (kind == FailureKind.CANCELLED) {
            return Decision.close(kind, CloseCause.CLIENT_LEFT, "the player stopped reading");
        }
        if (sourceId != current) {
            return Decision.retry(
                    kind, "a failure of " + sourceId + ", which no longer serves this stream, is not counted", 0);
        }
        lastKind = kind;
        smoothSince = NEVER;
        return switch (kind) {
            case PROVIDERS ->
                providersDown(now, failure instanceof ProvidersUnavailableException p && p.lackedWhereAsked());
            case TRANSIENT -> transientFailure(now, failure instanceof ArticleUnavailableException u && u.stalled());
            case PERMANENT -> permanentFailure(at, true);
            case UNKNOWN ->
                Decision.close(
                        kind,
                        CloseCause.READ_ERROR,
                        "an unexpected read error: " + failure.getClass().getSimpleName());
            case CANCELLED -> throw new AssertionError("handled above");
        };
    }

    /**
     * A failure made up on purpose (demo mode) at {@code at} of {@code sourceId}: decided like a
     * permanent failure, but it records no {@link Hole}, because the source really has those
     * bytes and must stay eligible for them.
     */
    public Decision onSimulatedFailure(long sourceId, Hole at, long now) {
        if (sourceId != current) {
            return Decision.retry(
                    FailureKind.PERMANENT,
                    "a failure of " + sourceId + ", which no longer serves this stream, is not counted",
                    0);
        }
        lastKind = FailureKind.PERMANENT;
        smoothSince = NEVER;
        return permanentFailure(at, false);
    }

    /**
     * The current source is known to lack the bytes at {@code at} (a stored hole, found before):
     * the stream goes to a source that holds them before reading there. Not a failure: nothing is
     * counted, so a film spread over several broken releases is not ended by the round's budget.
     */
    public Decision onKnownHole(Hole at) {
        return Decision.cutOver(
                FailureKind.PERMANENT,
                "the source is known to lack the bytes at offset " + at.start() + " of file " + at.fileIndex());
    }

    /** A read of the current source delivered bytes. Call it after every successful read (cheap). */
    public void onRead(long now) {
        strikes = 0;
        repairWaitSince = NEVER;
        providersDownSince = NEVER;
        triedForProviders = false;
        if (!inRound) return;
        if (smoothSince == NEVER) {
            smoothSince = now;
        } else if (now - smoothSince >= rules.smoothRound().toMillis()) {
            endRound();
        }
    }

    /** The stream now reads from {@code sourceId}, chosen automatically after a {@link Action#SWITCH}. */
    public void onCutover(long sourceId, long now) {
        if (sourceId == current) throw new IllegalArgumentException("already reading from " + sourceId);
        current = sourceId;
        currentByUser = false;
        strikesBeforeStall = -1;
        triedForProviders = false;
        warmUntil = now + rules.warmUp().toMillis();
        strikes = 0;
        providersDownSince = NEVER;
        smoothSince = NEVER;
        inRound = true;
    }

    /**
     * After a {@link Action#SWITCH}, no eligible source could prove the bytes: the response ends,
     * unless the switch was for a stall: then the source is kept (nothing else can serve, and the
     * providers may speak again) and read again while its strikes last; or for providers that
     * cannot be asked: then the stream waits for them as if no switch had been tried.
     */
    public Decision onNoCandidate(long now) {
        return onNoCandidate(now, false);
    }

    /**
     * As {@link #onNoCandidate(long)}, for a source whose PAR2 repair is running
     * ({@code repairRunning}): a permanent failure there may be rebuilt soon, so the stream waits
     * for it as for providers that cannot be asked: every {@code providerWait}, at most
     * {@code providerPatience} in all, then the response ends. The waits spend nothing of the
     * round's budget.
     */
    public Decision onNoCandidate(long now, boolean repairRunning) {
        if (lastKind == FailureKind.PERMANENT && repairRunning && rules.enabled()) {
            switches--;
            if (repairWaitSince == NEVER) repairWaitSince = now;
            long waited = now - repairWaitSince;
            if (waited < rules.providerPatience().toMillis()) {
                return Decision.retry(
                        FailureKind.PERMANENT,
                        "no other source holds these bytes; a repair from the"
                                + " release's PAR2 files is rebuilding them; waiting",
                        rules.providerWait().toMillis());
            }
            // The repaired bytes serve the next play.
            return Decision.close(FailureKind.PERMANENT, CloseCause.NO_SOURCE, NO_STABLE_SOURCE);
        }
        if (lastKind == FailureKind.PROVIDERS) {
            // The one switch of this kind: an article the providers asked lack, the others not askable.
            switches--;
            return waitForProviders(now);
        }
        if (strikesBeforeStall < 0) return Decision.close(lastKind, CloseCause.NO_SOURCE, NO_STABLE_SOURCE);
        leftThisRound.remove(current);
        excludedUntil.remove(current);
        switches--;
        strikes = strikesBeforeStall + 1;
        strikesBeforeStall = -1;
        if (strikes >= rules.transientStrikes())
            return Decision.close(lastKind, CloseCause.NO_SOURCE, NO_STABLE_SOURCE);
        return Decision.retry(
                lastKind,
                "the source stalled and no other source can serve; reading again (" + strikes + " of "
                        + rules.transientStrikes() + ")",
                rules.retryWait().toMillis());
    }

    /** The user chose {@code sourceId} as the primary: it serves from now on and wins over any automatic choice. */
    public void onUserChoice(long sourceId, long now) {
        current = sourceId;
        currentByUser = true;
        excludedUntil.remove(sourceId);
        warmUntil = NEVER;
        strikes = 0;
        providersDownSince = NEVER;
        triedForProviders = false;
        endRound();
    }

    /**
     * Whether {@code sourceId} may serve the byte at {@code offset} of file {@code fileIndex} now:
     * not left for transient failures in this round, not excluded, and not known to lack it.
     */
    public boolean eligible(long sourceId, int fileIndex, long offset, long now) {
        return !isBarred(sourceId, now) && !holes.lacks(sourceId, fileIndex, offset);
    }

    /**
     * The sources that may serve no byte now, at any offset: left for transient failures in this
     * round, or excluded. Together with the known holes, what {@link #eligible} tells.
     */
    public Set<Long> barred(long now) {
        Set<Long> barred = new HashSet<>(leftThisRound);
        barred.addAll(excludedUntil.keySet());
        barred.removeIf(id -> !isBarred(id, now));
        return Set.copyOf(barred);
    }

    private boolean isBarred(long sourceId, long now) {
        return leftThisRound.contains(sourceId) || excludedUntil(sourceId, now) != 0;
    }

    /** The source the stream reads from now. */
    public long current() {
        return current;
    }

    public boolean currentChosenByUser() {
        return currentByUser;
    }

    /** Cutovers decided in this round. */
    public int switchesThisRound() {
        return switches;
    }

    /** Sources left for transient failures in this round, oldest first. */
    public Set<Long> leftThisRound() {
        return Set.copyOf(leftThisRound);
    }

    /** True within the warm-up after the last cutover. */
    public boolean warmingUp(long now) {
        return warmUntil != NEVER && now < warmUntil;
    }

    /** Until when {@code sourceId} is excluded (epoch ms), or 0 when it is not. */
    public long excludedUntil(long sourceId, long now) {
        Long until = excludedUntil.get(sourceId);
        return until != null && now < until ? until : 0;
    }

    private Decision providersDown(long now, boolean lackedWhereAsked) {
        if (providersDownSince == NEVER) providersDownSince = now;
        // A user's choice may be left here too: the cutover does not demote it (only a permanent
        // failure does), and waiting up to providerPatience would stop the film.
        if (lackedWhereAsked && !triedForProviders && rules.enabled() && switches < rules.switchesPerRound()) {
            triedForProviders = true;
            return cutOver(
                    FailureKind.PROVIDERS,
                    "the providers that answered lack the article and the others cannot"
                            + " be asked now; another source may have it on the ones that answer");
        }
        return waitForProviders(now);
    }

    private Decision waitForProviders(long now) {
        FailureKind kind = FailureKind.PROVIDERS;
        long down = now - providersDownSince;
        if (down >= rules.providerPatience().toMillis()) {
            return Decision.close(
                    kind, CloseCause.PROVIDERS, "no Usenet provider could be reached for " + down / 1000 + " s");
        }
        return Decision.retry(
                kind,
                "no Usenet provider can be asked right now; waiting",
                rules.providerWait().toMillis());
    }

    private Decision transientFailure(long now, boolean stalled) {
        FailureKind kind = FailureKind.TRANSIENT;
        inRound = true;
        if (!rules.enabled()) return Decision.close(kind, CloseCause.CUTOVER_OFF, CUTOVER_OFF);
        if (warmingUp(now)) {
            return Decision.retry(
                    kind,
                    "the new source is still warming up; reading again",
                    rules.retryWait().toMillis());
        }
        // A stall means the reader spent its whole budget on providers that sent nothing: each strike
        // more would cost the player that long again, while another source may serve at once.
        boolean leaveNow = stalled && !currentByUser;
        strikesBeforeStall = leaveNow ? strikes : -1;
        strikes = leaveNow ? rules.transientStrikes() : strikes + 1;
        if (strikes < rules.transientStrikes()) {
            return Decision.retry(
                    kind,
                    "the source failed transiently (" + strikes + " of " + rules.transientStrikes()
                            + "); reading again",
                    rules.retryWait().toMillis());
        }
        if (currentByUser) {
            return Decision.close(
                    kind,
                    CloseCause.CHOSEN_SOURCE,
                    "the release you chose keeps failing; choose another one or let NZBMount choose");
        }
        if (switches >= rules.switchesPerRound()) return Decision.close(kind, CloseCause.NO_SOURCE, NO_STABLE_SOURCE);
        leftThisRound.add(current);
        excludedUntil.put(current, now + rules.exclusion().toMillis());
        return cutOver(
                kind,
                leaveNow
                        ? "the source stalled: no bytes within the reader's time budget"
                        : "the source failed transiently " + strikes + " times in a row");
    }

    private Decision permanentFailure(Hole at, boolean recordHole) {
        FailureKind kind = FailureKind.PERMANENT;
        inRound = true;
        if (recordHole) holes.add(current, at);
        if (!rules.enabled()) return Decision.close(kind, CloseCause.CUTOVER_OFF, CUTOVER_OFF);
        if (switches >= rules.switchesPerRound()) return Decision.close(kind, CloseCause.NO_SOURCE, NO_STABLE_SOURCE);
        return cutOver(kind, "the source lacks the bytes at offset " + at.start() + " of file " + at.fileIndex());
    }

    private Decision cutOver(FailureKind kind, String reason) {
        switches++;
        strikes = 0;
        return Decision.cutOver(kind, reason);
    }

    private void endRound() {
        leftThisRound.clear();
        switches = 0;
        inRound = false;
        smoothSince = NEVER;
    }
}
