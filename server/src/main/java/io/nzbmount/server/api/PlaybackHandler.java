package io.nzbmount.server.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.nzbmount.server.library.ItemCatalog;
import io.nzbmount.server.standby.PlayerSignals;
import io.nzbmount.server.store.StoreException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * {@code POST /api/items/{id}/playback} with {@code {"playing": true}} or {@code {"playing": false}}:
 * a player says it plays the item (repeated while it plays) or stopped it ({@link PlayerSignals}).
 * 200 {@code {"item": ID, "playing": BOOL, "holdSeconds": N}}; 400 for a body without a boolean
 * {@code playing}; 404 for an unknown item (kind {@code unknown-item}); 405 for another method.
 * Other paths are not handled. Thread-safe.
 */
public final class PlaybackHandler extends Handler.Abstract {
    private static final Pattern PATH = Pattern.compile("/api/items/([0-9]{1,18})/playback/?");
    private static final int MAX_BODY = 1024;

    private final PlayerSignals signals;
    private final ItemCatalog catalog;

    public PlaybackHandler(PlayerSignals signals, ItemCatalog catalog) {
        super(InvocationType.BLOCKING);
        this.signals = signals;
        this.catalog = catalog;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Matcher m = PATH.matcher(request.getHttpURI().getDecodedPath());
        if (!m.matches()) return false;
        Reply reply;
        try {
            reply = answer(request, Long.parseLong(m.group(1)));
        } catch (ApiException e) {
            reply = Reply.error(e);
        } catch (StoreException e) {
            reply = Reply.error(ApiException.of(503, "the library database cannot be read"));
        }
        response.setStatus(reply.status());
        reply.headers().forEach((k, v) -> response.getHeaders().put(k, v));
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, reply.body().length);
        response.write(true, ByteBuffer.wrap(reply.body()), callback);
        return true;
    }

    private Reply answer(Request request, long itemId) throws StoreException {
        if (!request.getMethod().equals("POST")) throw ApiException.methodNotAllowed(request.getMethod(), "POST");
        JsonNode body = JsonBody.object(request, MAX_BODY);
        JsonNode playing = body.get("playing");
        if (playing == null || !playing.isBoolean()) {
            throw ApiException.badRequest("the body needs \"playing\": true or false");
        }
        if (catalog.item(itemId).isEmpty()) throw ApiException.unknownItem(itemId);
        if (playing.booleanValue()) {
            signals.playing(itemId);
        } else {
            signals.stopped(itemId);
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("item", itemId);
        answer.put("playing", playing.booleanValue());
        answer.put("holdSeconds", PlayerSignals.HOLD.toSeconds());
        return Reply.json(200, answer);
    }
}
