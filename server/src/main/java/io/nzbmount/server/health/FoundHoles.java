package io.nzbmount.server.health;

import io.nzbmount.server.holes.Hole;
import java.util.List;
import java.util.Set;

/**
 * What one health check found that was not known before: articles of a source that every provider
 * lacks, and the byte ranges they leave as holes.
 *
 * @param itemId     the source's item
 * @param sourceId   the source
 * @param holes      the new holes, ordered by file and start; empty when the missing articles
 *                   could not be placed in a file (a file whose segment map is unknown)
 * @param missingIds the message ids of the missing articles behind them
 */
public record FoundHoles(long itemId, long sourceId, List<Hole> holes, Set<String> missingIds) {
    public FoundHoles {
        holes = List.copyOf(holes);
        missingIds = Set.copyOf(missingIds);
    }
}
