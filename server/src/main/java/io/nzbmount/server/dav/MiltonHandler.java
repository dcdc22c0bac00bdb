package io.nzbmount.server.dav;

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
import java.io.IOException;
import java.util.List;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * PROPFIND and OPTIONS in a {@link DavTree}, answered by Milton; every other method passes on.
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
        context.addServlet(new ServletHolder("webdav", new MiltonServlet(manager, !tree.neverDeep())), "/*");
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
        List<String> segments = tree.segments(path).orElse(null);
        if (segments == null) {
            return false;
        }
        if (tree.resolve(segments).isEmpty()) {
            throw new HttpProblem.NotFound(path);
        }
        if (method.equals("PROPFIND")
                && !tree.neverDeep()
                && !tree.deepListing(segments)
                && !shallow(request.getHeaders().get("Depth"))) {
            throw new HttpProblem.Forbidden("PROPFIND with Depth: infinity is answered only on a job's folder"
                    + " and below (it would list the whole library here); list this folder with Depth: 1");
        }
        return super.handle(request, response, callback);
    }

    /** Whether a Depth header asks for 0 or 1 level (anything else, or none, means infinity). */
    private static boolean shallow(String depth) {
        return "0".equals(depth) || "1".equals(depth);
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
        private final boolean deep;

        MiltonServlet(HttpManager manager, boolean deep) {
            this.manager = manager;
            this.deep = deep;
        }

        @Override
        protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
            String allow = request.getRequestURI().startsWith(UPLOADS)
                    ? ReadOnlyHandler.ALLOW + ", PUT"
                    : ReadOnlyHandler.ALLOW;
            manager.process(
                    new io.milton.servlet.ServletRequest(new DavRequestView(request, deep), getServletContext()),
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
     * The request as Milton should see it: no Range, and Depth 0 or 1, or infinity in a tree that
     * answers it (where it is asked above the depth that tree allows, {@link #handle} has refused
     * it already; under {@code /dav} a missing or "infinity" Depth would walk the whole library, and
     * is read as 1). The request URL, from which Milton builds every href, is left as the client
     * sent it: Jetty has already refused paths with characters a URI may not hold, and Kodi
     * recognises the listed folder by its own URL.
     */
    private static final class DavRequestView extends HttpServletRequestWrapper {
        private final boolean deep;

        DavRequestView(HttpServletRequest request, boolean deep) {
            super(request);
            this.deep = deep;
        }

        @Override
        public String getHeader(String name) {
            if (name.equalsIgnoreCase("Range") || name.equalsIgnoreCase("If-Range")) {
                return null;
            }
            if (name.equalsIgnoreCase("Depth")) {
                String asked = super.getHeader(name);
                if (shallow(asked)) return asked;
                return deep ? "infinity" : "1";
            }
            return super.getHeader(name);
        }
    }
}
