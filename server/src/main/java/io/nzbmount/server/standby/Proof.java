package io.nzbmount.server.standby;

import io.nzbmount.server.store.StandbyState;
import java.util.Objects;

/**
 * What one proof of a standby concluded.
 *
 * @param state        {@code VERIFIED}, {@code MISMATCH}, {@code INCONCLUSIVE} or {@code DEAD}
 * @param reason       why, in words for the user (also for a verified one: what was compared)
 * @param samplesDone  samples compared
 * @param samplesTotal samples planned
 */
public record Proof(StandbyState state, String reason, int samplesDone, int samplesTotal) {
    public Proof {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(reason, "reason");
        if (state == StandbyState.PENDING || state == StandbyState.PROVING) {
            throw new IllegalArgumentException("not a conclusion: " + state);
        }
    }
}
