package io.nzbmount.server.policy;

import io.nzbmount.config.FallbackSettings;
import java.time.Duration;
import java.util.Objects;

/**
 * The numbers of {@link FailurePolicy}. Immutable.
 *
 * @param enabled            automatic cutover on; off: every failure of the source ends the response
 * @param warmUp             after a cutover, transient failures of the new source are retried, not switched, for this long
 * @param smoothRound        this long of reading without a failure ends the round (tried sources and budget reset)
 * @param exclusion          a source left for transient failures is not eligible again for this long
 * @param switchesPerRound   the most cutovers one round may decide; the next failure that would switch ends the response
 * @param transientStrikes   transient failures in a row (each already retried by the reader) that make the policy leave a source
 * @param retryWait          the wait before reading again after a transient failure
 * @param providerWait       the wait before reading again while no provider can be asked
 * @param providerPatience   how long the providers may stay unreachable before the response ends
 * @param sweepBudget        how long one cutover may spend on the full fingerprint sweeps of standbys
 *                           not proved yet, all of them together (the player is waiting)
 */
public record FailureRules(
        boolean enabled,
        Duration warmUp,
        Duration smoothRound,
        Duration exclusion,
        int switchesPerRound,
        int transientStrikes,
        Duration retryWait,
        Duration providerWait,
        Duration providerPatience,
        Duration sweepBudget) {

    public FailureRules {
        for (Duration d :
                new Duration[] {warmUp, smoothRound, exclusion, retryWait, providerWait, providerPatience, sweepBudget
                }) {
            Objects.requireNonNull(d);
            if (d.isNegative()) throw new IllegalArgumentException("durations must not be negative: " + d);
        }
        if (switchesPerRound < 0)
            throw new IllegalArgumentException("switchesPerRound must be >= 0: " + switchesPerRound);
        if (transientStrikes < 1)
            throw new IllegalArgumentException("transientStrikes must be >= 1: " + transientStrikes);
    }

    /**
     * Warm-up 30 s, 30 s of smooth reading per round, 5 minutes of exclusion, 5 cutovers a round
     * (one for each standby the pool can hold), leave a source at its 3rd transient failure in a
     * row, retry after 1 s, wait 2 s at a time for the providers and at most 40 s in all (a
     * provider's first cool-down is 30 s, so it gets one chance to come back), and 6 s for the
     * sweeps of unproved standbys in one cutover: a player that gets nothing for 8 s takes its
     * stream for stalled (seed 000's stall threshold), and the failed read and the proofs of the
     * verified candidates come first; Kodi gives up on a silent connection only after 20 s.
     */
    public static FailureRules defaults() {
        return new FailureRules(
                true,
                Duration.ofSeconds(30),
                Duration.ofSeconds(30),
                DEFAULT_EXCLUSION,
                FallbackSettings.MAX_STANDBY,
                3,
                Duration.ofSeconds(1),
                Duration.ofSeconds(2),
                Duration.ofSeconds(40),
                DEFAULT_SWEEP_BUDGET);
    }

    /**
     * The longest a response may wait for bytes under these rules while the reader gives each
     * article fetch at most {@code fetchBudget}: the providers unreachable for all of
     * {@code providerPatience} (one more wait and fetch at its end), or every transient strike
     * with its waits, then a cutover's sweeps and its first read. The HTTP idle timeout must be
     * longer, or an idle connection would be closed under a response that is still working.
     */
    public Duration longestWaitForBytes(Duration fetchBudget) {
        Duration providers = providerPatience.plus(providerWait).plus(fetchBudget);
        Duration strikes = fetchBudget
                .multipliedBy(transientStrikes)
                .plus(retryWait.multipliedBy(transientStrikes - 1))
                .plus(sweepBudget)
                .plus(fetchBudget);
        return providers.compareTo(strikes) >= 0 ? providers : strikes;
    }

    /**
     * How long a source left for transient trouble stays out, by default: a stream's policy does
     * not go back to it ({@link #exclusion}), and a standby whose cutover proofs kept failing is
     * stored with this cool-down ({@code SourceLifecycle.markFailed}).
     */
    public static final Duration DEFAULT_EXCLUSION = Duration.ofMinutes(5);

    /** How long one cutover may spend sweeping unproved standbys, by default. */
    public static final Duration DEFAULT_SWEEP_BUDGET = Duration.ofSeconds(6);

    /** The defaults with the configured on/off switch. */
    public static FailureRules from(FallbackSettings settings) {
        return defaults().withEnabled(settings.enabled());
    }

    public FailureRules withEnabled(boolean on) {
        return new FailureRules(
                on,
                warmUp,
                smoothRound,
                exclusion,
                switchesPerRound,
                transientStrikes,
                retryWait,
                providerWait,
                providerPatience,
                sweepBudget);
    }

    public FailureRules withSwitchesPerRound(int n) {
        return new FailureRules(
                enabled,
                warmUp,
                smoothRound,
                exclusion,
                n,
                transientStrikes,
                retryWait,
                providerWait,
                providerPatience,
                sweepBudget);
    }

    public FailureRules withSweepBudget(Duration budget) {
        return new FailureRules(
                enabled,
                warmUp,
                smoothRound,
                exclusion,
                switchesPerRound,
                transientStrikes,
                retryWait,
                providerWait,
                providerPatience,
                budget);
    }
}
