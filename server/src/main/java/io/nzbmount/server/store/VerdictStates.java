package io.nzbmount.server.store;

import io.nzbmount.server.proof.Verdict;

/**
 * The one translation of a proof's {@link Verdict} into the states the store keeps: the
 * standby's proof state ({@link StandbyState}) and the source's state ({@link SourceState}).
 * Nothing outside the store translates a verdict (ArchitectureTest keeps it so). Stateless.
 */
final class VerdictStates {
    private VerdictStates() {}

    /** The proof state a verdict leaves a standby in: the verdict's own. */
    static StandbyState standby(Verdict verdict) {
        return switch (verdict) {
            case VERIFIED -> StandbyState.VERIFIED;
            case MISMATCH -> StandbyState.MISMATCH;
            case INCONCLUSIVE -> StandbyState.INCONCLUSIVE;
            case DEAD -> StandbyState.DEAD;
        };
    }

    /**
     * The state a background proof's verdict leaves its standby source in: verified, dead for a
     * permanent verdict, pending (to be tried again) when inconclusive.
     */
    static SourceState source(Verdict verdict) {
        return switch (verdict) {
            case VERIFIED -> SourceState.VERIFIED;
            case MISMATCH, DEAD -> SourceState.DEAD;
            case INCONCLUSIVE -> SourceState.PENDING;
        };
    }
}
