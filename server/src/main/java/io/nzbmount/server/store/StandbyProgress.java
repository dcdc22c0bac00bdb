package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The stored progress of proving one standby source.
 *
 * @param sourceId     the standby source
 * @param state        where the proof stands
 * @param samplesDone  samples compared in the last (or running) sweep
 * @param samplesTotal samples that sweep plans; 0 before the first sweep
 * @param provedAt  when the last sweep ended
 * @param reason       why it is in this state, in words for the user
 * @param tier         how close its name is to the primary's (0 best)
 * @param attempts     inconclusive sweeps in a row (sets the wait before the next one)
 * @param retryAt      when an inconclusive candidate is due again
 */
public record StandbyProgress(
        long sourceId,
        StandbyState state,
        int samplesDone,
        int samplesTotal,
        Optional<Instant> provedAt,
        Optional<String> reason,
        OptionalInt tier,
        int attempts,
        Optional<Instant> retryAt) {
    public StandbyProgress {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(provedAt, "provedAt");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(retryAt, "retryAt");
    }

    /** A candidate not tried yet. */
    public static StandbyProgress pending(long sourceId, OptionalInt tier) {
        return new StandbyProgress(
                sourceId, StandbyState.PENDING, 0, 0, Optional.empty(), Optional.empty(), tier, 0, Optional.empty());
    }

    public StandbyProgress withState(StandbyState newState, Optional<String> newReason) {
        return new StandbyProgress(
                sourceId, newState, samplesDone, samplesTotal, provedAt, newReason, tier, attempts, retryAt);
    }

    public StandbyProgress withSamples(int done, int total) {
        return new StandbyProgress(sourceId, state, done, total, provedAt, reason, tier, attempts, retryAt);
    }

    /** The end of a sweep: its verdict, when, and when to try again (inconclusive only). */
    public StandbyProgress finished(
            StandbyState verdict, Optional<String> why, Instant at, int newAttempts, Optional<Instant> due) {
        return new StandbyProgress(
                sourceId, verdict, samplesDone, samplesTotal, Optional.of(at), why, tier, newAttempts, due);
    }
}
