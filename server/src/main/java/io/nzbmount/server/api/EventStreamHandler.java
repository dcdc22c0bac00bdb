package io.nzbmount.server.api;

import io.nzbmount.server.events.EventJson;
import io.nzbmount.server.store.EventRecord;
import io.nzbmount.server.store.StoreException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Blocker;
import org.eclipse.jetty.util.Callback;

/**
 * {@code GET /api/events/stream}: the timeline as server-sent events ({@code text/event-stream}),
 * so pages update when something happens instead of at their next poll. Each event is
 * {@code id: ID}, {@code event: timeline}, {@code data:} the event as {@code GET /api/events}
 * gives it. A comment line every {@code heartbeat} keeps proxies and idle timeouts from closing a
 * quiet stream and finds clients that left. A client that reconnects with {@code Last-Event-ID}
 * first gets what it missed (up to {@value #REPLAY} events). With {@code ?item=ID} only that
 * item's events are sent (a player watching what it plays). The response ends when the
 * {@link EventFeed} closes (server stop) or the client falls too far behind.
 *
 * <p>Blocks its request thread for as long as the stream is open: the server runs requests on
 * virtual threads. Other paths are not handled. Thread-safe.
 */
public final class EventStreamHandler extends Handler.Abstract {

    public static final String PATH = "/api/events/stream";
    static final int REPLAY = 500;
    private static final Pattern EVENT_ID = Pattern.compile("[0-9]{1,18}");

    private final EventFeed feed;
    private final Duration heartbeat;

    public EventStreamHandler(EventFeed feed, Duration heartbeat) {
        super(InvocationType.BLOCKING);
        this.feed = feed;
        this.heartbeat = heartbeat;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getDecodedPath();
        if (!path.equals(PATH) && !path.equals(PATH + "/")) return false;
        if (!request.getMethod().equals("GET")) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET");
            Reply r = Reply.error(ApiException.methodNotAllowed(request.getMethod(), "GET"));
            response.setStatus(r.status());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            response.write(true, ByteBuffer.wrap(r.body()), callback);
            return true;
        }
        OptionalLong item;
        try {
            item = new Query(request).number("item", 1).map(OptionalLong::of).orElse(OptionalLong.empty());
        } catch (ApiException e) {
            Reply r = Reply.error(e);
            response.setStatus(r.status());
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            response.write(true, ByteBuffer.wrap(r.body()), callback);
            return true;
        }
        String lastEventId = request.getHeaders().get("Last-Event-ID");
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        // A buffering reverse proxy would hold events back until its buffer fills.
        response.getHeaders().put("X-Accel-Buffering", "no");
        try (EventFeed.Subscription subscription = feed.subscribe()) {
            write(response, "retry: 3000\n\n");
            long sent = 0;
            if (lastEventId != null && EVENT_ID.matcher(lastEventId.trim()).matches()) {
                for (EventRecord e : feed.after(Long.parseLong(lastEventId.trim()), REPLAY)) {
                    if (wanted(e, item)) write(response, frame(e));
                    sent = e.id();
                }
            }
            while (true) {
                EventFeed.Message m = subscription.next(heartbeat);
                if (m == null) {
                    write(response, ": heartbeat\n\n");
                } else if (m instanceof EventFeed.Message.End) {
                    break;
                } else if (m instanceof EventFeed.Message.Event(EventRecord e) && e.id() > sent) {
                    if (wanted(e, item)) write(response, frame(e));
                    sent = e.id();
                }
            }
            response.write(true, null, callback);
        } catch (IOException | StoreException e) {
            // The client left (or the replay could not be read): end this response, nothing to tell.
            callback.failed(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            callback.failed(e);
        }
        return true;
    }

    private static boolean wanted(EventRecord e, OptionalLong item) {
        return item.isEmpty() || (e.itemId().isPresent() && e.itemId().getAsLong() == item.getAsLong());
    }

    private static String frame(EventRecord e) throws IOException {
        return "id: " + e.id() + "\nevent: timeline\ndata: " + ApiJson.MAPPER.writeValueAsString(EventJson.of(e))
                + "\n\n";
    }

    private static void write(Response response, String text) throws IOException {
        try (Blocker.Callback done = Blocker.callback()) {
            response.write(false, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)), done);
            done.block();
        }
    }
}
