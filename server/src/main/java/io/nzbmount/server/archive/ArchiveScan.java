package io.nzbmount.server.archive;

import java.util.List;

/**
 * The archives found in a release.
 *
 * @param sets     every archive set, in the order of their first volumes
 * @param archived the release files that belong to some set (as volumes); every other file is
 *                 not an archive volume
 */
public record ArchiveScan(List<ArchiveSet> sets, java.util.Set<Integer> archived) {
    public ArchiveScan {
        sets = List.copyOf(sets);
        archived = java.util.Set.copyOf(archived);
    }
}
