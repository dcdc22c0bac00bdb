package io.nzbmount.server.archive;

import java.io.IOException;

/**
 * Finds the RAR4, RAR5 and 7z archives among a release's files by their signatures (names only
 * order volumes when the headers do not) and reads only their headers. Stateless; thread-safe.
 */
public final class ArchiveScanner {
    private ArchiveScanner() {}

    /**
     * Reads the first bytes of each file and the headers of every archive set found.
     *
     * @throws IOException when bytes the scan needs cannot be read (not when an archive is
     *     malformed: that is a {@link Refusal} of the set)
     */
    public static ArchiveScan scan(VolumeSource source) throws IOException {
        throw new UnsupportedOperationException("scan");
    }
}
