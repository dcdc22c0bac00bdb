package io.nzbmount.server.settings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.nzbmount.server.api.ApiException;
import io.nzbmount.server.http.RequestBodies;
import io.nzbmount.server.store.StoreException;
import io.nzbmount.server.ui.CsrfHandler;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The settings endpoints (docs/api.md, "Settings"): {@code GET} and {@code PUT /api/settings},
 * {@code POST /api/settings/providers/test}, {@code POST /api/settings/indexers/test}, and
 * {@code GET} (show) and {@code POST} (rotate) {@code /api/settings/apikey}. Other paths
 * are not handled (returns false), so it can share {@code /api/*} with other handlers in a
 * {@link Handler.Sequence}; put the CSRF check in front of it like the rest of the API.
 *
 * <p>Every answer is JSON and none holds a password or API key, except the answer of
 * {@code /api/settings/apikey}, which exists to show this server's own key to a logged-in user. Invalid settings are a 400 with
 * {@code {"error": "...", "fields": {"providers[0].port": "..."}}}; a failed connection test is a
 * 200 with {@code ok: false} and the reason. Handlers block (tests wait for the network, at most
 * {@link ProviderTester#DEFAULT_LIMIT}): run them on virtual threads or a thread pool.
 * Thread-safe.
 */
public final class SettingsHandler extends Handler.Abstract {

    private static final Logger LOG = LoggerFactory.getLogger(SettingsHandler.class);
    /** The path of the settings, and below it of the key: the login's, never the API key's. */
    public static final String PATH = "/api/settings";
    /** Settings are small; anything larger is not settings. */
    static final int MAX_BODY_BYTES = 256 * 1024;

    private final SettingsService service;
    private final ProviderTester providers;
    private final IndexerTester indexers;
    private final ApiKeyStore apiKey;

    public SettingsHandler(SettingsService service) {
        this(service, null);
    }

    /** @param apiKey the API key {@code /api/settings/apikey} shows and rotates; null: that path is not handled */
    public SettingsHandler(SettingsService service, ApiKeyStore apiKey) {
        this(service, new ProviderTester(), new IndexerTester(), apiKey);
    }

    public SettingsHandler(SettingsService service, ProviderTester providers, IndexerTester indexers) {
        this(service, providers, indexers, null);
    }

    public SettingsHandler(
            SettingsService service, ProviderTester providers, IndexerTester indexers, ApiKeyStore apiKey) {
        super(InvocationType.BLOCKING);
        this.service = service;
        this.providers = providers;
        this.indexers = indexers;
        this.apiKey = apiKey;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getDecodedPath();
        if (path.length() > PATH.length() && path.endsWith("/")) path = path.substring(0, path.length() - 1);
        if (!path.equals(PATH) && !path.startsWith(PATH + "/")) return false;
        String method = request.getMethod();
        int status = 200;
        Object body;
        try {
            body = switch (path.substring(PATH.length())) {
                case "" ->
                    switch (method) {
                        case "GET" -> answer();
                        case "PUT" -> save(request);
                        default -> throw ApiException.methodNotAllowed(method, "GET, PUT");
                    };
                case "/providers/test" -> {
                    requirePost(method);
                    yield providers
                            .test(TestTargets.provider(readJson(request), service.current()))
                            .json();
                }
                case "/indexers/test" -> {
                    requirePost(method);
                    yield indexers.test(TestTargets.indexer(readJson(request), service.current()));
                }
                case "/apikey" -> apiKey == null ? null : apiKey(request, method);
                default -> null;
            };
            if (body == null) return false;
        } catch (InvalidSettingsException e) {
            status = 400;
            body = invalid(e);
        } catch (ApiException e) {
            status = e.status();
            e.allow().ifPresent(a -> response.getHeaders().put(HttpHeader.ALLOW, a));
            body = Map.of("error", e.getMessage());
        } catch (StoreException e) {
            LOG.error("{} {} failed in the database", method, path, e);
            status = 500;
            body = Map.of("error", "the settings database failed; the server log says why");
        } catch (RuntimeException e) {
            LOG.error("{} {} failed", method, path, e);
            status = 500;
            body = Map.of("error", "internal error; the server log says why");
        }
        send(status, body, response, callback);
        return true;
    }

    private ObjectNode answer() {
        ObjectNode tree = SettingsTrees.masked(service.current());
        Map<String, String> fromEnv = SettingsTrees.environmentKeys(tree, service.environment());
        tree.set("restartRequired", SettingsTrees.MAPPER.valueToTree(service.restartRequired()));
        tree.set("appliesLive", SettingsTrees.MAPPER.valueToTree(service.liveSections()));
        tree.set("environment", SettingsTrees.MAPPER.valueToTree(fromEnv));
        if (!service.ignoredSaved().isEmpty()) {
            tree.set("ignoredSaved", SettingsTrees.MAPPER.valueToTree(service.ignoredSaved()));
        }
        return tree;
    }

    /**
     * The key is shown only to a request that proves it is no cross-site one: the UI's header.
     * Reading it is a GET, which the cross-site check lets pass otherwise; the key itself opens no
     * settings path (the web server is told so), so it cannot show or replace itself.
     */
    private Map<String, String> apiKey(Request request, String method) throws StoreException {
        String marker = request.getHeaders().get(CsrfHandler.HEADER);
        if (marker == null || marker.isBlank()) {
            throw ApiException.of(403, "the API key is shown only with the header " + CsrfHandler.HEADER + ": 1");
        }
        return switch (method) {
            case "GET" -> Map.of("apiKey", apiKey.current());
            case "POST" -> {
                String made = apiKey.rotate();
                LOG.info("the API key was replaced; tools that used the old one must be given the new one");
                yield Map.of("apiKey", made);
            }
            default -> throw ApiException.methodNotAllowed(method, "GET, POST");
        };
    }

    private ObjectNode save(Request request) throws InvalidSettingsException, StoreException {
        service.save(readJson(request));
        return answer();
    }

    private static Map<String, Object> invalid(InvalidSettingsException e) {
        Map<String, String> fields = new LinkedHashMap<>(e.fields());
        fields.remove(ProblemFields.GENERAL);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("error", e.getMessage());
        m.put("fields", fields);
        return m;
    }

    private static void requirePost(String method) {
        if (!method.equals("POST")) throw ApiException.methodNotAllowed(method, "POST");
    }

    private static JsonNode readJson(Request request) {
        if (RequestBodies.declaredOver(request, MAX_BODY_BYTES)) throw tooLarge();
        byte[] bytes;
        try {
            bytes = RequestBodies.readAtMost(request, MAX_BODY_BYTES).orElseThrow(SettingsHandler::tooLarge);
        } catch (IOException e) {
            throw ApiException.badRequest("the request body could not be read: " + e.getMessage());
        }
        if (bytes.length == 0) throw ApiException.badRequest("the request has no body: send the settings as JSON");
        try {
            return SettingsTrees.MAPPER.readTree(bytes);
        } catch (IOException e) {
            // Jackson's message quotes the text around the error, which may be a password.
            String where = e instanceof JsonProcessingException p && p.getLocation() != null
                    ? " (line " + p.getLocation().getLineNr() + ", column "
                            + p.getLocation().getColumnNr() + ")"
                    : "";
            throw ApiException.badRequest("the body is not valid JSON" + where);
        }
    }

    private static ApiException tooLarge() {
        return ApiException.tooLarge("the body is larger than " + MAX_BODY_BYTES / 1024 + " KiB; settings are smaller");
    }

    private static void send(int status, Object body, Response response, Callback callback) {
        byte[] bytes;
        try {
            bytes = SettingsTrees.MAPPER.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("answer cannot be written as JSON", e);
        }
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        response.write(true, ByteBuffer.wrap(bytes), callback);
    }
}
