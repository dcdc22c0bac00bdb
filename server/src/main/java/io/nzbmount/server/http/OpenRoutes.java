package io.nzbmount.server.http;

import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Sends the requests under the prefixes of {@link WebServer.Builder#openRoute} to their handlers,
 * past the logins; every other request goes on to the guarded chain. A plain prefix match on the
 * decoded path (a nested path mapping would lose the request's context path). Thread safe.
 */
final class OpenRoutes extends Handler.Wrapper {

    private final Map<String, Handler> byPrefix = new LinkedHashMap<>();

    /** @param routes prefix specs ({@code "/s/*"}) and their handlers */
    OpenRoutes(Map<String, Handler> routes, Handler guarded) {
        super(guarded);
        routes.forEach((spec, handler) -> {
            byPrefix.put(spec.substring(0, spec.length() - 1), handler);
            installBean(handler);
        });
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String path = request.getHttpURI().getDecodedPath();
        for (Map.Entry<String, Handler> route : byPrefix.entrySet()) {
            if (path != null && path.startsWith(route.getKey())) {
                return route.getValue().handle(request, response, callback);
            }
        }
        return super.handle(request, response, callback);
    }

    @Override
    public void setServer(org.eclipse.jetty.server.Server server) {
        super.setServer(server);
        byPrefix.values().forEach(h -> h.setServer(server));
    }
}
