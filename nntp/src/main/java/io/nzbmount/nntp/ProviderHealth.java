package io.nzbmount.nntp;

import java.time.Instant;
import java.util.Objects;

/**
 * One provider's connections and trouble at one moment, for health pages and metrics.
 *
 * @param name             the provider's name
 * @param open             connections that exist (leased, idle and being opened)
 * @param idle             connections waiting to be lent
 * @param leased           connections lent to a fetch now
 * @param coolingDownUntil until when the provider is skipped after refusing us, or null when it
 *                         is not being skipped
 * @param coolDownReason   why it is skipped ({@code auth-rejected}, {@code too-many-connections}),
 *                         or null when it is not
 * @param failures         fetch attempts on this provider that failed for the provider's or the
 *                         network's reasons (timeouts, resets, refusals) since start; an article
 *                         the provider does not have is not counted
 * @param stalls           reads of this provider that timed out since start (no first byte in
 *                         time, or a silence inside a reply); each is also a failure
 * @param askedLastUntil   until when the provider is asked after all the others because it
 *                         stalled, or null when it is asked in its turn
 * @param hedged           articles asked again elsewhere (or on a fresh connection) since start
 *                         because this provider was late with them
 * @param fetched          articles this provider served since start, the base {@code hedged} is
 *                         measured against
 */
public record ProviderHealth(
        String name,
        int open,
        int idle,
        int leased,
        Instant coolingDownUntil,
        String coolDownReason,
        long failures,
        long stalls,
        Instant askedLastUntil,
        long hedged,
        long fetched) {

    /** Health with no stalls, no hedged reads and no count of articles served. */
    public ProviderHealth(
            String name,
            int open,
            int idle,
            int leased,
            Instant coolingDownUntil,
            String coolDownReason,
            long failures) {
        this(name, open, idle, leased, coolingDownUntil, coolDownReason, failures, 0, null, 0, 0);
    }

    public ProviderHealth {
        Objects.requireNonNull(name, "name");
        if ((coolingDownUntil == null) != (coolDownReason == null)) {
            throw new IllegalArgumentException("coolingDownUntil and coolDownReason go together");
        }
    }

    /** True while the provider is being skipped. */
    public boolean coolingDown() {
        return coolingDownUntil != null;
    }
}
