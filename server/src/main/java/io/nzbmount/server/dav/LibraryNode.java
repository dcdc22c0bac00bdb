package io.nzbmount.server.dav;

import java.time.Instant;

/** A folder or a file of the {@link Library}. Values; implementations must be thread safe. */
public sealed interface LibraryNode permits LibraryFolder, LibraryFile {

    /** The name shown in listings and used as the last path segment: not empty, no '/'. */
    String name();

    /** Last change; shown as getlastmodified and Last-Modified (to the second). */
    Instant lastModified();

    /** Creation time; shown as creationdate. Defaults to {@link #lastModified()}. */
    default Instant created() {
        return lastModified();
    }
}
