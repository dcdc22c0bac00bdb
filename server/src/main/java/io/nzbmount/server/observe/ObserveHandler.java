package io.nzbmount.server.observe;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /api/health}, {@code GET /api/streams}, {@code GET /api/diagnostics} and
 * {@code GET /metrics}. Other paths are not handled (the handler returns false), so it can share
 * {@code /api/*} with the library's handler in a {@link Handler.Sequence}.
 *
 * <p>Answers are JSON, except {@code /metrics} (Prometheus text 0.0.4). Another method than GET
 * is a 405 with {@code Allow: GET} and a JSON error; a failure of the server itself is a 500 with a
 * short JSON message, never a stack trace. Nothing is cached. Thread-safe; the diagnostics export
 * reads the database, so run it on virtual threads or a thread pool (it is declared blocking).
 */
public final class ObserveHandler extends Handler.Abstract {

    public static final String HEALTH = "/api/health";
    public static final String STREAMS = "/api/streams";
    public static final String DIAGNOSTICS = "/api/diagnostics";
    public static final String METRICS = "/metrics";

    private static final Logger LOG = LoggerFactory.getLogger(ObserveHandler.class);
    private static final String JSON = "application/json; charset=utf-8";

    private final Health health;
    private final StreamRegistry registry;
    private final Diagnostics diagnostics;
    private final List<Consumer<StringBuilder>> moreMetrics = new CopyOnWriteArrayList<>();

    public ObserveHandler(Health health, StreamRegistry registry, Diagnostics diagnostics) {
        super(InvocationType.BLOCKING);
        this.health = Objects.requireNonNull(health);
        this.registry = Objects.requireNonNull(registry);
        this.diagnostics = Objects.requireNonNull(diagnostics);
    }

    /**
     * Has {@code /metrics} also show what {@code metrics} appends (in Prometheus text, e.g. with
     * {@link PrometheusText#counter}), after the server's own. Thread-safe; called at start-up.
     */
    public void addMetrics(Consumer<StringBuilder> metrics) {
        moreMetrics.add(Objects.requireNonNull(metrics));
    }

    private String metrics() {
        StringBuilder out = new StringBuilder(PrometheusText.render(health.report()));
        for (Consumer<StringBuilder> m : moreMetrics) m.accept(out);
        return out.toString();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getDecodedPath();
        if (path.length() > 1 && path.endsWith("/")) path = path.substring(0, path.length() - 1);
        if (!path.equals(HEALTH) && !path.equals(STREAMS) && !path.equals(DIAGNOSTICS) && !path.equals(METRICS)) {
            return false;
        }
        if (!request.getMethod().equals("GET")) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET");
            send(
                    response,
                    callback,
                    405,
                    JSON,
                    ObserveJson.write(
                            ObserveJson.error("method " + request.getMethod() + " is not allowed here; use GET")));
            return true;
        }
        try {
            switch (path) {
                case HEALTH ->
                    send(response, callback, 200, JSON, ObserveJson.write(ObserveJson.health(health.report())));
                case STREAMS ->
                    send(response, callback, 200, JSON, ObserveJson.write(ObserveJson.streams(registry.streams())));
                case METRICS ->
                    send(
                            response,
                            callback,
                            200,
                            PrometheusText.CONTENT_TYPE,
                            metrics().getBytes(StandardCharsets.UTF_8));
                default -> {
                    Diagnostics.Export export = diagnostics.export();
                    response.getHeaders()
                            .put(HttpHeader.CONTENT_DISPOSITION, "attachment; filename=\"" + export.fileName() + "\"");
                    send(response, callback, 200, JSON, ObserveJson.write(export.content()));
                }
            }
        } catch (RuntimeException e) {
            LOG.error("GET {} failed", path, e);
            response.getHeaders().remove(HttpHeader.CONTENT_DISPOSITION);
            send(
                    response,
                    callback,
                    500,
                    JSON,
                    ObserveJson.write(ObserveJson.error("internal error; the server log says why")));
        }
        return true;
    }

    private static void send(Response response, Callback callback, int status, String type, byte[] body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
