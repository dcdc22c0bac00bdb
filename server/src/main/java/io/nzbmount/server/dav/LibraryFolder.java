package io.nzbmount.server.dav;

import java.util.List;

/** A folder of the library: the library root or an item. */
public non-sealed interface LibraryFolder extends LibraryNode {

    /** The folder's children, in the order they are listed; a snapshot, never null. */
    List<LibraryNode> children();
}
