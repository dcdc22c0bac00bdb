package io.nzbmount.server.streamlink;

import io.nzbmount.server.dav.FileGetHandler;
import io.nzbmount.server.dav.Library;
import io.nzbmount.server.dav.LibraryFile;
import io.nzbmount.server.dav.LibraryNode;
import io.nzbmount.server.http.HttpProblem;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.library.ItemView;
import io.nzbmount.server.store.StoreException;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * GET and HEAD of {@code /s/<token>/<file name>} ({@link StreamLinks}): the one file the token was
 * signed for, read-only, with no login (mount it with
 * {@link io.nzbmount.server.http.WebServer.Builder#openRoute}). The bytes go through the same
 * {@link FileGetHandler#sendFile} as {@code /dav/}, so ranges and the cutover are the same. A token
 * that is expired (410), altered or made for another file (403), or not a token (400) opens
 * nothing; nor does the link of an item deleted since (404). Thread safe.
 */
public final class SignedStreamHandler extends Handler.Abstract {

    /** The servlet-style path spec to mount it at. */
    public static final String PATH_SPEC = StreamLinks.PREFIX + "/*";

    private final StreamLinks links;
    private final ItemCatalog catalog;
    private final Library library;

    /** @param library the library under {@code /dav/library/}, whose files are served */
    public SignedStreamHandler(StreamLinks links, ItemCatalog catalog, Library library) {
        this.links = links;
        this.catalog = catalog;
        this.library = library;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getDecodedPath();
        if (!path.startsWith(StreamLinks.PREFIX + "/")) return false;
        boolean head = HttpProblem.MethodNotAllowed.headOfGetOnly(request.getMethod());
        String[] parts = path.substring(StreamLinks.PREFIX.length() + 1).split("/", -1);
        if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
            throw new HttpProblem.BadRequest("a stream link is /s/<token>/<file name>");
        }
        long itemId = switch (links.check(parts[0], parts[1])) {
            case StreamLinks.Verdict.Valid v -> v.itemId();
            case StreamLinks.Verdict.Expired e ->
                throw new HttpProblem.Gone(
                        "this stream link expired at " + e.at() + "; ask for the stream again to get a new link");
            case StreamLinks.Verdict.Altered a ->
                throw new HttpProblem.Forbidden(
                        "this stream link is not valid for" + " this file: it was altered or made for another file");
            case StreamLinks.Verdict.Malformed m -> throw new HttpProblem.BadRequest("not a stream link token");
        };
        LibraryFile file = file(itemId, parts[1])
                .orElseThrow(() -> new HttpProblem.NotFound(path + " (its item or file is no longer in the library)"));
        // A link is shared with the player only; no cache in between should keep it or the bytes.
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "private, no-store");
        FileGetHandler.sendFile(file, path, head, request, response, callback);
        return true;
    }

    private Optional<LibraryFile> file(long itemId, String fileName) {
        Optional<ItemView> item;
        try {
            item = catalog.item(itemId);
        } catch (StoreException e) {
            throw new HttpProblem.Unavailable("the library database cannot be read: " + e.getMessage());
        }
        if (item.isEmpty()) return Optional.empty();
        Optional<LibraryNode> node = library.resolve(List.of(item.get().item().name(), fileName));
        return node.filter(LibraryFile.class::isInstance).map(LibraryFile.class::cast);
    }
}
