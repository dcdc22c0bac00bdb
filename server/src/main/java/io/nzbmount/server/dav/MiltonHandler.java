package io.nzbmount.server.dav;

import java.io.IOException;
import java.util.List;

import io.milton.config.HttpManagerBuilder;
import io.milton.http.AuthenticationService;
import io.milton.http.HttpManager;
import io.milton.http.http11.DefaultHttp11ResponseHandler;
import io.milton.servlet.ServletResponse;
import io.nzbmount.server.http.HttpProblem;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * PROPFIND and OPTIONS under {@code /dav/}, answered by Milton; every other method passes on.
 * A path that does not exist is answered 404 here, so Milton only ever sees existing resources.
 *
 * <p>Milton is built with everything we do not use switched off: no compression (it buffers
 * whole bodies), no JSON gateway, no form, cookie, digest or Basic authentication (auth is done
 * in front, by Jetty), no file-system resource factory. Requests reach it with the Range header
 * hidden (Kodi sends {@code Range: bytes=0-} on PROPFIND) and Depth limited to 0 or 1. Its
 * per-request INFO logging is silenced when the slf4j-simple back end is in use. Thread safe.
 */
public final class MiltonHandler extends Handler.Wrapper {

    static {
        // Milton logs two INFO lines per request; keep its warnings. Only set when not chosen by the user.
        if (System.getProperty("org.slf4j.simpleLogger.log.io.milton") == null) {
            System.setProperty("org.slf4j.simpleLogger.log.io.milton", "warn");
        }
    }

    private final DavTree tree;
    private final HttpManager manager;

    public MiltonHandler(DavTree tree) {
        this.tree = tree;
        this.manager = buildManager(tree);
        ServletContextHandler context = new ServletContextHandler("/");
        context.addServlet(new ServletHolder("webdav", new MiltonServlet(manager)), "/*");
        setHandler(context);
    }

    private static HttpManager buildManager(DavTree tree) {
        HttpManagerBuilder builder = new HttpManagerBuilder();
        builder.setResourceFactory(new DavResources(tree));
        builder.setAuthenticationService(new AuthenticationService(List.of()));
        builder.setEnableCompression(false);
        builder.setEnabledJson(false);
        builder.setEnableFormAuth(false);
        builder.setEnableCookieAuth(false);
        builder.setEnableDigestAuth(false);
        builder.setEnableBasicAuth(false);
        builder.setEnableOAuth2(false);
        builder.setMultiNamespaceCustomPropertySourceEnabled(false);
        builder.setBuffering(DefaultHttp11ResponseHandler.BUFFERING.never);
        builder.seteTagGenerator(DavResources::etag);
        builder.setValueWriters(ListingValueWriters.create());
        return builder.buildHttpManager();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String method = request.getMethod();
        if (!method.equals("PROPFIND") && !method.equals("OPTIONS")) {
            return false;
        }
        String path = request.getHttpURI().getDecodedPath();
        List<String> segments = DavTree.segments(path).orElse(null);
        if (segments == null) {
            return false;
        }
        if (tree.resolve(segments).isEmpty()) {
            throw new HttpProblem.NotFound(path);
        }
        return super.handle(request, response, callback);
    }

    @Override
    protected void doStop() throws Exception {
        super.doStop();
        manager.shutdown();
    }

    /** The folder that also takes PUT (NZB uploads). */
    private static final String UPLOADS = "/dav/nzbs/";

    /** Hands a servlet request to Milton. */
    private static final class MiltonServlet extends HttpServlet {
        private final transient HttpManager manager;

        MiltonServlet(HttpManager manager) {
            this.manager = manager;
        }

        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String allow = request.getRequestURI().startsWith(UPLOADS)
                    ? ReadOnlyHandler.ALLOW + ", PUT" : ReadOnlyHandler.ALLOW;
            manager.process(new io.milton.servlet.ServletRequest(new DavRequestView(request), getServletContext()),
                    new ServletResponse(new AllowView(response, allow)));
            response.flushBuffer();
        }
    }

    /**
     * The response with Milton's Allow header replaced by the methods the tree really serves.
     * Milton lists every method it has a handler for (PROPPATCH among them, and GET and HEAD
     * twice), so OPTIONS would promise what a 405 then refuses; clients that read Allow to decide
     * whether a share is writable must see the same list as {@link ReadOnlyHandler} sends.
     */
    private static final class AllowView extends HttpServletResponseWrapper {
        private final String allow;

        AllowView(HttpServletResponse response, String allow) {
            super(response);
            this.allow = allow;
        }

        @Override
        public void setHeader(String name, String value) {
            super.setHeader(name, isAllow(name) ? allow : value);
        }

        @Override
        public void addHeader(String name, String value) {
            if (isAllow(name)) {
                super.setHeader(name, allow);
            } else {
                super.addHeader(name, value);
            }
        }

        private static boolean isAllow(String name) {
            return name.equalsIgnoreCase("Allow");
        }
    }

    /**
     * The request as Milton should see it: no Range, and Depth 0 or 1 (a missing or "infinity"
     * Depth would walk the whole library). The request URL, from which Milton builds every href,
     * is left as the client sent it: Jetty has already refused paths with characters a URI may
     * not hold, and Kodi recognises the listed folder by its own URL.
     */
    private static final class DavRequestView extends HttpServletRequestWrapper {
        DavRequestView(HttpServletRequest request) {
            super(request);
        }

        @Override
        public String getHeader(String name) {
            if (name.equalsIgnoreCase("Range") || name.equalsIgnoreCase("If-Range")) {
                return null;
            }
            if (name.equalsIgnoreCase("Depth")) {
                return "0".equals(super.getHeader(name)) ? "0" : "1";
            }
            return super.getHeader(name);
        }
    }
}
