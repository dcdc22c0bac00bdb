package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A standby candidate proved unusable for good.
 *
 * @param key         its stable key (hash of the download link, or the NZB's SHA-256)
 * @param itemId      the item it was a candidate of, if that item still exists
 * @param releaseName its release name
 * @param reason      why, in words for the user
 * @param at          when it was found dead
 */
public record DeadCandidate(String key, OptionalLong itemId, String releaseName, String reason, Instant at) {
    public DeadCandidate {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(itemId, "itemId");
        Objects.requireNonNull(releaseName, "releaseName");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(at, "at");
    }
}
