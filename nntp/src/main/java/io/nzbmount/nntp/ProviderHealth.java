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
 */
public record ProviderHealth(String name, int open, int idle, int leased, Instant coolingDownUntil,
                             String coolDownReason, long failures) {
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
