package io.nzbmount.server.sabnzbd;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.nzbmount.server.http.ToolLogin;
import io.nzbmount.server.store.StoreException;
import java.io.InputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SABnzbd's API, at {@value #PATH} and {@value #URL_BASE_PATH}: {@code ?mode=...&apikey=KEY}. Every
 * answer is HTTP 200 with a JSON object; a refusal is {@code {"status":false,"error":"..."}} (Sonarr
 * and Radarr read nothing but a 200). Mount it with
 * {@link io.nzbmount.server.http.WebServer.Builder#selfAnsweringRoute}: it acts only on a request
 * whose login is {@link ToolLogin.Verdict#VALID} (the API key in the query, header or form);
 * {@code version} alone answers without one, as SABnzbd's does, because clients ask it first to
 * tell "not reachable" from "wrong key". Before the key is found valid nothing of the body is read
 * but the start of a form that may carry it ({@link FormKey}). Thread safe.
 */
public final class SabApiHandler extends Handler.Abstract {

    /** The path Sonarr and Radarr call with an empty URL base. */
    public static final String PATH = "/api";
    /** The path with SABnzbd's own URL base, {@code sabnzbd}. */
    public static final String URL_BASE_PATH = "/sabnzbd/api";

    private static final Logger LOG = LoggerFactory.getLogger(SabApiHandler.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> WITHOUT_LOGIN = Set.of("version");

    /** One mode of the API. */
    @FunctionalInterface
    public interface Mode {
        SabReply answer(SabRequest request) throws SabException, StoreException;
    }

    private final Map<String, Mode> modes;
    private final Supplier<URI> base;

    /**
     * @param modes the modes answered, by name ({@code mode=} value)
     * @param base  what {@code .strm} URLs start with, from the configuration (never from the
     *              request's {@code Host}); asked once per call, so it may name a port bound later
     */
    public SabApiHandler(Map<String, Mode> modes, Supplier<URI> base) {
        this.modes = new TreeMap<>(modes);
        this.base = base;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = request.getHttpURI().getDecodedPath();
        if (!path.equals(PATH) && !path.equals(URL_BASE_PATH)) return false;
        SabReply reply = answer(request);
        byte[] body;
        try {
            body = JSON.writeValueAsBytes(reply.body());
        } catch (Exception e) {
            LOG.error("cannot write an API answer", e);
            body = "{\"status\":false,\"error\":\"internal error\"}".getBytes(StandardCharsets.UTF_8);
        }
        response.setStatus(HttpStatus.OK_200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        if (reply instanceof SabReply.Refused && SabForm.isMultipart(request)) {
            // The upload may be left unread (a refused login, a broken form): the connection cannot
            // carry another request, and saying so keeps clients from reusing it.
            response.getHeaders().put(HttpHeader.CONNECTION, "close");
        }
        response.write(true, ByteBuffer.wrap(body), callback);
        return true;
    }

    private SabReply answer(Request request) {
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("POST") && !method.equals("HEAD")) {
            return new SabReply.Refused("method " + method + " is not supported: use GET or POST");
        }
        try {
            Map<String, String> query = SabForm.query(request);
            ToolLogin.Verdict login = ToolLogin.of(request);
            Optional<String> queryMode = Optional.ofNullable(query.get("mode")).map(String::strip);
            InputStream body = null;
            if (login == ToolLogin.Verdict.ABSENT && SabForm.isMultipart(request)) {
                // Only the start of a form that may carry the key is read before the key is checked.
                FormKey form = FormKey.read(request);
                login = ToolLogin.checkBodyKey(request, form.key().orElse(null));
                body = form.body();
            }
            boolean valid = login == ToolLogin.Verdict.VALID;
            if (!valid && !queryMode.filter(WITHOUT_LOGIN::contains).isPresent()) return refusedLogin(login);
            SabRequest call =
                    valid ? SabForm.read(request, query, body, base.get()) : SabForm.queryOnly(query, base.get());
            String modeName = call.param("mode")
                    .orElseThrow(
                            () -> new SabException("no mode given: call /api?mode=version&output=json&apikey=KEY"));
            Mode mode = modes.get(modeName);
            if (mode == null) {
                return new SabReply.Refused("not implemented: mode '" + SabRequest.shorten(modeName)
                        + "' is not one NZBMount answers (" + String.join(", ", modes.keySet()) + ")");
            }
            return mode.answer(call);
        } catch (SabException e) {
            return e.reply();
        } catch (StoreException e) {
            LOG.error("SABnzbd API: the library database failed", e);
            return new SabReply.Refused("the library database failed; the server log says more");
        } catch (RuntimeException e) {
            LOG.error("SABnzbd API call failed", e);
            return new SabReply.Refused("internal error; the server log says more");
        }
    }

    private static SabReply refusedLogin(ToolLogin.Verdict verdict) {
        return new SabReply.Refused(
                switch (verdict) {
                    case WRONG -> "API Key Incorrect";
                    case SLOWED ->
                        "too many failed logins (from this address, or from all together); try again in a second";
                    default -> "API Key Required";
                });
    }
}
