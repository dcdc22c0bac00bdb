package io.nzbmount.server.dav;

import java.util.List;
import java.util.Optional;

/**
 * The content served under {@code /dav/library/}, as the WebDAV layer sees it. Implemented by the
 * owner of the items (the store and stream sessions); the WebDAV layer only reads it.
 *
 * <p>Implementations must be thread safe: requests call it concurrently, each on its own
 * (virtual) thread, and may block in it.
 */
public interface Library {

    /**
     * The node at a path below {@code /dav/library/}.
     *
     * @param segments the decoded path segments below the library root, none empty, none "." or
     *                 ".."; an empty list asks for the library root folder itself
     * @return the folder or file there, or empty when there is none
     */
    Optional<LibraryNode> resolve(List<String> segments);
}
