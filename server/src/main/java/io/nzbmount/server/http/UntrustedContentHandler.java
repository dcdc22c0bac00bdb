package io.nzbmount.server.http;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Marks every answer of the handler it wraps as content no browser should run: files anyone can
 * post to Usenet, served on the web UI's origin. {@code X-Content-Type-Options: nosniff} keeps a
 * browser from taking a file for HTML or script because of what it holds, and
 * {@code Content-Security-Policy: sandbox} makes whatever it still renders a page of no origin,
 * with no scripts, that cannot reach the UI or its API. Players, rclone and WebDAV clients ignore
 * both. Stateless and thread safe.
 */
public final class UntrustedContentHandler extends Handler.Wrapper {

    public UntrustedContentHandler(Handler next) {
        super(next);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put("Content-Security-Policy", "sandbox");
        return super.handle(request, response, callback);
    }
}
