package io.nzbmount.server.library.importing;

import io.nzbmount.nntp.NzbSegment;
import java.io.IOException;
import java.util.List;

/**
 * Asks the providers whether articles exist (NNTP {@code STAT}), without fetching them.
 * Implemented by the reader side; must be thread safe.
 */
public interface ArticlePresence {

    /**
     * Checks each of {@code segments} on the providers in priority order.
     *
     * @return which of them no provider has
     * @throws IOException when the providers could not answer (none reachable, all cooling down):
     *                     says nothing about the articles
     */
    PresenceReport check(List<NzbSegment> segments) throws IOException;
}
