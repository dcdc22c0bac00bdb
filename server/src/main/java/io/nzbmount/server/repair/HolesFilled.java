package io.nzbmount.server.repair;

import java.util.List;

/** Told the files of a source whose known holes a repair filled, so streams route to them again. */
@FunctionalInterface
public interface HolesFilled {
    /** @param fileIndexes the files' indexes in the source (as the known holes give them) */
    void filled(long itemId, long sourceId, List<Integer> fileIndexes);
}
