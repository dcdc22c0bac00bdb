package io.nzbmount.server.archive;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The archives found in a release.
 *
 * @param sets     every archive set, in the order of their first volumes
 * @param archived the release files that belong to some set (as volumes); every other file is
 *                 not an archive volume
 * @param password the password that opened the release's encrypted archives, when one did (a
 *                 secret: {@link #toString()} does not show it)
 */
public record ArchiveScan(List<ArchiveSet> sets, Set<Integer> archived, Optional<String> password) {
    public ArchiveScan {
        sets = List.copyOf(sets);
        archived = Set.copyOf(archived);
        Objects.requireNonNull(password, "password");
    }

    /** A scan that needed no password. */
    public ArchiveScan(List<ArchiveSet> sets, Set<Integer> archived) {
        this(sets, archived, Optional.empty());
    }

    @Override
    public String toString() {
        return "ArchiveScan[sets=" + sets + ", archived=" + archived + ", password="
                + (password.isPresent() ? "(set)" : "none") + "]";
    }
}
