package io.nzbmount.server.cutover;

import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.store.StoreException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Demo mode only: {@code POST /api/items/{id}/simulate-failure} makes the item's active source
 * fail at its next read, as if the article there were missing, so anyone can watch a cutover.
 * Answers 202; 404 for an unknown item (with {@code "kind": "unknown-item"}); 405 for another method. Other paths are not handled. Only
 * installed when serving in demo mode, so elsewhere the path is a 404. Thread-safe.
 */
public final class SimulateFailureHandler extends Handler.Abstract {
    private static final Pattern PATH = Pattern.compile("/api/items/([0-9]{1,18})/simulate-failure/?");
    private static final String JSON = "application/json; charset=utf-8";

    private final Cutovers cutovers;
    private final ItemCatalog catalog;

    public SimulateFailureHandler(Cutovers cutovers, ItemCatalog catalog) {
        super(InvocationType.BLOCKING);
        this.cutovers = cutovers;
        this.catalog = catalog;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Matcher m = PATH.matcher(request.getHttpURI().getDecodedPath());
        if (!m.matches()) return false;
        if (!request.getMethod().equals("POST")) {
            response.getHeaders().put(HttpHeader.ALLOW, "POST");
            send(response, callback, 405, "{\"error\":\"use POST\"}");
            return true;
        }
        long id = Long.parseLong(m.group(1));
        try {
            if (catalog.item(id).isEmpty()) {
                send(response, callback, 404, "{\"error\":\"there is no item " + id + "\",\"kind\":\"unknown-item\"}");
                return true;
            }
        } catch (StoreException e) {
            send(response, callback, 503, "{\"error\":\"the library database cannot be read\"}");
            return true;
        }
        cutovers.simulateFailure(id);
        send(
                response,
                callback,
                202,
                "{\"item\":" + id + ",\"simulated\":\"the next read of its active source fails\"}");
        return true;
    }

    private static void send(Response response, Callback callback, int status, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, JSON);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }
}
