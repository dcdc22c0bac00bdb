package io.nzbmount.server.store;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Which events to read.
 *
 * @param afterId only events with a greater id (0: from the first); the paging cursor
 * @param since   only events at or after this time
 * @param itemId  only events of this item
 * @param limit   at most this many, 1..{@link Events#MAX_LIMIT}
 */
public record EventQuery(long afterId, Optional<Instant> since, OptionalLong itemId, int limit) {
    public EventQuery {
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(itemId, "itemId");
        if (afterId < 0) throw new IllegalArgumentException("afterId must be >= 0: " + afterId);
        if (limit < 1 || limit > Events.MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be 1.." + Events.MAX_LIMIT + ": " + limit);
        }
    }
}
