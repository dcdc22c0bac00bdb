package io.nzbmount.server.dav;

import io.nzbmount.server.http.HttpProblem;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Last handler under {@code /dav/}: whatever the others did not take. An existing resource
 * answers 405 with the methods it supports; a method that would create something (PUT, MKCOL,
 * COPY, MOVE, LOCK) at a missing path answers 403, since the tree is read-only; anything else
 * at a missing path is 404. Thread safe.
 */
public final class ReadOnlyHandler extends Handler.Abstract.NonBlocking {

    /** Methods every resource of the tree supports. */
    public static final String ALLOW = "GET, HEAD, OPTIONS, PROPFIND";

    private static final Set<String> CREATING = Set.of("PUT", "MKCOL", "COPY", "MOVE", "LOCK");

    private final DavTree tree;

    public ReadOnlyHandler(DavTree tree) {
        this.tree = tree;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getDecodedPath();
        List<String> segments = tree.segments(path).orElse(null);
        if (segments == null) {
            return false;
        }
        String method = request.getMethod().toUpperCase(Locale.ROOT);
        if (tree.resolve(segments).isPresent()) {
            throw new HttpProblem.MethodNotAllowed(method, ALLOW);
        }
        if (CREATING.contains(method)) {
            throw new HttpProblem.Forbidden("the WebDAV tree is read-only: " + method + " " + path + " is refused");
        }
        throw new HttpProblem.NotFound(path);
    }
}
