package io.nzbmount.server.library;

import java.util.List;
import java.util.Objects;

/**
 * An NZB checked and measured, ready to be stored: everything that needed the providers is done.
 *
 * @param nzb         the NZB bytes as received (owned from now on)
 * @param sha256      their SHA-256, lower-case hex
 * @param releaseName the release name
 * @param itemName    the name to give a new item (safe, not yet made unique)
 * @param postedAt    the earliest post date of its files, epoch seconds, 0 when unknown
 * @param files       its files, in NZB order
 * @param presence    the STAT sample
 */
record PreparedRelease(byte[] nzb, String sha256, String releaseName, String itemName, long postedAt,
                       List<PreparedFile> files, PresenceReport presence) {
    PreparedRelease {
        Objects.requireNonNull(nzb, "nzb");
        files = List.copyOf(files);
    }

    /** A file of the release: name unique within it, size -1 when it could not be learned. */
    record PreparedFile(int index, String name, long size, String layout, boolean media) {
    }
}
