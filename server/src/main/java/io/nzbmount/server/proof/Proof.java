package io.nzbmount.server.proof;

import java.util.Objects;

/**
 * What one proof of a standby concluded, and on how many samples. Immutable.
 *
 * @param verdict      the conclusion
 * @param reason       why, in words for the user (also for a verified one: what was compared)
 * @param samplesDone  samples compared
 * @param samplesTotal samples planned
 */
public record Proof(Verdict verdict, String reason, int samplesDone, int samplesTotal) {
    public Proof {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
    }
}
