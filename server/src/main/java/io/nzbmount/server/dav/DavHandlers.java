package io.nzbmount.server.dav;

import java.time.Instant;
import org.eclipse.jetty.server.Handler;

/**
 * The WebDAV tree as one Jetty handler, to be mounted at {@link #PATH_SPEC}. It runs, in order,
 * {@link FileGetHandler} (GET, HEAD), {@link NzbPutHandler} (PUT into {@code /dav/nzbs/}, when a
 * sink is given), {@link MiltonHandler} (PROPFIND, OPTIONS) and {@link ReadOnlyHandler}
 * (403/404/405 for the rest).
 */
public final class DavHandlers {
    /** The servlet-style path spec the handler serves: {@code /dav/} and all below. */
    public static final String PATH_SPEC = DavTree.PREFIX + "/*";

    private DavHandlers() {}

    /**
     * The handler serving {@code library} under {@code /dav/library/}.
     *
     * @param uploadSink receiver of NZBs PUT into {@code /dav/nzbs/}; null hides that folder
     */
    public static Handler of(Library library, NzbUploadSink uploadSink) {
        return of(new DavTree(library, uploadSink != null, Instant.now()), uploadSink);
    }

    /**
     * The handler of a read-only tree mounted at {@link DavTree#pathSpec()}: the same GET and HEAD
     * as under {@code /dav/}, so the bytes, the Range handling and the cutover are the same.
     */
    public static Handler readOnly(DavTree tree) {
        return of(tree, null);
    }

    private static Handler of(DavTree tree, NzbUploadSink uploadSink) {
        Handler.Sequence dav = new Handler.Sequence();
        dav.addHandler(new FileGetHandler(tree));
        if (uploadSink != null) {
            dav.addHandler(new NzbPutHandler(tree, uploadSink));
        }
        dav.addHandler(new MiltonHandler(tree));
        dav.addHandler(new ReadOnlyHandler(tree));
        return dav;
    }
}
